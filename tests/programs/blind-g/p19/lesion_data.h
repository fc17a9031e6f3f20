#pragma once

#include <torch/torch.h>

#include <string>
#include <vector>

// Dermoscopy images for the teledermatology triage model: melanoma, nevus,
// basal cell carcinoma, keratosis, benign other. All tensors are on the host.
struct LesionBatch {
  torch::Tensor images;  // [B, 3, 192, 192] float32 in [0, 1]
  torch::Tensor labels;  // [B] int64
};

class LesionData {
 public:
  static constexpr int64_t kClasses = 5;

  explicit LesionData(const std::string& csv_path);
  std::vector<LesionBatch> shuffled_batches(int64_t batch_size, uint64_t seed) const;
  std::vector<int64_t> label_counts() const;
  size_t size() const { return paths_.size(); }

 private:
  std::vector<std::string> paths_;
  std::vector<int64_t> labels_;
};
