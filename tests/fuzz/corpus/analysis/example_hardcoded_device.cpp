// hardcoded_device.cpp - a CUDA device named with no availability check.
//
// Bug: the program trusts its --cuda flag. It names torch::kCUDA and calls
// torch::cuda::synchronize() without asking LibTorch whether CUDA is there.
// On the author's GPU machine it works, with or without the flag. On a
// CPU-only machine (a CI runner, a laptop) a launch script that passes --cuda
// makes the first x.to(device) throw "PyTorch is not linked with support for
// cuda devices" with a CPU-only LibTorch, or "Found no NVIDIA driver on your
// system" with a CUDA one. Without the flag, as here, it runs on the CPU.
// torchlint reports torch-hardcoded-device twice: the kCUDA assigned to
// `device` and the CUDA-only synchronize() call. The fix
// (hardcoded_device_fixed.cpp) asks torch::cuda::is_available() once and
// falls back to the CPU.
//
// torchlint-expect: 40:14: torch-hardcoded-device
// torchlint-expect: 64:5: torch-hardcoded-device

#include <torch/torch.h>

#include <chrono>
#include <cstdio>
#include <cstring>

// Fits y = 3 x + 2 from noisy samples with a single linear layer.
struct RegressorImpl : torch::nn::Module {
  RegressorImpl()
      : linear(register_module("linear", torch::nn::Linear(1, 1))) {}

  torch::Tensor forward(torch::Tensor x) { return linear(x); }

  torch::nn::Linear linear;
};
TORCH_MODULE(Regressor);

int main(int argc, char *argv[]) {
  const bool use_cuda = argc > 1 && std::strcmp(argv[1], "--cuda") == 0;

  torch::Device device(torch::kCPU);
  if (use_cuda)
    device = torch::kCUDA;

  torch::manual_seed(0);
  const auto x = torch::linspace(-1, 1, 64).unsqueeze(1);
  const auto y = 3 * x + 2 + 0.05 * torch::randn({64, 1});
  const auto inputs = x.to(device);
  const auto targets = y.to(device);

  Regressor model;
  model->to(device);
  torch::optim::Adam optimizer(model->parameters(),
                               torch::optim::AdamOptions(0.1));

  const auto start = std::chrono::steady_clock::now();
  for (int epoch = 1; epoch <= 100; ++epoch) {
    optimizer.zero_grad();
    auto loss = torch::mse_loss(model(inputs), targets);
    loss.backward();
    optimizer.step();
    if (epoch % 25 == 0)
      std::printf("epoch %3d  loss %.5f\n", epoch, loss.item<float>());
  }
  // Kernels run asynchronously: wait for them before reading the clock.
  if (use_cuda)
    torch::cuda::synchronize();
  const std::chrono::duration<double> elapsed =
      std::chrono::steady_clock::now() - start;

  std::printf("y = %.3f x + %.3f on %s in %.3f s\n",
              model->linear->weight.item<float>(),
              model->linear->bias.item<float>(), device.str().c_str(),
              elapsed.count());
}
