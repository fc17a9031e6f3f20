#pragma once

#include <torch/torch.h>

#include <cstdint>
#include <string>
#include <vector>

#include "config.h"

// An 8-bit grayscale text-line crop as it comes out of the page segmenter.
struct LineImage {
  int64_t width = 0;
  int64_t height = 0;
  std::vector<uint8_t> pixels;  // row-major, 0 = black ink
};

struct LineSample {
  LineImage image;
  std::string text;
};

struct LineBatch {
  torch::Tensor images;          // [B, 1, H, W] float, ink = 1
  torch::Tensor targets;         // [sum(len)] int64, concatenated labels
  torch::Tensor target_lengths;  // [B] int64
  std::vector<std::string> texts;
};

// Resizes a line to a fixed height, keeps the aspect ratio, inverts it and
// right-pads it with background up to max_width. Returns [1, height, max_width].
torch::Tensor preprocess_line(const LineImage& img, int64_t height,
                              int64_t max_width);

LineImage read_pgm(const std::string& path);

class LineDataset {
 public:
  LineDataset(const std::string& manifest, const OcrConfig& cfg);

  size_t size() const { return samples_.size(); }
  const LineSample& sample(size_t i) const { return samples_.at(i); }
  LineBatch batch(size_t start, size_t count) const;
  std::vector<int64_t> encode(const std::string& text) const;

 private:
  OcrConfig cfg_;
  std::vector<LineSample> samples_;
};
