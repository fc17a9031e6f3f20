#pragma once

#include <torch/torch.h>

#include <cstdint>
#include <vector>

namespace reco {

constexpr int64_t kContextDim = 4;

struct Catalog {
  std::vector<int64_t> item_ids;
  std::vector<float> popularity;  // clicks per thousand impressions
  std::vector<int> category;
};

struct UserContext {
  int64_t user_id = 0;
  int hour_of_day = 0;
  bool mobile = false;
  std::vector<int64_t> recent_items;
};

struct RankRequest {
  torch::Tensor user_ids;  // [B]
  torch::Tensor item_ids;  // [B, K]
  torch::Tensor context;   // [B, kContextDim]
};

Catalog synthetic_catalog(int64_t n_items, int n_categories, uint64_t seed);
std::vector<int64_t> retrieve_candidates(const Catalog& catalog, const UserContext& user,
                                         int64_t k);
RankRequest build_request(const std::vector<UserContext>& users,
                          const std::vector<std::vector<int64_t>>& candidates);
torch::Tensor popularity_prior(const Catalog& catalog,
                               const std::vector<std::vector<int64_t>>& candidates);

}  // namespace reco
