#include "trainer.h"

#include <cmath>
#include <iostream>

RecTrainer::RecTrainer(const RunContext& ctx)
    : ctx_(ctx),
      device_(ctx.device),
      model_(ctx.opts.num_users, ctx.opts.num_items, ctx.opts.embedding_dim,
             ctx.opts.dense_dim, ctx.opts.hidden),
      optimizer_(model_->parameters(),
                 torch::optim::AdamOptions(ctx.opts.lr).weight_decay(ctx.opts.l2)) {
  model_->to(device_);
}

InteractionBatch RecTrainer::to_device(const InteractionBatch& b) const {
  InteractionBatch out;
  out.users = b.users.to(device_, /*non_blocking=*/true);
  out.items = b.items.to(device_, /*non_blocking=*/true);
  out.dense = b.dense.to(device_, /*non_blocking=*/true);
  out.ratings = b.ratings.to(device_, /*non_blocking=*/true);
  return out;
}

double RecTrainer::train_epoch(InteractionLog& log, size_t begin, size_t end) {
  model_->train();
  double total = 0.0;
  size_t batches = 0;
  const auto bs = static_cast<size_t>(ctx_.opts.batch_size);
  for (size_t start = begin; start < end; start += bs) {
    auto b = to_device(log.batch(start, std::min(bs, end - start)));
    optimizer_.zero_grad();
    auto pred = model_->forward(b.users, b.items, b.dense);  //@bug P04B torch-dtype-mismatch
    auto loss = criterion_(pred, b.ratings);
    loss.backward();
    optimizer_.step();
    total += loss.item<double>();
    ++batches;
  }
  return batches ? total / batches : 0.0;
}

double RecTrainer::evaluate_rmse(InteractionLog& log, size_t begin,
                                 size_t end) {
  torch::NoGradGuard no_grad;
  model_->eval();
  double sq = 0.0;
  size_t n = 0;
  const auto bs = static_cast<size_t>(ctx_.opts.batch_size);
  for (size_t start = begin; start < end; start += bs) {
    auto b = to_device(log.batch(start, std::min(bs, end - start)));
    auto pred = model_->forward(b.users, b.items, b.dense);  //@bug P04B torch-dtype-mismatch
    // ratings were scaled to [0, 1]; report RMSE in stars
    auto err = (pred - b.ratings) * 5.0;
    sq += err.pow(2).sum().item<double>();
    n += static_cast<size_t>(b.ratings.size(0));
  }
  return n ? std::sqrt(sq / n) : 0.0;
}

void RecTrainer::save(const std::string& tag) {
  torch::save(model_, ctx_.checkpoint_dir + "/rec_" + tag + ".pt");
  torch::save(optimizer_, ctx_.checkpoint_dir + "/rec_" + tag + "_opt.pt");
}
