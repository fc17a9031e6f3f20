// One torch-discarded-move finding, on line 6.
#include <torch/torch.h>

int main() {
  auto x = torch::ones({2});
  x.to(torch::kCPU);
  return 0;
}
