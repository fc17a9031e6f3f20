#include "ctc_decoder.h"

std::vector<std::string> CtcGreedyDecoder::decode(
    const torch::Tensor& log_probs) const {
  auto best = log_probs.argmax(2).transpose(0, 1).contiguous().cpu();  // [B, T]
  auto conf = std::get<0>(log_probs.exp().max(2))  //@bug P01B torch-data-ptr-type|torch-dtype-mismatch
                  .transpose(0, 1)
                  .contiguous()
                  .cpu();  // [B, T]
  auto ids = best.accessor<int64_t, 2>();
  auto prob = conf.accessor<double, 2>();  //@bug P01B torch-data-ptr-type|torch-dtype-mismatch

  std::vector<std::string> out;
  for (int64_t b = 0; b < ids.size(0); ++b) {
    std::string text;
    int64_t prev = 0;
    for (int64_t t = 0; t < ids.size(1); ++t) {
      const int64_t k = ids[b][t];
      if (k != 0 && k != prev) {
        const char c = alphabet_[static_cast<size_t>(k - 1)];
        text.push_back(prob[b][t] >= min_confidence_ ? c : '?');
      }
      prev = k;
    }
    out.push_back(std::move(text));
  }
  return out;
}
