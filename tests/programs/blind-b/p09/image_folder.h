#pragma once

#include <torch/torch.h>

#include <vector>

// Procedurally generated "images" (coloured blobs) standing in for a real
// folder of pictures. Samples live on the host in [-1, 1].
class BlobImages : public torch::data::datasets::Dataset<BlobImages> {
 public:
  BlobImages(int64_t count, int64_t channels, int64_t size)
      : count_(count), channels_(channels), size_(size) {}

  torch::data::Example<> get(size_t index) override {
    auto gen = torch::make_generator<at::CPUGeneratorImpl>(static_cast<uint64_t>(index));
    auto coords = torch::linspace(-1.0, 1.0, size_);
    auto grid = torch::meshgrid({coords, coords}, "ij");
    auto centre = torch::rand({2}, gen) * 1.2 - 0.6;
    auto radius = torch::rand({1}, gen) * 0.3 + 0.2;
    auto dist = (grid[0] - centre[0]).pow(2) + (grid[1] - centre[1]).pow(2);
    auto mask = (dist < radius.pow(2)).to(torch::kFloat);
    auto colour = torch::rand({channels_, 1, 1}, gen) * 2 - 1;
    auto image = mask.unsqueeze(0) * colour - (1 - mask.unsqueeze(0));
    return {image, torch::zeros({}, torch::kLong)};
  }

  torch::optional<size_t> size() const override { return static_cast<size_t>(count_); }

 private:
  int64_t count_;
  int64_t channels_;
  int64_t size_;
};
