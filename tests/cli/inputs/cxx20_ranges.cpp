// A C++20 program (a concept, std::ranges) with a discarded move: it does
// not compile as C++17, torchlint's standard without a compile database.
#include <torch/torch.h>

#include <concepts>
#include <ranges>
#include <vector>

template <typename T>
concept TensorLike = requires(T t) { t.to(torch::kCPU); };

template <TensorLike T> void place(T &t) {
  t.to(torch::kCPU);
}

int main() {
  std::vector<torch::Tensor> batch = {torch::ones({2}), torch::zeros({2})};
  for (auto &t : batch | std::views::take(1))
    place(t);
  auto n = std::ranges::count_if(batch, [](const torch::Tensor &t) {
    return t.defined();
  });
  return n == 2 ? 0 : 1;
}
