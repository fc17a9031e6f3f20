#pragma once

#include <torch/torch.h>

#include "chess_net.h"
#include "config.h"
#include "losses.h"
#include "positions.h"

class ChessTrainer {
 public:
  explicit ChessTrainer(const ChessConfig& cfg);

  double train_epoch(const PositionSet& data, int64_t epoch);
  MoveAccuracy validate(const PositionSet& data);
  void save() const;

 private:
  void set_lr(double lr);

  ChessConfig cfg_;
  torch::Device device_;
  ChessNet net_;
  torch::optim::SGD optimizer_;
};
