#include "trainer.h"

#include <algorithm>

#include "class_weights.h"

TabularTrainer::TabularTrainer(const TabularConfig& cfg, int64_t num_features,
                               const torch::Tensor& train_labels)
    : cfg_(cfg),
      device_(training_device(cfg)),
      model_(num_features, cfg.hidden, cfg.num_classes, cfg.dropout),
      optimizer_(model_->parameters(), torch::optim::AdamWOptions(cfg.lr)
                                           .weight_decay(cfg.weight_decay)),
      criterion_(torch::nn::CrossEntropyLossOptions().weight(  //@bug P06A torch-device-mismatch|torch-hardcoded-device
          inverse_frequency_weights(train_labels, cfg.num_classes))) {  //@bug P06A torch-device-mismatch|torch-hardcoded-device
  model_->to(device_);
}

double TabularTrainer::train_epoch(const torch::Tensor& x,
                                   const torch::Tensor& y) {
  model_->train();
  const int64_t n = x.size(0);
  auto perm = torch::randperm(n);
  double total = 0.0;
  int64_t batches = 0;
  for (int64_t start = 0; start < n; start += cfg_.batch_size) {
    const int64_t len = std::min(cfg_.batch_size, n - start);
    if (len < 2) break;
    auto idx = perm.narrow(0, start, len);
    auto xb = x.index_select(0, idx).to(device_, /*non_blocking=*/true);
    auto yb = y.index_select(0, idx).to(device_, /*non_blocking=*/true);

    optimizer_.zero_grad();
    auto loss = criterion_(model_->forward(xb), yb);  //@bug P06A torch-device-mismatch
    loss.backward();
    optimizer_.step();
    total += loss.item<double>();
    ++batches;
  }
  return batches ? total / static_cast<double>(batches) : 0.0;
}

double TabularTrainer::accuracy(const torch::Tensor& x, const torch::Tensor& y,
                                std::vector<double>& per_class_recall) {
  torch::NoGradGuard no_grad;
  model_->eval();
  auto pred = model_->forward(x.to(device_)).argmax(1).cpu();
  auto hit = pred.eq(y);
  per_class_recall.assign(static_cast<size_t>(cfg_.num_classes), 0.0);
  std::vector<int64_t> support(static_cast<size_t>(cfg_.num_classes), 0);
  auto yl = y.accessor<int64_t, 1>();
  auto hl = hit.accessor<bool, 1>();
  for (int64_t i = 0; i < y.size(0); ++i) {
    ++support[yl[i]];
    if (hl[i]) per_class_recall[yl[i]] += 1.0;
  }
  for (size_t c = 0; c < support.size(); ++c) {
    if (support[c] > 0) per_class_recall[c] /= static_cast<double>(support[c]);
  }
  return hit.to(torch::kFloat32).mean().item<double>();
}
