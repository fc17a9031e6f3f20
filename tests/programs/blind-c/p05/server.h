#pragma once

#include <torch/script.h>
#include <torch/torch.h>

#include <mutex>
#include <vector>

#include "config.h"
#include "preprocess.h"
#include "request.h"

class SegmentationServer {
 public:
  explicit SegmentationServer(const ServerConfig& cfg);

  SegResponse handle(const SegRequest& req);
  std::vector<SegResponse> handle_all(const std::vector<SegRequest>& reqs);

 private:
  std::vector<int32_t> to_mask(const torch::Tensor& logits, int64_t h,
                               int64_t w) const;

  ServerConfig cfg_;
  torch::Device device_;
  torch::jit::script::Module model_;
  Preprocessor pre_;
  std::mutex mu_;
};
