#include "postprocess.h"
#include <torch/script.h>

std::vector<float> detect(const std::string &path, torch::Tensor image) {
  torch::Device device = torch::cuda::is_available() ? torch::kCUDA : torch::kCPU;
  torch::jit::script::Module model = torch::jit::load(path, device);
  torch::Tensor scores = model.forward({image.to(device)}).toTensor();
  return keepScores(scores, 0.5f);
}
