// unregistered_member.cpp - module state that Module::to does not see.
//
// Bug: the model keeps the training set's feature mean and standard
// deviation in plain tensor members and builds its output layer without
// register_module. Module::to moves only registered parameters, buffers and
// submodules, so after model->to(device) those three stay on the CPU (and
// the optimizer never sees the head's parameters, so it is never trained).
// On a CPU-only machine everything is on the CPU and the program runs. On a
// GPU machine the first forward throws:
//   Expected all tensors to be on the same device, but found at least two
//   devices, cuda:0 and cpu!
// torchlint reports torch-unregistered-member on each of the three members.
// The fix (unregistered_member_fixed.cpp) registers the statistics as
// buffers and the head as a submodule.
//
// torchlint-expect: 40:17: torch-unregistered-member
// torchlint-expect: 41:17: torch-unregistered-member
// torchlint-expect: 43:21: torch-unregistered-member

#include <torch/torch.h>

#include <cstdio>

// Standardises its inputs with statistics of the training set, then
// classifies them with a small perceptron.
struct StandardizedClassifierImpl : torch::nn::Module {
  StandardizedClassifierImpl(const torch::Tensor &train_features,
                             int64_t classes)
      : mean(train_features.mean(0)), stddev(train_features.std(0)) {
    const int64_t in_features = train_features.size(1);
    hidden = register_module("hidden", torch::nn::Linear(in_features, 32));
    head = torch::nn::Linear(32, classes);
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
