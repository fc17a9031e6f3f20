// Next-state sampler for a simulation: a scripted policy kept in double
// precision, called with a 0-dim temperature tensor.
#include <torch/script.h>
#include <torch/torch.h>

#include <iostream>
#include <string>
#include <vector>

torch::Tensor state_tensor(std::vector<double>& state) {
  const int64_t n = static_cast<int64_t>(state.size());
  return torch::from_blob(state.data(), {1, n}, torch::kDouble).clone();
}

int main(int argc, char** argv) {
  if (argc < 2) {
    std::cerr << "usage: sampler policy.pt\n";
    return 2;
  }
  auto policy = torch::jit::load(argv[1]);
  policy.to(torch::kDouble);
  policy.eval();

  std::vector<double> state(12, 0.25);
  auto temperature = torch::tensor(0.7);
  torch::NoGradGuard no_grad;
  for (int step = 0; step < 3; ++step) {
    auto x = state_tensor(state);
    auto probs = policy.forward({x, temperature}).toTensor();
    auto action = torch::multinomial(probs, 1).item<int64_t>();
    state[action % state.size()] += 0.1;
    std::cout << "step " << step << " action " << action << "\n";
  }
  return 0;
}
