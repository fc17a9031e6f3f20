#include "feature_store.h"

torch::Tensor FeatureStore::user_tensor(const UserProfile& p) const {
  auto* raw = const_cast<double*>(p.dense.data());
  return torch::from_blob(raw, {1, dense_dim_}, torch::kFloat32).clone();  //@bug P04B torch-from-blob-dtype|torch-dtype-mismatch
}

torch::Tensor FeatureStore::item_tensor(
    const std::vector<Candidate>& cands) const {
  std::vector<int64_t> ids;
  ids.reserve(cands.size());
  for (const auto& c : cands) ids.push_back(c.item_id);
  return torch::tensor(ids);  //@bug P04A torch-factory-missing-device|torch-device-mismatch
}
