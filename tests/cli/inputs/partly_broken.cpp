// Compile errors in two function bodies (one inside a lambda): those two
// functions are left out, the rest of the file is analysed (issue 39).
#include <torch/torch.h>

torch::Tensor helper(torch::Tensor x) {
  auto y = x.to(torch::kCPU);
  y.to(torch::kCPU); // Inside a function with an error: never reported.
  return y + undefined_thing;
}

int main() {
  auto t = torch::ones({2});
  auto l = [&] { return missing_too; };
  t.to(torch::kCPU); // The lambda's error is main's: not reported either.
  return 0;
}

int third() {
  auto t = torch::ones({2});
  t.to(torch::kCPU); // Reported: this function parsed without errors.
  return 0;
}
