// A unit that converts a TorchScript module's dtype (a model kept in
// Double for a numerical check): its modules' parameters are not known to
// be Float, so a Double input stays silent (torch-dtype-mismatch).
#include <torch/script.h>
#include <torch/torch.h>

#include <string>

torch::Tensor doubleCheck(const std::string &Path) {
  auto module = torch::jit::load(Path, torch::kCPU);
  module.to(torch::kDouble);
  auto x = torch::rand({1, 4}, torch::kFloat64);
  return module.forward({x}).toTensor();
}

// Another module of the same unit: no longer assumed Float either.
torch::Tensor other(const std::string &Path) {
  auto module = torch::jit::load(Path, torch::kCPU);
  return module.forward({torch::rand({1, 4}, torch::kFloat64)}).toTensor();
}
// expected-no-diagnostics
