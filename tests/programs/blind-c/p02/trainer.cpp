#include "trainer.h"

#include <iomanip>
#include <iostream>
#include <limits>

GcnTrainer::GcnTrainer(const GcnOptions& opts, const GraphData& graph)
    : opts_(opts), device_(opts.device) {
  model_ = Gcn(graph.features.size(1), opts_.hidden, graph.num_classes,
               opts_.dropout);
  model_->to(device_);
  optimizer_ = std::make_unique<torch::optim::Adam>(
      model_->parameters(),
      torch::optim::AdamOptions(opts_.lr).weight_decay(opts_.weight_decay));

  // The whole graph fits on the device; move it once.
  x_ = graph.features.to(device_);
  y_ = graph.labels.to(device_);  //@bug P02B torch-loss-target-dtype|torch-dtype-mismatch
  adj_ = graph.adj_norm.to(device_);  //@bug P02A torch-dtype-mismatch
  train_idx_ = graph.train_idx.to(device_);
  val_idx_ = graph.val_idx.to(device_);
  test_idx_ = graph.test_idx.to(device_);
}

double GcnTrainer::accuracy(const torch::Tensor& log_probs,
                            const torch::Tensor& idx) {
  auto pred = log_probs.index_select(0, idx).argmax(1);
  auto correct = pred.eq(y_.index_select(0, idx)).sum().item<int64_t>();
  return static_cast<double>(correct) / idx.size(0);
}

EpochStats GcnTrainer::train_epoch() {
  EpochStats stats;
  model_->train();
  optimizer_->zero_grad();
  auto out = model_->forward(x_, adj_);  //@bug P02A torch-dtype-mismatch
  auto loss = torch::nll_loss(out.index_select(0, train_idx_),  //@bug P02B torch-loss-target-dtype|torch-dtype-mismatch
                              y_.index_select(0, train_idx_));  //@bug P02B torch-loss-target-dtype|torch-dtype-mismatch
  loss.backward();
  optimizer_->step();
  stats.train_loss = loss.item<double>();

  torch::NoGradGuard no_grad;
  model_->eval();
  auto eval_out = model_->forward(x_, adj_);  //@bug P02A torch-dtype-mismatch
  stats.val_loss = torch::nll_loss(eval_out.index_select(0, val_idx_),  //@bug P02B torch-loss-target-dtype|torch-dtype-mismatch
                                   y_.index_select(0, val_idx_))  //@bug P02B torch-loss-target-dtype|torch-dtype-mismatch
                       .item<double>();
  stats.val_acc = accuracy(eval_out, val_idx_);
  return stats;
}

double GcnTrainer::test_accuracy() {
  torch::NoGradGuard no_grad;
  model_->eval();
  return accuracy(model_->forward(x_, adj_), test_idx_);  //@bug P02A torch-dtype-mismatch
}

void GcnTrainer::fit() {
  double best = std::numeric_limits<double>::infinity();
  int64_t bad_epochs = 0;
  for (int64_t epoch = 1; epoch <= opts_.epochs; ++epoch) {
    auto s = train_epoch();
    std::cout << "epoch " << std::setw(3) << epoch << "  train "
              << std::fixed << std::setprecision(4) << s.train_loss
              << "  val " << s.val_loss << "  acc " << s.val_acc << "\n";
    if (s.val_loss < best) {
      best = s.val_loss;
      bad_epochs = 0;
      torch::save(model_, "gcn_best.pt");
    } else if (++bad_epochs >= opts_.patience) {
      std::cout << "early stop at epoch " << epoch << "\n";
      break;
    }
  }
}
