// Does not compile: the findings of this file must never be fixed.
#include <torch/torch.h>

int main() {
  auto t = torch::ones({2});
  t.to(torch::kCPU);
  return undeclared_name;
}
