#include "trainer.h"

#include <iostream>

#include "augment.h"

namespace F = torch::nn::functional;

ContrastiveTrainer::ContrastiveTrainer(const SimClrConfig& cfg)
    : cfg_(cfg),
      device_(cfg.device),
      net_(cfg.feature_dim, cfg.proj_dim),
      optimizer_(net_->parameters(),
                 torch::optim::AdamWOptions(cfg.lr).weight_decay(cfg.weight_decay)),
      bank_(cfg.bank_size, cfg.feature_dim) {
  if (!cfg_.resume_from.empty()) {
    torch::load(net_, cfg_.resume_from, device_);
  }
  net_->to(device_);
  // 0-dim host scalar: allowed next to device tensors.
  inv_temperature_ = torch::tensor(1.0f / cfg_.temperature);
}

torch::Tensor ContrastiveTrainer::nt_xent(const torch::Tensor& z1,
                                          const torch::Tensor& z2) const {
  const int64_t b = z1.size(0);
  auto z = torch::cat({z1, z2}, 0);                    // [2B, D]
  auto logits = torch::mm(z, z.t()) * inv_temperature_;  // [2B, 2B]
  auto self_mask = torch::eye(
      2 * b, torch::TensorOptions().dtype(torch::kBool).device(z.device()));
  logits = logits.masked_fill(self_mask, -1e9);
  auto idx_opts = torch::TensorOptions().dtype(torch::kLong).device(z.device());
  // the positive of row i is row i + B (and vice versa)
  auto targets = torch::cat({torch::arange(b, 2 * b, idx_opts),
                             torch::arange(0, b, idx_opts)});
  return F::cross_entropy(logits, targets);
}

double ContrastiveTrainer::train_epoch(const torch::Tensor& unlabeled) {
  net_->train();
  const int64_t n = unlabeled.size(0);
  auto perm = torch::randperm(n);  // host indices into a host tensor
  double total = 0.0;
  int64_t steps = 0;
  for (int64_t s = 0; s + cfg_.batch_size <= n; s += cfg_.batch_size) {
    auto batch = unlabeled.index_select(0, perm.slice(0, s, s + cfg_.batch_size));
    auto views = two_views(batch);
    auto v1 = views.first.to(device_, /*non_blocking=*/true);
    auto v2 = views.second.to(device_, /*non_blocking=*/true);

    auto loss = nt_xent(net_->forward(v1), net_->forward(v2));
    optimizer_.zero_grad();
    loss.backward();
    optimizer_.step();
    total += loss.item<double>();
    ++steps;
  }
  return steps ? total / steps : 0.0;
}

double ContrastiveTrainer::knn_accuracy(const torch::Tensor& images,
                                        const torch::Tensor& labels) {
  torch::NoGradGuard no_grad;
  net_->eval();
  bank_.clear();
  const int64_t n = images.size(0);
  const int64_t bank_n = std::min<int64_t>(cfg_.bank_size, n / 2);
  // Fill the host bank from device embeddings (device -> host copy_).
  for (int64_t s = 0; s < bank_n; s += cfg_.batch_size) {
    const int64_t e = std::min(bank_n, s + cfg_.batch_size);
    auto z = net_->embed(images.slice(0, s, e).to(device_));
    bank_.push(z, labels.slice(0, s, e));
  }

  auto bank_feats = bank_.features(device_);   // [M, D] float on device_
  auto bank_labels = bank_.labels(device_);    // [M] int64 on device_
  int64_t correct = 0;
  int64_t total = 0;
  for (int64_t s = bank_n; s < n; s += cfg_.batch_size) {
    const int64_t e = std::min(n, s + cfg_.batch_size);
    auto q = net_->embed(images.slice(0, s, e).to(device_));
    auto sims = torch::mm(q, bank_feats.t());
    auto nn_idx = std::get<1>(sims.topk(cfg_.knn_k, 1));  // [b, k] on device_
    auto votes = bank_labels.index_select(0, nn_idx.flatten()).view(nn_idx.sizes());
    auto pred = std::get<0>(torch::mode(votes, 1)).cpu();
    auto truth = labels.slice(0, s, e);  // host int64
    auto p = pred.accessor<int64_t, 1>();
    auto t = truth.accessor<int64_t, 1>();
    for (int64_t i = 0; i < p.size(0); ++i) {
      correct += p[i] == t[i] ? 1 : 0;
    }
    total += p.size(0);
  }
  return total ? static_cast<double>(correct) / total : 0.0;
}

void ContrastiveTrainer::checkpoint(const std::string& path) const {
  torch::save(net_, path);
}
