#include "ranking.h"

#include <algorithm>
#include <fstream>
#include <numeric>
#include <sstream>
#include <stdexcept>

std::vector<RankedIntent> rank_intents(const torch::Tensor& logits,
                                       const torch::Tensor& log_prior,
                                       const std::vector<std::string>& names,
                                       double temperature, int64_t top_k) {
  auto log_post = torch::log_softmax(logits.cpu().squeeze(0) / temperature, /*dim=*/0);
  auto adjusted = torch::softmax(log_post + log_prior, /*dim=*/0).contiguous();
  const int64_t c = adjusted.size(0);
  const float* p = adjusted.data_ptr<float>();  //@bug P04A torch-dtype-mismatch|torch-data-ptr-type

  std::vector<int64_t> order(static_cast<size_t>(c));
  std::iota(order.begin(), order.end(), 0);
  const int64_t k = std::min(top_k, c);
  std::partial_sort(order.begin(), order.begin() + k, order.end(),
                    [p](int64_t a, int64_t b) { return p[a] > p[b]; });
  std::vector<RankedIntent> out;
  for (int64_t i = 0; i < k; ++i) {
    const auto j = static_cast<size_t>(order[static_cast<size_t>(i)]);
    out.push_back({names.at(j), p[j]});
  }
  return out;
}

void read_intent_shares(const std::string& path, std::vector<std::string>& names,
                        std::vector<double>& shares) {
  std::ifstream in(path);
  if (!in) throw std::runtime_error("cannot open " + path);
  std::string line;
  while (std::getline(in, line)) {
    std::istringstream fields(line);
    std::string name;
    double share = 0.0;
    if (std::getline(fields, name, '\t') && fields >> share) {
      names.push_back(name);
      shares.push_back(std::max(share, 1e-6));
    }
  }
}
