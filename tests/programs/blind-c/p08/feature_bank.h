#pragma once

#include <torch/torch.h>

#include <algorithm>

// Ring buffer of embeddings and labels kept in host memory. Scalar is the
// storage type of the embeddings (float, or c10::Half to halve the footprint).
template <typename Scalar>
class FeatureBank {
 public:
  FeatureBank(int64_t capacity, int64_t dim)
      : feats_(torch::zeros({capacity, dim},
                            torch::dtype(c10::CppTypeToScalarType<Scalar>::value))),
        labels_(torch::full({capacity}, -1, torch::kLong)),
        capacity_(capacity) {}

  // z and y may live on any device: copy_ moves (and casts) them into the
  // host buffers.
  void push(const torch::Tensor& z, const torch::Tensor& y) {
    int64_t n = std::min<int64_t>(z.size(0), capacity_);
    int64_t first = std::min<int64_t>(n, capacity_ - ptr_);
    feats_.narrow(0, ptr_, first).copy_(z.detach().narrow(0, 0, first));
    labels_.narrow(0, ptr_, first).copy_(y.narrow(0, 0, first));
    if (first < n) {
      feats_.narrow(0, 0, n - first).copy_(z.detach().narrow(0, first, n - first));
      labels_.narrow(0, 0, n - first).copy_(y.narrow(0, first, n - first));
    }
    ptr_ = (ptr_ + n) % capacity_;
    filled_ = std::min<int64_t>(filled_ + n, capacity_);
  }

  // Float features of the filled part, on the requested device.
  torch::Tensor features(torch::Device device) const {
    return feats_.narrow(0, 0, filled_).to(device, torch::kFloat);
  }

  torch::Tensor labels(torch::Device device) const {
    return labels_.narrow(0, 0, filled_).to(device);
  }

  int64_t size() const { return filled_; }
  void clear() {
    ptr_ = 0;
    filled_ = 0;
  }

 private:
  torch::Tensor feats_;
  torch::Tensor labels_;
  int64_t capacity_;
  int64_t ptr_ = 0;
  int64_t filled_ = 0;
};
