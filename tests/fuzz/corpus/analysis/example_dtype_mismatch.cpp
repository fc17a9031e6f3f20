// dtype_mismatch.cpp - Double features and Int labels meet a Float model.
//
// Bug: sensor readings are kept as double, and the features built from them
// keep torch::kDouble; the class labels are built as torch::kInt because
// the class ids are ints. The model's parameters are Float. The first
// forward throws "mat1 and mat2 must have the same dtype"; with the features
// fixed, cross_entropy throws "expected scalar type Long but found Int".
// Unlike device bugs these crash on the CPU too, but only on the path that
// runs: here the evaluation pass, which the training tests never call.
// torchlint reports torch-dtype-mismatch at the model call, with notes back
// to where `features` became Double, and torch-loss-target-dtype at the
// loss. The fix (dtype_mismatch_fixed.cpp) builds the features as Float and
// the labels as Long.
//
// torchlint-expect: 56:19: torch-dtype-mismatch
// torchlint-expect: 57:17: torch-loss-target-dtype

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
    auto features = torch::tensor(readings, torch::kDouble).view({4, 3});
    auto labels = torch::tensor({0, 1, 1, 0}, torch::kInt);
    auto logits = model(features);
    auto loss = torch::nn::functional::cross_entropy(logits, labels);
    std::printf("eval loss %.4f\n", loss.item<float>());
  }
  std::printf("done\n");
}
