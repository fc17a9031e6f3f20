#include "rerank.h"

#include <algorithm>

std::vector<RankedItem> rerank(const torch::jit::IValue& ranker_out,
                               const std::vector<Candidate>& cands,
                               const std::vector<std::string>& promoted,
                               int64_t limit) {
  auto tuple = ranker_out.toTuple();
  auto scores = tuple->elements()[0].toTensor().to(torch::kCPU, torch::kFloat32);

  std::vector<float> boost(cands.size(), 0.f);
  for (size_t i = 0; i < cands.size(); ++i) {
    if (std::find(promoted.begin(), promoted.end(), cands[i].category) !=
        promoted.end()) {
      boost[i] = 0.15f;
    }
  }
  auto boosted = scores + torch::tensor(boost);
  auto order = boosted.argsort(/*dim=*/0, /*descending=*/true);

  auto s = boosted.accessor<float, 1>();
  auto o = order.accessor<int64_t, 1>();
  std::vector<RankedItem> out;
  for (int64_t i = 0; i < std::min<int64_t>(limit, o.size(0)); ++i) {
    const int64_t j = o[i];
    out.push_back({cands[static_cast<size_t>(j)].item_id, s[j]});
  }
  return out;
}
