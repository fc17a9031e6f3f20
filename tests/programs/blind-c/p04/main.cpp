#include <torch/torch.h>

#include <iostream>
#include <string>

#include "config.h"
#include "interactions.h"
#include "trainer.h"

int main(int argc, char** argv) {
  RunContext ctx;
  if (argc > 1) ctx.opts.log_path = argv[1];
  if (argc > 2) ctx.checkpoint_dir = argv[2];
  ctx.device = torch::cuda::is_available() ? torch::kCUDA : torch::kCPU;

  InteractionLog log(ctx.opts.log_path, ctx.opts.dense_dim);
  log.shuffle(17);
  const size_t n = log.size();
  const size_t split = static_cast<size_t>(n * (1.0 - ctx.opts.holdout));
  std::cout << n << " interactions, training on " << split << ", device "
            << ctx.device << "\n";

  RecTrainer trainer(ctx);
  double best = 1e9;
  for (int64_t epoch = 1; epoch <= ctx.opts.epochs; ++epoch) {
    const double loss = trainer.train_epoch(log, 0, split);
    const double rmse = trainer.evaluate_rmse(log, split, n);
    std::cout << "epoch " << epoch << " loss " << loss << " holdout RMSE "
              << rmse << "\n";
    if (rmse < best) {
      best = rmse;
      trainer.save("best");
    }
  }
  return 0;
}
