#include "trainer.h"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <random>

ChessTrainer::ChessTrainer(const ChessConfig& cfg)
    : cfg_(cfg),
      device_(cfg.device),
      net_(build_network(cfg)),  //@bug P06A torch-device-mismatch
      optimizer_(net_->parameters(), torch::optim::SGDOptions(cfg.lr)
                                         .momentum(cfg.momentum)
                                         .nesterov(true)
                                         .weight_decay(cfg.weight_decay)) {}

void ChessTrainer::set_lr(double lr) {
  for (auto& group : optimizer_.param_groups()) {
    static_cast<torch::optim::SGDOptions&>(group.options()).lr(lr);
  }
}

double ChessTrainer::train_epoch(const PositionSet& data, int64_t epoch) {
  // Cosine schedule over the whole run.
  const double progress = static_cast<double>(epoch - 1) / static_cast<double>(cfg_.epochs);
  set_lr(0.5 * cfg_.lr * (1.0 + std::cos(progress * 3.14159265358979)));

  net_->train();
  std::vector<size_t> order(data.size());
  std::iota(order.begin(), order.end(), 0);
  std::shuffle(order.begin(), order.end(), std::mt19937(static_cast<unsigned>(epoch)));
  const auto bs = static_cast<size_t>(cfg_.batch_size);
  double total = 0.0;
  int64_t steps = 0;
  for (size_t s = 0; s + bs <= order.size(); s += bs) {
    std::vector<size_t> idx(order.begin() + s, order.begin() + s + bs);
    PositionBatch b = data.batch(idx);
    auto planes = b.planes.to(device_);
    auto moves = b.moves.to(device_);
    auto result = b.result.to(device_);

    optimizer_.zero_grad();
    auto out = net_->forward(planes);  //@bug P06A torch-device-mismatch
    auto loss = policy_loss(out.first, moves) + cfg_.value_weight * value_loss(out.second, result);  //@bug P06B torch-loss-target-dtype|torch-dtype-mismatch
    loss.backward();
    optimizer_.step();
    total += loss.item<double>();
    ++steps;
  }
  return steps ? total / static_cast<double>(steps) : 0.0;
}

MoveAccuracy ChessTrainer::validate(const PositionSet& data) {
  torch::NoGradGuard no_grad;
  net_->eval();
  MoveAccuracy acc;
  const auto bs = static_cast<size_t>(cfg_.batch_size);
  for (size_t s = 0; s < data.size(); s += bs) {
    std::vector<size_t> idx(std::min(bs, data.size() - s));
    std::iota(idx.begin(), idx.end(), s);
    PositionBatch b = data.batch(idx);
    auto out = net_->forward(b.planes.to(device_));  //@bug P06A torch-device-mismatch
    accumulate_accuracy(out.first, b.moves, acc);
  }
  return acc;
}

void ChessTrainer::save() const { torch::save(net_, cfg_.checkpoint); }
