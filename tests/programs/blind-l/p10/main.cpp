#include <iostream>

#include "config.h"
#include "featurize.h"
#include "model.h"

int main(int argc, char** argv) {
  TrainConfig cfg;
  if (argc > 1) cfg.epochs = std::stoll(argv[1]);
  // Assay reports must be bit-reproducible, and the network is small enough
  // that the CPU pool trains it in seconds.
  cfg.device = torch::Device(torch::kCPU);
  torch::set_num_threads(cfg.threads);
  torch::manual_seed(cfg.seed);

  const auto mols = synthetic_library(4000, cfg.seed);
  auto x = torch::cat({fingerprints(mols, cfg.fingerprint_bits), descriptors(mols)}, 1);
  const auto y = labels(mols);
  const auto pos_weight = task_pos_weight(y);

  ToxNet model(cfg.fingerprint_bits + kDescriptors, 256, kTasks);
  model->to(cfg.device);
  torch::optim::Adam optimizer(model->parameters(), torch::optim::AdamOptions(cfg.lr).weight_decay(1e-5));

  const int64_t n = x.size(0);
  const int64_t n_train = n * 4 / 5;
  for (int64_t epoch = 1; epoch <= cfg.epochs; ++epoch) {
    model->train();
    auto order = torch::randperm(n_train);
    double total = 0.0;
    for (int64_t b = 0; b < n_train; b += cfg.batch_size) {
      auto idx = order.slice(0, b, std::min(n_train, b + cfg.batch_size));
      auto logits = model->forward(x.index_select(0, idx));
      auto mask = y.mask.index_select(0, idx);
      auto loss = torch::binary_cross_entropy_with_logits(
                      logits, y.targets.index_select(0, idx), mask, pos_weight,
                      at::Reduction::Sum) / mask.sum().clamp_min(1.0);
      optimizer.zero_grad();
      loss.backward();
      optimizer.step();
      total += loss.item<double>();
    }

    torch::NoGradGuard no_grad;
    model->eval();
    auto held_out = torch::arange(n_train, n);
    auto pred = model->forward(x.index_select(0, held_out)).gt(0).to(torch::kFloat);
    auto mask = y.mask.index_select(0, held_out);
    auto correct = (pred.eq(y.targets.index_select(0, held_out)).to(torch::kFloat) * mask).sum(0);
    auto per_task = correct / mask.sum(0).clamp_min(1.0);
    std::cout << "epoch " << epoch << " loss " << total << " held-out accuracy per task "
              << per_task << "\n";
  }
  return 0;
}
