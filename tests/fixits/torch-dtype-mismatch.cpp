#include <torch/torch.h>

#include <vector>

// Each fix converts the odd one out where it is born.
torch::Tensor project(const std::vector<double> &rows) {
  torch::nn::Linear fc(4, 2);
  auto features = torch::tensor(rows, torch::kDouble).view({-1, 4});
  auto weights = torch::randn({2, 2});
  auto calibration = torch::eye(2).to(torch::kFloat64);
  auto counts = torch::arange(4).view({2, 2});
  auto a = torch::mm(fc(features), weights);
  auto b = torch::mm(weights, calibration);
  auto c = torch::mm(weights, counts);
  return a + b + c;
}

// A conversion in an expression: its dtype constant is replaced.
torch::Tensor scale(const torch::Tensor &w, double s) {
  return torch::mm(torch::randn({2, 2}), w.to(torch::kDouble) * s);
}

int main() {
  return project({1, 2, 3, 4, 5, 6, 7, 8}).numel() == 4 ? 0 : 1;
}
