// dtype_mismatch_fixed.cpp - the features are Float and the labels Long.
//
// The fix for dtype_mismatch.cpp: the features are built as torch::kFloat,
// the model's dtype, and the labels as torch::kLong, the class-index dtype
// of cross_entropy. The evaluation pass runs (try `--eval`).
//
// torchlint-expect: none

#include <torch/torch.h>

#include <cstdio>
#include <cstring>
#include <vector>

// A linear classifier over 3 sensor channels.
struct ProbeImpl : torch::nn::Module {
  ProbeImpl() : fc(register_module("fc", torch::nn::Linear(3, 2))) {}
  torch::Tensor forward(torch::Tensor x) { return fc(x); }
  torch::nn::Linear fc;
};
TORCH_MODULE(Probe);

// Readings as a data logger returns them: three channels per sample.
std::vector<double> readSensors(int samples) {
  std::vector<double> values;
  for (int i = 0; i < samples * 3; ++i)
    values.push_back(0.1 * (i % 7));
  return values;
}

int main(int argc, char **argv) {
  torch::manual_seed(0);
  Probe model;
  torch::optim::SGD optimizer(model->parameters(), 0.1);
  // Training on synthetic Float data works.
  for (int step = 0; step < 5; ++step) {
    optimizer.zero_grad();
    auto loss = model(torch::randn({8, 3})).pow(2).mean();
    loss.backward();
    optimizer.step();
  }
  if (argc > 1 && std::strcmp(argv[1], "--eval") == 0) {
    // Evaluation on the recorded readings.
    std::vector<double> readings = readSensors(4);
    auto features = torch::tensor(readings, torch::kFloat).view({4, 3});
    auto labels = torch::tensor({0, 1, 1, 0}, torch::kLong);
    auto logits = model(features);
    auto loss = torch::nn::functional::cross_entropy(logits, labels);
    std::printf("eval loss %.4f\n", loss.item<float>());
  }
  std::printf("done\n");
}
