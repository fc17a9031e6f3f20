#pragma once

#include <torch/torch.h>

#include "config.h"
#include "request.h"

// Turns decoded images into normalised NCHW float batches.
class Preprocessor {
 public:
  explicit Preprocessor(const ServerConfig& cfg);

  // [H, W, 3] uint8 host tensor wrapping the request buffer.
  torch::Tensor wrap(const SegRequest& req) const;

  // img: [H, W, 3] uint8 on any device -> [1, 3, S, S] float, normalised.
  torch::Tensor operator()(const torch::Tensor& img) const;

 private:
  int64_t size_;
  torch::Tensor mean_;
  torch::Tensor std_;
};
