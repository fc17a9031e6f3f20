// A header-only class template that no file of the project instantiates.
#pragma once
#include <torch/torch.h>

#include <string>

template <class Model> class Segmentor {
public:
  explicit Segmentor(int GpuId) {
    if (GpuId >= 0)
      device = torch::Device(torch::kCUDA, GpuId);
    model->to(device);
  }
  void loadWeight(const std::string &Path) {
    torch::load(model, Path);
    model->to(device);
  }

private:
  Model model;
  torch::Device device = torch::Device(torch::kCPU);
};
