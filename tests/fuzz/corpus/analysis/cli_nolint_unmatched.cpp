// An unmatched begin comment is an error and silences nothing.
#include <torch/torch.h>

int main() {
  auto a = torch::ones({2});
  // NOLINTBEGIN(torch-discarded-move)
  a.to(torch::kCPU);
  return 0;
}
