// labels_on_cpu_fixed.cpp - the labels are moved where they are created.
//
// Fix for labels_on_cpu.cpp: the labels go to the chosen device on the line
// that builds them, so every later use (the loss here, an accuracy count or a
// confusion matrix tomorrow) sees them next to the logits. Runs the same on a
// CPU-only machine and on a GPU machine. torchlint reports nothing.
//
// (Bazel example: the labels come from example::make_labels in training.cc,
// declared in include/example/training.h; see BUILD.bazel.)
//
// torchlint-expect: none

#include <torch/torch.h>

#include <example/training.h>

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
  const auto labels = example::make_labels(device);

  Classifier model(4, 16, 3);
  model->to(device);
  torch::optim::SGD optimizer(model->parameters(),
                              torch::optim::SGDOptions(0.1).momentum(0.9));

  const auto inputs = features.to(device);
  for (int epoch = 1; epoch <= example::kEpochs; ++epoch) {
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
