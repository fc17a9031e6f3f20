#include "server.h"

#include <chrono>
#include <iostream>

namespace F = torch::nn::functional;

SegmentationServer::SegmentationServer(const ServerConfig& cfg)
    : cfg_(cfg), device_(cfg.device), pre_(cfg) {
  model_ = torch::jit::load(cfg_.model_path, device_);
  model_.eval();
}

std::vector<int32_t> SegmentationServer::to_mask(const torch::Tensor& logits,
                                                 int64_t h, int64_t w) const {
  auto up = F::interpolate(logits, F::InterpolateFuncOptions()
                                       .size(std::vector<int64_t>{h, w})
                                       .mode(torch::kBilinear)
                                       .align_corners(false));
  auto labels = up.argmax(1).squeeze(0).contiguous().cpu();  //@bug P05B torch-data-ptr-type|torch-dtype-mismatch
  const int32_t* p = labels.data_ptr<int32_t>();  //@bug P05B torch-data-ptr-type
  return std::vector<int32_t>(p, p + labels.numel());
}

SegResponse SegmentationServer::handle(const SegRequest& req) {
  const auto start = std::chrono::steady_clock::now();
  SegResponse resp;
  resp.id = req.id;
  resp.width = req.width;
  resp.height = req.height;

  torch::Tensor logits;
  {
    std::lock_guard<std::mutex> lock(mu_);
    torch::NoGradGuard no_grad;
    // Upload the compact uint8 image and normalise on the device.
    auto img = pre_.wrap(req).to(device_);
    auto x = pre_(img);  //@bug P05A torch-device-mismatch
    logits = model_.forward({x}).toTensor();
  }

  resp.mask = to_mask(logits, req.height, req.width);

  std::vector<int64_t> counts(cfg_.num_classes, 0);
  for (int32_t c : resp.mask) {
    if (c >= 0 && c < cfg_.num_classes) ++counts[c];
  }
  const double total = static_cast<double>(resp.mask.size());
  for (int64_t c : counts) {
    resp.class_fraction.push_back(static_cast<float>(c / total));
  }
  resp.latency_ms = std::chrono::duration<double, std::milli>(
                        std::chrono::steady_clock::now() - start)
                        .count();
  return resp;
}

std::vector<SegResponse> SegmentationServer::handle_all(
    const std::vector<SegRequest>& reqs) {
  std::vector<SegResponse> out;
  out.reserve(reqs.size());
  for (const auto& r : reqs) {
    out.push_back(handle(r));
  }
  return out;
}
