#include "trainer.h"

#include <algorithm>
#include <iostream>

namespace F = torch::nn::functional;

PointNetTrainer::PointNetTrainer(PointNetCls model, const PointNetConfig& cfg,
                                 torch::Device device)
    : model_(std::move(model)),
      cfg_(cfg),
      device_(device),
      optimizer_(model_->parameters(),
                 torch::optim::AdamOptions(cfg.lr).weight_decay(1e-4)),
      scheduler_(optimizer_, /*step_size=*/20, /*gamma=*/0.5),
      augment_(static_cast<float>(cfg.jitter_sigma), 0.05f, 0.8f, 1.25f) {}

double PointNetTrainer::train_epoch(PointCloudSet& data) {
  model_->train();
  data.shuffle();
  // 0-dim double weight: scaling a Float [B] tensor by it keeps Float
  const auto reg_weight = torch::tensor(cfg_.feature_reg, torch::kFloat64);
  double total = 0.0;
  int64_t steps = 0;
  const auto bs = static_cast<size_t>(cfg_.batch_size);
  for (size_t start = 0; start + 1 < data.size(); start += bs) {
    CloudBatch batch = data.batch(start, bs);
    if (batch.points.size(0) < 2) break;  // BatchNorm needs two samples
    auto points = augment_(batch.points.to(device_, /*non_blocking=*/true));
    auto labels = batch.labels.to(device_, /*non_blocking=*/true);

    optimizer_.zero_grad();
    auto out = model_->forward(points);
    auto loss = F::nll_loss(out.first, labels) +
                (reg_weight * orthogonality_penalty(out.second)).mean();
    loss.backward();
    optimizer_.step();
    total += loss.item<double>();
    ++steps;
  }
  return steps ? total / static_cast<double>(steps) : 0.0;
}

double PointNetTrainer::evaluate(const PointCloudSet& data,
                                 std::vector<std::vector<int64_t>>& confusion) {
  torch::NoGradGuard no_grad;
  model_->eval();
  int64_t correct = 0;
  int64_t seen = 0;
  const auto bs = static_cast<size_t>(cfg_.batch_size);
  for (size_t start = 0; start < data.size(); start += bs) {
    CloudBatch batch = data.batch(start, bs);
    auto log_probs = model_->forward(batch.points.to(device_)).first;
    auto pred = log_probs.argmax(1).cpu();
    correct += pred.eq(batch.labels).sum().item<int64_t>();
    auto p = pred.accessor<int64_t, 1>();
    auto t = batch.labels.accessor<int64_t, 1>();
    for (int64_t i = 0; i < pred.size(0); ++i) ++confusion[t[i]][p[i]];

    auto probs = log_probs.exp().cpu().contiguous();
    const float* row = probs.data_ptr<float>();
    const int64_t C = probs.size(1);
    for (int64_t i = 0; i < probs.size(0); ++i) {
      const float top = *std::max_element(row + i * C, row + (i + 1) * C);
      if (top < 0.3f) {
        std::cout << "  low-confidence sample " << start + i << " (" << top
                  << ")\n";
      }
    }
    seen += pred.size(0);
  }
  return seen ? static_cast<double>(correct) / static_cast<double>(seen) : 0.0;
}
