#include "trainer.h"

#include <algorithm>
#include <numeric>
#include <random>

namespace F = torch::nn::functional;

LandCoverTrainer::LandCoverTrainer(const LandCoverConfig& cfg,
                                   const TileDataset& train)
    : cfg_(cfg),
      device_(cfg.device),
      model_(cfg.bands, cfg.num_classes),
      optimizer_((model_->to(device_), model_->parameters()),
                 torch::optim::AdamWOptions(cfg.lr).weight_decay(1e-4)) {
  class_weights_ =
      median_frequency_weights(train, cfg.num_classes, cfg.ignore_label)
          .to(device_);
  BandStats stats = band_statistics(train, cfg.bands);
  band_mean_ = stats.mean.to(device_);
  band_std_ = stats.stdv.to(device_);
}

torch::Tensor LandCoverTrainer::normalise(const torch::Tensor& images) const {
  return (images.to(device_) - band_mean_) / band_std_;  //@bug P06B torch-dtype-mismatch
}

torch::Tensor LandCoverTrainer::loss(const torch::Tensor& logits,
                                     const torch::Tensor& labels) const {
  return F::cross_entropy(logits, labels,  //@bug P06A torch-loss-target-dtype|torch-dtype-mismatch
                          F::CrossEntropyFuncOptions()
                              .weight(class_weights_)
                              .ignore_index(cfg_.ignore_label));
}

double LandCoverTrainer::train_epoch(const TileDataset& data) {
  model_->train();
  std::vector<size_t> order(data.size());
  std::iota(order.begin(), order.end(), 0);
  std::shuffle(order.begin(), order.end(), std::mt19937(42));
  double total = 0.0;
  int64_t steps = 0;
  for (size_t s = 0; s < order.size(); s += static_cast<size_t>(cfg_.batch_size)) {
    std::vector<size_t> idx(order.begin() + s,
                            order.begin() + std::min(order.size(),
                                                     s + cfg_.batch_size));
    TileBatch b = data.batch(idx);
    auto x = normalise(b.images);
    auto y = b.labels.to(device_);
    optimizer_.zero_grad();
    auto logits = model_->forward(x);  //@bug P06B torch-dtype-mismatch
    auto l = loss(logits, y);
    l.backward();
    optimizer_.step();
    total += l.item<double>();
    ++steps;
  }
  return steps ? total / steps : 0.0;
}

double LandCoverTrainer::pixel_accuracy(const TileDataset& data) {
  torch::NoGradGuard no_grad;
  model_->eval();
  int64_t correct = 0, counted = 0;
  for (size_t s = 0; s < data.size(); s += static_cast<size_t>(cfg_.batch_size)) {
    std::vector<size_t> idx;
    for (size_t i = s; i < std::min(data.size(), s + cfg_.batch_size); ++i) idx.push_back(i);
    TileBatch b = data.batch(idx);
    auto pred = model_->forward(normalise(b.images)).argmax(1).cpu();  //@bug P06B torch-dtype-mismatch
    auto valid = b.labels.ne(cfg_.ignore_label);
    correct += pred.eq(b.labels).logical_and(valid).sum().item<int64_t>();
    counted += valid.sum().item<int64_t>();
  }
  return counted ? static_cast<double>(correct) / counted : 0.0;
}
