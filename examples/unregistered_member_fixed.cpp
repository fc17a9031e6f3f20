// unregistered_member_fixed.cpp - every piece of module state registered.
//
// Fix for unregistered_member.cpp: the statistics are buffers
// (register_buffer: saved with the module and moved by Module::to, but not
// trained) and the head is a submodule (register_module: moved and trained).
// Runs the same on a CPU-only machine and on a GPU machine. torchlint reports
// nothing.
//
// torchlint-expect: none

#include <torch/torch.h>

#include <cstdio>

// Standardises its inputs with statistics of the training set, then
// classifies them with a small perceptron.
struct StandardizedClassifierImpl : torch::nn::Module {
  StandardizedClassifierImpl(const torch::Tensor &train_features,
                             int64_t classes)
      : mean(register_buffer("mean", train_features.mean(0))),
        stddev(register_buffer("stddev", train_features.std(0))) {
    const int64_t in_features = train_features.size(1);
    hidden = register_module("hidden", torch::nn::Linear(in_features, 32));
    head = register_module("head", torch::nn::Linear(32, classes));
  }

  torch::Tensor forward(torch::Tensor x) {
    x = (x - mean) / stddev;
    return head(torch::relu(hidden(x)));
  }

  torch::Tensor mean;
  torch::Tensor stddev;
  torch::nn::Linear hidden{nullptr};
  torch::nn::Linear head{nullptr};
};
TORCH_MODULE(StandardizedClassifier);

int main() {
  torch::manual_seed(0);
  const torch::Device device(torch::cuda::is_available() ? torch::kCUDA
                                                         : torch::kCPU);

  // Two classes of 3-feature points on very different scales.
  const auto scale = torch::tensor({1.0, 100.0, 1000.0});
  const auto features = torch::cat(
      {torch::randn({50, 3}) * scale, (torch::randn({50, 3}) + 2) * scale});
  const auto labels = torch::cat({torch::zeros({50}, torch::kLong),
                                  torch::ones({50}, torch::kLong)})
                          .to(device);

  StandardizedClassifier model(features, 2);
  model->to(device);
  torch::optim::SGD optimizer(model->parameters(),
                              torch::optim::SGDOptions(0.05).momentum(0.9));

  const auto inputs = features.to(device);
  for (int epoch = 1; epoch <= 40; ++epoch) {
    optimizer.zero_grad();
    auto loss = torch::nn::functional::cross_entropy(model(inputs), labels);
    loss.backward();
    optimizer.step();
    if (epoch % 10 == 0)
      std::printf("epoch %2d  loss %.4f\n", epoch, loss.item<float>());
  }
}
