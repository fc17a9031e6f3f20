// A tensor move whose result is thrown away: torch-discarded-move.
#include <torch/torch.h>

int main() {
  auto t = torch::ones({2});
  t.to(torch::kCPU);
  return 0;
}
