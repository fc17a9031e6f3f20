#include <torch/torch.h>

torch::Tensor prepare(torch::Tensor images, torch::Device device) {
  images.to(device);
  images.to(torch::kFloat);
  images.cpu();
  return images;
}

int main() {
  auto x = prepare(torch::ones({2}), torch::kCPU);
  return x.numel() == 2 ? 0 : 1;
}
