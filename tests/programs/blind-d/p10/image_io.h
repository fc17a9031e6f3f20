#pragma once

#include <torch/torch.h>

#include <cstdint>
#include <string>
#include <vector>

// Reads a binary PPM (P6) and resizes it so that its shorter side is `size`.
// Returns a host tensor [1, 3, H, W] with values in [0, 1].
torch::Tensor load_image(const std::string& path, int64_t size);

// Writes a [1, 3, H, W] tensor in [0, 1] (any device) as a binary PPM.
void save_image(const std::string& path, const torch::Tensor& image);

class ContentFolder {
 public:
  ContentFolder(const std::string& dir, int64_t size);
  size_t size() const { return files_.size(); }
  // Centre crops of `size` x `size`, stacked on the host: [B, 3, size, size].
  torch::Tensor batch(size_t start, size_t count) const;

 private:
  std::vector<std::string> files_;
  int64_t size_;
};
