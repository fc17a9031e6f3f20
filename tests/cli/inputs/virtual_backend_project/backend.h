#pragma once
#include <torch/script.h>
#include <torch/torch.h>

#include <memory>
#include <string>

// What the service runs: a TorchScript model on the CPU or on a GPU, chosen
// at run time. Callers hand run() tensors on device().
class Backend {
public:
  virtual ~Backend() = default;
  virtual torch::Device device() const = 0;
  virtual torch::Tensor run(const torch::Tensor &x) = 0;
  // Projects Float features onto the model's embedding basis.
  virtual torch::Tensor project(const torch::Tensor &features) = 0;
};

std::unique_ptr<Backend> makeBackend(const std::string &path);
