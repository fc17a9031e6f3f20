#pragma once

#include <torch/script.h>
#include <torch/torch.h>

#include <memory>
#include <string>

// The lung U-Net is exported by tools/export_unet.py after model.cpu(), so
// the archive holds host tensors and opens on machines without a GPU.
struct SegmenterConfig {
  std::string model_path = "models/lung_unet_ts.pt";
  torch::Device device = torch::kCPU;
  int64_t slab_size = 16;
};

class SegmentationEngine {
 public:
  virtual ~SegmentationEngine() = default;
  // windowed: host [D, H, W]; returns lung probabilities [D, H, W] (host).
  virtual torch::Tensor segment(const torch::Tensor& windowed) = 0;
};

class UNetEngine : public SegmentationEngine {
 public:
  explicit UNetEngine(const SegmenterConfig& cfg);
  torch::Tensor segment(const torch::Tensor& windowed) override;

 private:
  torch::Tensor infer_slab(const torch::Tensor& x);

  SegmenterConfig cfg_;
  torch::Device device_;
  torch::jit::Module module_;
};

std::unique_ptr<SegmentationEngine> make_engine(const SegmenterConfig& cfg);
