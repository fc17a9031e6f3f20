// Property regressor evaluated in double precision: the model is converted to
// Double so that the finite-difference sensitivities below are not swamped by
// float rounding.
#include <torch/script.h>
#include <torch/torch.h>

#include <iostream>

struct RegressorImpl : torch::nn::Module {
  RegressorImpl(int64_t in, int64_t hidden)
      : fc1(register_module("fc1", torch::nn::Linear(in, hidden))),
        fc2(register_module("fc2", torch::nn::Linear(hidden, 1))) {}

  torch::Tensor forward(torch::Tensor x) {
    return fc2->forward(torch::tanh(fc1->forward(x)));
  }

  torch::nn::Linear fc1, fc2;
};
TORCH_MODULE(Regressor);

int main() {
  Regressor model(8, 32);
  model->to(torch::kDouble);
  model->eval();
  torch::NoGradGuard no_grad;

  auto base = torch::rand({16, 8});
  const double eps = 1e-6;
  auto shifted = base.clone();
  shifted.select(1, 0).add_(eps);
  auto y = model->forward(torch::cat({base, shifted}));
  auto halves = y.chunk(2);
  std::cout << "d y / d x0 ~ " << ((halves[1] - halves[0]) / eps).mean().item<double>() << "\n";
  return 0;
}
