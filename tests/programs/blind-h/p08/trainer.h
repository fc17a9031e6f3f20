#pragma once

#include <torch/torch.h>

#include "config.h"
#include "qa_model.h"
#include "span_loss.h"
#include "squad_data.h"

class ReaderTrainer {
 public:
  explicit ReaderTrainer(const QaConfig& cfg);

  double train_epoch(const QaFeatures& data, int64_t epoch);
  SpanScores evaluate(const QaFeatures& data);
  void save() const;

 private:
  double lr_at(int64_t step) const;  // linear warm-up, then linear decay

  QaConfig cfg_;
  torch::Device device_;
  QaReader model_;
  torch::optim::AdamW optimizer_;
  int64_t step_ = 0, total_steps_ = 1;
};
