// Every NOLINT form; only the last move is reported.
#include <torch/torch.h>

int main() {
  auto a = torch::ones({2});
  a.to(torch::kCPU); // NOLINT
  a.to(torch::kCPU); // NOLINT(torch-discarded-move)
  a.to(torch::kCPU); // NOLINT(torch-discarded-*)
  // NOLINTNEXTLINE(torch-*)
  a.to(torch::kCPU);
  // NOLINTBEGIN(torch-discarded-move)
  a.to(torch::kCPU);
  a.cpu();
  // NOLINTEND(torch-discarded-move)
  a.to(torch::kCPU); // NOLINT(torch-hardcoded-device): names another rule
  return 0;
}
