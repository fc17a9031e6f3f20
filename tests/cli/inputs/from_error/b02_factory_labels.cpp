// The labels built inside the loss helper with no device: the factory
// finding explains the crash at cross_entropy, and nothing says that the
// analysis shows no mismatch of 'labels' there.
#include <torch/torch.h>

torch::Tensor lossOf(const torch::Tensor &logits) {
  auto labels = torch::zeros({logits.size(0)}, torch::kLong); //@bug labels torch-factory-missing-device
  return torch::nn::functional::cross_entropy(logits, labels);
}

int main() {
  torch::Device device(torch::cuda::is_available() ? torch::kCUDA
                                                   : torch::kCPU);
  torch::nn::Linear model(4, 3);
  model->to(device);
  auto logits = model(torch::randn({8, 4}).to(device));
  return lossOf(logits).item<float>() > 0 ? 0 : 1;
}
