// Vibration fault classifier: a conv1d network trained in float, fed the
// accelerometer log, which the acquisition library hands over as doubles.
#include <torch/script.h>
#include <torch/torch.h>

#include <cmath>
#include <iostream>
#include <vector>

struct FaultNetImpl : torch::nn::Module {
  FaultNetImpl()
      : conv(register_module("conv", torch::nn::Conv1d(torch::nn::Conv1dOptions(3, 16, 5).padding(2)))),
        head(register_module("head", torch::nn::Linear(16, 4))) {}

  torch::Tensor forward(torch::Tensor x) {
    auto h = torch::relu(conv->forward(x));
    return head->forward(h.mean(2));
  }

  torch::nn::Conv1d conv;
  torch::nn::Linear head;
};
TORCH_MODULE(FaultNet);

// Wraps the (samples x 3 axes) log as a (1, 3, samples) batch.
torch::Tensor to_batch(std::vector<double>& log, int64_t samples) {
  auto t = torch::from_blob(log.data(), {samples, 3}, torch::kDouble).clone();
  return t.transpose(0, 1).unsqueeze(0).contiguous();
}

int main() {
  FaultNet net;
  net->eval();
  const int64_t samples = 512;
  std::vector<double> log(samples * 3);
  for (int64_t i = 0; i < samples * 3; ++i) {
    log[i] = std::sin(0.01 * static_cast<double>(i));
  }
  torch::NoGradGuard no_grad;
  auto batch = to_batch(log, samples);
  auto logits = net->forward(batch);
  std::cout << "fault class " << logits.argmax(1).item<int64_t>() << "\n";
  return 0;
}
