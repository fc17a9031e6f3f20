#include "trainer.h"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <random>

PropertyTrainer::PropertyTrainer(const MolConfig& cfg, const MolDataset& train)
    : cfg_(cfg),
      device_(cfg.device),
      model_(cfg.fp_bits, cfg.num_descriptors, cfg.hidden, cfg.num_tasks, cfg.dropout),
      optimizer_((model_->to(device_), model_->parameters()),
                 torch::optim::AdamWOptions(cfg.lr).weight_decay(1e-2)) {
  scaler_ = fit_descriptor_scaler(train);
  scaler_.mean = scaler_.mean.to(device_);
  scaler_.stdv = scaler_.stdv.to(device_);
  // logS is the property the chemists ask for; the others regularise.
  task_weights_ = torch::tensor({1.0f, 0.5f, 0.25f}).to(device_);
}

torch::Tensor PropertyTrainer::scale_descriptors(const torch::Tensor& raw) const {
  return (raw.to(device_) - scaler_.mean) / scaler_.stdv;  //@bug P09A torch-dtype-mismatch
}

double PropertyTrainer::train_epoch(const MolDataset& data, unsigned seed) {
  model_->train();
  std::vector<size_t> order(data.size());
  std::iota(order.begin(), order.end(), 0);
  std::shuffle(order.begin(), order.end(), std::mt19937(seed));
  double total = 0.0;
  int64_t steps = 0;
  const auto bs = static_cast<size_t>(cfg_.batch_size);
  for (size_t s = 0; s < order.size(); s += bs) {
    std::vector<size_t> idx(order.begin() + s, order.begin() + std::min(order.size(), s + bs));
    MolBatch b = data.batch(idx);
    auto pred = model_->forward(b.fingerprints.to(device_),  //@bug P09A torch-dtype-mismatch
                                scale_descriptors(b.descriptors));
    auto loss = masked_mse(pred, b.targets.to(device_), b.target_mask, task_weights_);  //@bug P09B torch-device-mismatch
    optimizer_.zero_grad();
    loss.backward();
    optimizer_.step();
    total += loss.item<double>();
    ++steps;
  }
  return steps ? total / static_cast<double>(steps) : 0.0;
}

std::vector<double> PropertyTrainer::evaluate(const MolDataset& data) {
  torch::NoGradGuard no_grad;
  model_->eval();
  std::vector<size_t> idx(data.size());
  std::iota(idx.begin(), idx.end(), 0);
  MolBatch b = data.batch(idx);
  auto pred = model_->forward(b.fingerprints.to(device_), scale_descriptors(b.descriptors)).cpu();  //@bug P09A torch-dtype-mismatch
  auto err = (pred - b.targets).pow(2) * b.target_mask;
  auto rmse = (err.sum(0) / b.target_mask.sum(0).clamp_min(1.0)).sqrt().contiguous();
  auto r = rmse.accessor<float, 1>();
  std::vector<double> out;
  for (int64_t t = 0; t < r.size(0); ++t) out.push_back(r[t]);
  return out;
}
