#include "class_weights.h"

torch::Tensor inverse_frequency_weights(const torch::Tensor& labels,
                                        int64_t num_classes) {
  auto counts = torch::bincount(labels, /*weights=*/{}, num_classes)
                    .to(torch::kFloat32)
                    .clamp_min(1.0);
  auto w = counts.sum() / (counts * static_cast<double>(num_classes));
  if (torch::cuda::is_available()) {
    w = w.to(torch::kCUDA);  //@bug P06A torch-hardcoded-device|torch-device-mismatch
  }
  return w;
}
