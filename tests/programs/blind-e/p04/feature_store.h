#pragma once

#include <torch/torch.h>

#include <cstdint>
#include <string>
#include <unordered_map>
#include <vector>

// Online features of one shopper, as served by the feature store. The store
// keeps every numeric feature as a double.
struct UserProfile {
  std::string user_id;
  std::vector<double> dense;  // 32 standardised features
};

struct Candidate {
  int64_t item_id = 0;
  std::string category;
};

class FeatureStore {
 public:
  explicit FeatureStore(int64_t dense_dim) : dense_dim_(dense_dim) {}

  void put(UserProfile p) { users_[p.user_id] = std::move(p); }
  const UserProfile& user(const std::string& id) const { return users_.at(id); }

  // [1, dense_dim] host tensor for the ranker's user tower.
  torch::Tensor user_tensor(const UserProfile& p) const;
  // [N] item indices for the item tower.
  torch::Tensor item_tensor(const std::vector<Candidate>& cands) const;

 private:
  int64_t dense_dim_;
  std::unordered_map<std::string, UserProfile> users_;
};
