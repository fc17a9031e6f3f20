#include "mol_dataset.h"

Standardizer fit_descriptor_scaler(const MolDataset& data) {
  const MolConfig& cfg = data.config();
  const auto n = static_cast<int64_t>(data.size());
  auto raw = torch::from_blob(const_cast<float*>(data.descriptors().data()),
                              {n, cfg.num_descriptors}, torch::kFloat32);
  // Molecular weights reach 10^3 while ring counts are single digits:
  // accumulate the moments in double.
  auto wide = raw.to(torch::kFloat64);  //@bug P09A torch-dtype-mismatch
  Standardizer s;
  s.mean = wide.mean(0);
  s.stdv = wide.std(0, /*unbiased=*/true).clamp_min(1e-6);
  return s;
}

torch::Tensor masked_mse(const torch::Tensor& pred, const torch::Tensor& target,
                         const torch::Tensor& mask, const torch::Tensor& task_weights) {
  auto sq = (pred - target).pow(2) * mask;  //@bug P09B torch-device-mismatch
  auto per_task = sq.sum(0) / mask.sum(0).clamp_min(1.0);
  return (per_task * task_weights).sum() / task_weights.sum();
}
