// A compile error outside every function body: what follows it cannot be
// trusted, so nothing of the file is analysed (issue 39).
#include <torch/torch.h>

struct Batch {
  unknown_type member;
};

int main() {
  auto t = torch::ones({2});
  t.to(torch::kCPU);
}
