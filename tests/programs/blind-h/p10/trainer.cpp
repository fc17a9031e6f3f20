#include "trainer.h"

#include <algorithm>
#include <fstream>

namespace F = torch::nn::functional;

LangIdTrainer::LangIdTrainer(const LangIdConfig& cfg, int64_t languages, size_t train_size)
    : cfg_(cfg),
      model_(cfg, languages),
      optimizer_(model_->parameters(), torch::optim::SGDOptions(cfg.lr)) {
  if (cfg.resume && std::ifstream(cfg.checkpoint).good()) {
    torch::load(model_, cfg.checkpoint, torch::Device(torch::kCPU));
  }
  l2_ = torch::scalar_tensor(cfg.l2, torch::kFloat64);
  const auto per_epoch = static_cast<int64_t>((train_size + cfg.batch_size - 1) / cfg.batch_size);
  total_steps_ = std::max<int64_t>(1, per_epoch * cfg.epochs);
}

double LangIdTrainer::train_epoch(const Corpus& data, const BalancedSampler& sampler, int64_t epoch) {
  model_->train();
  const int64_t steps = static_cast<int64_t>((data.size() + cfg_.batch_size - 1) / cfg_.batch_size);
  double total = 0.0;
  for (int64_t s = 0; s < steps; ++s, ++step_) {
    const double lr = cfg_.lr * std::max(0.0, 1.0 - static_cast<double>(step_) / total_steps_);
    for (auto& group : optimizer_.param_groups())
      static_cast<torch::optim::SGDOptions&>(group.options()).lr(lr);

    TextBatch b = data.batch(sampler.draw(cfg_.batch_size));
    optimizer_.zero_grad();
    auto logits = model_->forward(b.ngrams, b.offsets);
    auto ce = F::cross_entropy(logits, b.labels,
                               F::CrossEntropyFuncOptions().label_smoothing(cfg_.label_smoothing));
    auto rows = model_->bag->weight.index_select(0, b.ngrams);  // rows used by this batch
    auto loss = ce + (rows.pow(2).sum(1) * l2_).mean();
    loss.backward();
    optimizer_.step();
    total += loss.item<double>();
  }
  (void)epoch;
  return steps ? total / static_cast<double>(steps) : 0.0;
}

void LangIdTrainer::save() { torch::save(model_, cfg_.checkpoint); }
