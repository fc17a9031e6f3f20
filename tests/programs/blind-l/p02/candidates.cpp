#include "candidates.h"

#include <algorithm>
#include <cmath>
#include <random>

namespace reco {

Catalog synthetic_catalog(int64_t n_items, int n_categories, uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::lognormal_distribution<float> clicks(1.0f, 0.8f);
  std::uniform_int_distribution<int> cat(0, n_categories - 1);
  Catalog catalog;
  for (int64_t i = 0; i < n_items; ++i) {
    catalog.item_ids.push_back(i);
    catalog.popularity.push_back(clicks(rng));
    catalog.category.push_back(cat(rng));
  }
  return catalog;
}

std::vector<int64_t> retrieve_candidates(const Catalog& catalog, const UserContext& user,
                                         int64_t k) {
  std::vector<int> liked(64, 0);
  for (int64_t item : user.recent_items) liked[catalog.category[item] % 64] += 1;

  std::vector<int64_t> order(catalog.item_ids);
  std::stable_sort(order.begin(), order.end(), [&](int64_t a, int64_t b) {
    const float sa = catalog.popularity[a] * (1 + liked[catalog.category[a] % 64]);
    const float sb = catalog.popularity[b] * (1 + liked[catalog.category[b] % 64]);
    return sa > sb;
  });
  order.resize(std::min<size_t>(order.size(), static_cast<size_t>(k)));
  return order;
}

RankRequest build_request(const std::vector<UserContext>& users,
                          const std::vector<std::vector<int64_t>>& candidates) {
  const auto b = static_cast<int64_t>(users.size());
  const auto k = static_cast<int64_t>(candidates.front().size());
  RankRequest req;
  req.user_ids = torch::empty({b}, torch::kLong);
  req.item_ids = torch::empty({b, k}, torch::kLong);
  req.context = torch::zeros({b, kContextDim});

  auto uid = req.user_ids.accessor<int64_t, 1>();
  auto iid = req.item_ids.accessor<int64_t, 2>();
  auto ctx = req.context.accessor<float, 2>();
  constexpr float kTwoPi = 6.2831853f;
  for (int64_t r = 0; r < b; ++r) {
    const auto& u = users[r];
    uid[r] = u.user_id;
    for (int64_t c = 0; c < k; ++c) iid[r][c] = candidates[r][c];
    ctx[r][0] = std::sin(kTwoPi * u.hour_of_day / 24.0f);
    ctx[r][1] = std::cos(kTwoPi * u.hour_of_day / 24.0f);
    ctx[r][2] = u.mobile ? 1.0f : 0.0f;
    ctx[r][3] = std::log1p(static_cast<float>(u.recent_items.size()));
  }
  return req;
}

torch::Tensor popularity_prior(const Catalog& catalog,
                               const std::vector<std::vector<int64_t>>& candidates) {
  std::vector<float> flat;
  for (const auto& row : candidates)
    for (int64_t item : row) flat.push_back(std::log(catalog.popularity[item] + 1e-3f));
  const auto b = static_cast<int64_t>(candidates.size());
  return torch::tensor(flat).view({b, -1});
}

}  // namespace reco
