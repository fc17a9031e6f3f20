#include "preprocess.h"

namespace F = torch::nn::functional;

Preprocessor::Preprocessor(const ServerConfig& cfg) : size_(cfg.input_size) {
  mean_ = torch::tensor({cfg.mean[0], cfg.mean[1], cfg.mean[2]})  //@bug P05A torch-factory-missing-device|torch-device-mismatch
              .view({1, 3, 1, 1});
  std_ = torch::tensor({cfg.stddev[0], cfg.stddev[1], cfg.stddev[2]})  //@bug P05A torch-factory-missing-device|torch-device-mismatch
             .view({1, 3, 1, 1});
}

torch::Tensor Preprocessor::wrap(const SegRequest& req) const {
  return torch::from_blob(const_cast<uint8_t*>(req.rgb.data()),
                          {req.height, req.width, 3}, torch::kUInt8);
}

torch::Tensor Preprocessor::operator()(const torch::Tensor& img) const {
  auto x = img.permute({2, 0, 1}).unsqueeze(0).to(torch::kFloat).div_(255.0);
  x = F::interpolate(x, F::InterpolateFuncOptions()
                            .size(std::vector<int64_t>{size_, size_})
                            .mode(torch::kBilinear)
                            .align_corners(false));
  return (x - mean_) / std_;  //@bug P05A torch-device-mismatch
}
