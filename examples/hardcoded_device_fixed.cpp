// hardcoded_device_fixed.cpp - CUDA only where LibTorch says it is there.
//
// Fix for hardcoded_device.cpp: --cuda asks for the GPU, and
// torch::cuda::is_available() decides. The device is chosen once; every later
// CUDA-only call sits behind the same checked flag. Runs on any machine, with
// or without --cuda. torchlint reports nothing.
//
// torchlint-expect: none

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
  const bool want_cuda = argc > 1 && std::strcmp(argv[1], "--cuda") == 0;
  const bool use_cuda = want_cuda && torch::cuda::is_available();
  if (want_cuda && !use_cuda)
    std::fprintf(stderr, "--cuda: no CUDA device available, using the CPU\n");

  const torch::Device device(use_cuda ? torch::kCUDA : torch::kCPU);

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
