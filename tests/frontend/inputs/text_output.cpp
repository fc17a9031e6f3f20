#include <torch/torch.h>

#define TO_DEVICE(t, d) t.to(d)

int main() {
  torch::Device device(torch::kCUDA);
  auto x = torch::ones({2});
  TO_DEVICE(x, device);
  x.cpu();
  return 0;
}
