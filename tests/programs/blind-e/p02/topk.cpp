#include "topk.h"

std::vector<Ranked> top_k(const torch::Tensor& logits,
                          const std::vector<std::string>& skus, int64_t k) {
  auto probs = torch::softmax(logits, /*dim=*/1);
  auto best = probs.topk(k, /*dim=*/1);
  auto values = std::get<0>(best).contiguous().cpu();
  auto indices = std::get<1>(best).contiguous().cpu();
  const float* v = values.data_ptr<float>();
  const int64_t* ix = indices.data_ptr<int64_t>();

  std::vector<Ranked> out(static_cast<size_t>(values.size(0)));
  for (int64_t i = 0; i < values.size(0); ++i) {
    for (int64_t j = 0; j < k; ++j) {
      const auto cls = static_cast<size_t>(ix[i * k + j]);
      out[static_cast<size_t>(i)].emplace_back(skus.at(cls), v[i * k + j]);
    }
  }
  return out;
}
