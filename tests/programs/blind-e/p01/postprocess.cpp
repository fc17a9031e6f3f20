#include "postprocess.h"

std::vector<Detection> decide(const torch::Tensor& logits,
                              const std::vector<std::string>& keywords,
                              double threshold) {
  auto probs = torch::softmax(logits, /*dim=*/1).contiguous().cpu();  //@bug P01B torch-data-ptr-type|torch-dtype-mismatch
  const int64_t n = probs.size(0);
  const int64_t k = probs.size(1);
  const double* p = probs.data_ptr<double>();  //@bug P01B torch-data-ptr-type|torch-dtype-mismatch

  std::vector<Detection> out(static_cast<size_t>(n));
  for (int64_t i = 0; i < n; ++i) {
    int64_t best = 2;
    for (int64_t j = 3; j < k; ++j) {
      if (p[i * k + j] > p[i * k + best]) best = j;
    }
    if (p[i * k + best] >= threshold) {
      out[static_cast<size_t>(i)].keyword = keywords.at(static_cast<size_t>(best));
      out[static_cast<size_t>(i)].confidence = p[i * k + best];
    }
  }
  return out;
}
