// Anomaly scorer for a sensor gateway: the scripted autoencoder is only moved
// to the GPU; the readings arrive as doubles but torch::tensor builds a Float
// tensor from C++ floating data (the default dtype), which the model expects.
#include <torch/script.h>
#include <torch/torch.h>

#include <iostream>
#include <string>
#include <vector>

int main(int argc, char** argv) {
  if (argc < 2) {
    std::cerr << "usage: anomaly autoencoder.pt\n";
    return 2;
  }
  torch::Device device(torch::cuda::is_available() ? torch::kCUDA : torch::kCPU);
  torch::jit::script::Module autoencoder = torch::jit::load(argv[1]);
  autoencoder.to(device);
  autoencoder.eval();

  std::vector<double> readings(4 * 16);
  for (size_t i = 0; i < readings.size(); ++i) {
    readings[i] = 20.0 + 0.01 * static_cast<double>(i % 16);
  }
  torch::NoGradGuard no_grad;
  auto window = torch::tensor(readings).view({4, 16}).to(device);
  auto recon = autoencoder.forward({window}).toTensor();
  auto score = (recon - window).pow(2).mean(1);
  std::cout << "max anomaly score " << score.max().item<float>() << "\n";
  return 0;
}
