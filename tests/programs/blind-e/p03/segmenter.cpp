#include "segmenter.h"

#include <vector>

#include "volume_io.h"

UNetEngine::UNetEngine(const SegmenterConfig& cfg)
    : cfg_(cfg), device_(cfg.device) {
  module_ = torch::jit::load(cfg_.model_path);  //@bug P03A torch-load-without-device|torch-device-mismatch
  module_.eval();
}

torch::Tensor UNetEngine::infer_slab(const torch::Tensor& x) {
  std::vector<torch::jit::IValue> inputs{x.to(device_)};
  auto logits = module_.forward(inputs).toTensor();  //@bug P03A torch-device-mismatch
  return torch::sigmoid(logits).squeeze(1).cpu();
}

torch::Tensor UNetEngine::segment(const torch::Tensor& windowed) {
  torch::NoGradGuard no_grad;
  std::vector<torch::Tensor> parts;
  for (int64_t s = 0; s < windowed.size(0); s += cfg_.slab_size) {
    parts.push_back(infer_slab(slab(windowed, s, cfg_.slab_size)));
  }
  return torch::cat(parts, /*dim=*/0);
}

std::unique_ptr<SegmentationEngine> make_engine(const SegmenterConfig& cfg) {
  return std::make_unique<UNetEngine>(cfg);
}
