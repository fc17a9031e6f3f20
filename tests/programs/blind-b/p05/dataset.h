#pragma once

#include <torch/torch.h>

#include <vector>

// Long-tailed synthetic image dataset: class c has roughly n * 0.6^c samples.
class LongTailDataset : public torch::data::datasets::Dataset<LongTailDataset> {
 public:
  LongTailDataset(int64_t per_class_max, int64_t classes, int64_t image_size,
                  uint64_t seed) {
    torch::manual_seed(seed);
    std::vector<torch::Tensor> images, labels;
    counts_.resize(classes);
    for (int64_t c = 0; c < classes; ++c) {
      const auto n = std::max<int64_t>(8, static_cast<int64_t>(per_class_max * std::pow(0.6, c)));
      counts_[c] = n;
      auto base = torch::randn({1, 1, image_size, image_size}) * 0.5 + c * 0.1;
      images.push_back(base + torch::randn({n, 1, image_size, image_size}));
      labels.push_back(torch::full({n}, c, torch::kLong));
    }
    images_ = torch::cat(images);
    labels_ = torch::cat(labels);
  }

  torch::data::Example<> get(size_t index) override {
    return {images_[index], labels_[index]};
  }

  torch::optional<size_t> size() const override { return labels_.size(0); }

  const std::vector<int64_t>& class_counts() const { return counts_; }

 private:
  torch::Tensor images_;
  torch::Tensor labels_;
  std::vector<int64_t> counts_;
};
