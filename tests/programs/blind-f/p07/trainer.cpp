#include "trainer.h"

#include <algorithm>

SigTrainer::SigTrainer(const SigConfig& cfg)
    : cfg_(cfg),
      device_(cfg.device),
      model_(cfg.embed_dim),
      optimizer_((model_->to(device_), model_->parameters()),
                 torch::optim::AdamOptions(cfg.lr)),
      rng_(1234) {}

double SigTrainer::train_epoch(const SignatureDataset& data) {
  model_->train();
  double total = 0.0;
  for (int64_t step = 0; step < cfg_.steps_per_epoch; ++step) {
    SignatureBatch b = data.sample_pk(rng_);
    auto images = b.images.to(device_);
    // Random horizontal stroke-width jitter: small dilation via max pooling.
    if (step % 2 == 1) {
      images = torch::max_pool2d(images, {1, 3}, {1, 1}, {0, 1});
    }
    optimizer_.zero_grad();
    auto emb = model_->forward(images);
    auto loss = batch_hard_triplet(emb, b.writer_ids, cfg_.margin);  //@bug P07A torch-device-mismatch
    loss.backward();
    optimizer_.step();
    total += loss.item<double>();
  }
  return total / static_cast<double>(std::max<int64_t>(1, cfg_.steps_per_epoch));
}

double SigTrainer::evaluate(const PairSet& pairs) {
  torch::NoGradGuard no_grad;
  model_->eval();
  std::vector<torch::Tensor> dists;
  const int64_t n = pairs.reference.size(0), bs = 128;
  for (int64_t s = 0; s < n; s += bs) {
    const int64_t e = std::min(n, s + bs);
    auto a = model_->forward(pairs.reference.slice(0, s, e).to(device_));
    auto q = model_->forward(pairs.questioned.slice(0, s, e).to(device_));
    dists.push_back((a - q).norm(2, 1).cpu());
  }
  return equal_error_rate(torch::cat(dists), pairs.genuine);  //@bug P07B torch-data-ptr-type|torch-dtype-mismatch
}
