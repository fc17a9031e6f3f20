#pragma once

#include <torch/script.h>
#include <torch/torch.h>

#include <memory>
#include <string>

// Output of the scripted monocular depth network: relative inverse depth in
// [0, 1] and a per-pixel confidence, both [1, 1, H, W].
struct DepthResult {
  torch::Tensor depth_m;     // metric depth on the backend's device
  torch::Tensor confidence;
};

class DepthBackend {
 public:
  explicit DepthBackend(double max_depth_m) : max_depth_m_(max_depth_m) {}
  virtual ~DepthBackend() = default;

  virtual torch::Device device() const = 0;
  virtual std::string name() const = 0;

  // Runs one dummy frame so that the first request does not pay for kernel
  // selection.
  void warm_up(int64_t net_h, int64_t net_w);

  // image: host [1, 3, H, W] Float from frame_to_input.
  DepthResult infer(const torch::Tensor& image);

 protected:
  // x is already on device(); returns the raw output tuple.
  virtual torch::jit::IValue run(const torch::Tensor& x) = 0;

 private:
  double max_depth_m_;
};

std::unique_ptr<DepthBackend> create_backend(const std::string& model_path,
                                             bool use_gpu, double max_depth_m);
