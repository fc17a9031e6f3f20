#pragma once

#include <torch/torch.h>

#include <cstdint>
#include <random>
#include <string>
#include <vector>

struct Mesh {
  std::vector<float> vertices;  // [V * 3]
  std::vector<int64_t> faces;   // [F * 3]
};

Mesh read_off(const std::string& path);

// Area-weighted surface sampling of `n` points, centred and scaled into the
// unit sphere: host [n, 3] float. Uses the global torch generator.
torch::Tensor sample_surface(const Mesh& mesh, int64_t n);

struct CloudBatch {
  torch::Tensor points;  // [B, N, 3] float, host
  torch::Tensor labels;  // [B] int64, host
};

class PointCloudSet {
 public:
  PointCloudSet(const std::string& root, const std::string& split,
                int64_t num_points, unsigned seed);

  size_t size() const { return clouds_.size(); }
  void shuffle();
  CloudBatch batch(size_t start, size_t count) const;
  const std::vector<std::string>& class_names() const { return names_; }

 private:
  std::vector<torch::Tensor> clouds_;
  std::vector<int64_t> labels_;
  std::vector<std::string> names_;
  std::mt19937 rng_;
};
