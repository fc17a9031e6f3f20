// labels_on_cpu.cpp - the labels never leave the CPU.
//
// Bug: the device is chosen at run time and the model and the input features
// are moved to it, but the labels are built with torch::tensor(..., kLong)
// and never moved. On a CPU-only machine every tensor is on the CPU and the
// program trains fine. On a GPU machine the first loss call throws:
//   Expected all tensors to be on the same device, but found at least two
//   devices, cuda:0 and cpu! (when checking argument for argument target in
//   method wrapper_CUDA_nll_loss_forward)
// torchlint reports torch-device-mismatch on the target argument of
// cross_entropy, with notes back to where `labels` was created on the CPU.
// The fix (labels_on_cpu_fixed.cpp) moves the labels where they are created.
//
// torchlint-expect: 54:17: torch-device-mismatch

#include <torch/torch.h>

#include <cstdio>

// A two-layer perceptron: 4 features in, one logit per class out.
struct ClassifierImpl : torch::nn::Module {
  ClassifierImpl(int64_t in_features, int64_t hidden, int64_t classes)
      : fc1(register_module("fc1", torch::nn::Linear(in_features, hidden))),
        fc2(register_module("fc2", torch::nn::Linear(hidden, classes))) {}

  torch::Tensor forward(torch::Tensor x) { return fc2(torch::relu(fc1(x))); }

  torch::nn::Linear fc1, fc2;
};
TORCH_MODULE(Classifier);

int main() {
  torch::manual_seed(0);
  torch::Device device(torch::cuda::is_available() ? torch::kCUDA
                                                   : torch::kCPU);

  // Four noisy points around each of three centres; point i has class i / 4.
  const auto centres = torch::tensor(
      {{0.0, 0.0, 0.0, 0.0}, {3.0, 3.0, 0.0, 0.0}, {0.0, 0.0, 3.0, 3.0}});
  const auto features =
      centres.repeat_interleave(4, 0) + 0.3 * torch::randn({12, 4});
  const auto labels =
      torch::tensor({0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2}, torch::kLong);

  Classifier model(4, 16, 3);
  model->to(device);
  torch::optim::SGD optimizer(model->parameters(),
                              torch::optim::SGDOptions(0.1).momentum(0.9));

  const auto inputs = features.to(device);
  for (int epoch = 1; epoch <= 30; ++epoch) {
    optimizer.zero_grad();
    auto logits = model(inputs);
    auto loss = torch::nn::functional::cross_entropy(logits, labels);
    loss.backward();
    optimizer.step();
    if (epoch % 10 == 0)
      std::printf("epoch %2d  loss %.4f\n", epoch, loss.item<float>());
  }
  std::printf("trained on %s\n", device.str().c_str());
}
