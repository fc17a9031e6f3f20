#pragma once

#include <torch/torch.h>

#include <cstdint>
#include <random>
#include <string>
#include <vector>

// One drawing in stroke-3 format: per point (dx, dy, pen_lifted_after).
struct Sketch {
  int64_t label = 0;
  std::vector<float> points;  // 3 * n
  int64_t length() const { return static_cast<int64_t>(points.size() / 3); }
};

// "label<TAB>x,y x,y ...|x,y ..." per line: strokes separated by '|',
// absolute canvas coordinates (0-255). Returns the class names in *classes.
std::vector<Sketch> read_sketches(const std::string& path, int64_t max_points,
                                  std::vector<std::string>* classes);

struct SketchBatch {
  torch::Tensor points;   // [B, T, 3] float32, zero-padded
  torch::Tensor lengths;  // [B] int64, on the host: pack_padded_sequence wants CPU lengths
  torch::Tensor labels;   // [B] int64

  // Moves points and labels; lengths stay on the host on purpose.
  SketchBatch to(const torch::Device& device) const;
};

SketchBatch make_batch(const std::vector<Sketch>& sketches, const std::vector<size_t>& order,
                       size_t begin, size_t end);

// Standard deviation of dx and dy over the training drawings, [2] float64.
torch::Tensor delta_scale(const std::vector<Sketch>& sketches);

// Inverse square root of the class frequencies, normalised to mean 1, [C] float64.
torch::Tensor class_weights(const std::vector<Sketch>& sketches, int64_t num_classes);
