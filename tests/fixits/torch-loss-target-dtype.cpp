#include <torch/torch.h>

#include <cstdint>
#include <vector>

namespace F = torch::nn::functional;

// Each fix converts the target where the loss receives it.
torch::Tensor losses(const torch::Tensor &logits, std::vector<int32_t> &raw) {
  auto labels = torch::from_blob(raw.data(), {4}, torch::kInt32);
  auto a = F::cross_entropy(logits, labels);
  torch::nn::NLLLoss nll;
  auto b = nll(torch::log_softmax(logits, 1), torch::zeros({4}, torch::kInt));
  auto flags = torch::randint(0, 2, {4});
  auto c = F::binary_cross_entropy_with_logits(logits.select(1, 0), flags);
  return a + b + c;
}

int main() {
  std::vector<int32_t> raw{0, 1, 2, 1};
  return losses(torch::randn({4, 3}), raw).item<float>() > 0 ? 0 : 1;
}
