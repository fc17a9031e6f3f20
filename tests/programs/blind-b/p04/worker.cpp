#include "worker.h"

#include <iostream>

Worker::Worker(WorkerConfig cfg)
    : cfg_(std::move(cfg)),
      device_(torch::kCUDA, static_cast<c10::DeviceIndex>(cfg_.local_rank)),
      model_(cfg_.in_features, cfg_.hidden, cfg_.num_classes) {
  torch::manual_seed(0);  // identical initial weights on every rank
  train_ = load_shard(cfg_.rank, cfg_.world_size, 200000, cfg_.in_features,
                      cfg_.num_classes);
  val_ = load_shard(cfg_.rank, cfg_.world_size, 20000, cfg_.in_features,
                    cfg_.num_classes);

  model_->to(device_);
  if (!cfg_.resume_from.empty()) {
    torch::load(model_, cfg_.resume_from);  //@bug P04B torch-load-without-device|torch-device-mismatch
    std::cout << "[rank " << cfg_.rank << "] resumed from " << cfg_.resume_from
              << std::endl;
  }
  optimizer_ = std::make_unique<torch::optim::SGD>(
      model_->parameters(),
      torch::optim::SGDOptions(cfg_.lr).momentum(0.9).nesterov(true));
}

void Worker::reset_metrics() {
  correct_ = torch::zeros({1}, torch::TensorOptions().dtype(torch::kLong).device(torch::kCUDA));  //@bug P04A torch-hardcoded-device|torch-device-mismatch
  seen_ = 0;
}

void Worker::train_epoch(int64_t epoch) {
  model_->train();
  const int64_t n = train_.inputs.size(0);
  auto order = torch::randperm(n);
  for (int64_t start = 0; start + cfg_.batch_size <= n; start += cfg_.batch_size) {
    auto idx = order.slice(0, start, start + cfg_.batch_size);
    auto x = train_.inputs.index_select(0, idx).to(device_, /*non_blocking=*/true);
    auto y = train_.labels.index_select(0, idx).to(device_, /*non_blocking=*/true);

    auto loss = torch::nn::functional::cross_entropy(model_->forward(x), y);  //@bug P04B torch-device-mismatch
    optimizer_->zero_grad();
    loss.backward();
    optimizer_->step();
  }
  std::cout << "[rank " << cfg_.rank << "] epoch " << epoch << " done" << std::endl;
}

double Worker::evaluate() {
  torch::NoGradGuard no_grad;
  model_->eval();
  reset_metrics();
  const int64_t n = val_.inputs.size(0);
  for (int64_t start = 0; start < n; start += cfg_.batch_size) {
    const int64_t len = std::min(cfg_.batch_size, n - start);
    auto x = val_.inputs.narrow(0, start, len).to(device_);
    auto y = val_.labels.narrow(0, start, len).to(device_);
    auto pred = model_->forward(x).argmax(1);  //@bug P04B torch-device-mismatch
    correct_ += pred.eq(y).sum();  //@bug P04A torch-device-mismatch
    seen_ += len;
  }
  return correct_.item<double>() / static_cast<double>(seen_);
}

void Worker::save_checkpoint(int64_t epoch) {
  if (cfg_.rank != 0) return;
  const auto path = cfg_.checkpoint_dir + "/resmlp_epoch" + std::to_string(epoch) + ".pt";
  torch::save(model_, path);
}

void Worker::run() {
  for (int64_t epoch = 1; epoch <= cfg_.epochs; ++epoch) {
    train_epoch(epoch);
    const double acc = evaluate();
    std::cout << "[rank " << cfg_.rank << "] val acc " << acc << std::endl;
    save_checkpoint(epoch);
  }
}
