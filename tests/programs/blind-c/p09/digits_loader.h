#pragma once

#include <torch/torch.h>

#include <cstdint>
#include <random>
#include <string>
#include <vector>

struct LabeledBatch {
  torch::Tensor images;  // [B, 1, 28, 28] float in [-1, 1]
  torch::Tensor labels;  // [B] int64
};

// Reads MNIST-format idx files into host memory and serves shuffled batches.
class DigitsLoader {
 public:
  DigitsLoader(const std::string& images_path, const std::string& labels_path,
               int64_t batch_size, unsigned seed);

  size_t num_batches() const;
  LabeledBatch batch(size_t i) const;
  void reshuffle();

 private:
  int64_t batch_size_;
  int64_t rows_ = 0;
  int64_t cols_ = 0;
  std::vector<uint8_t> pixels_;
  std::vector<int64_t> labels_;
  std::vector<size_t> order_;
  std::mt19937 rng_;
};
