// Nothing to report: the moved tensor is kept.
#include <torch/torch.h>

int main() {
  auto t = torch::ones({2});
  t = t.to(torch::kCPU);
  return 0;
}
