#include "trainer.h"

#include <algorithm>
#include <vector>

#include "losses.h"
#include "metrics.h"

Trainer::Trainer(const Config& cfg) : cfg_(cfg), device_(training_device()), rng_(cfg.seed) {
  model_ = make_dkt(cfg_);
  model_->to(device_);
  optimizer_ = std::make_unique<torch::optim::Adam>(model_->parameters(),
                                                    torch::optim::AdamOptions(cfg_.lr));
}

double Trainer::train_epoch(KtDataset& data) {
  model_->train();
  data.shuffle(rng_);
  double total = 0.0;
  int64_t steps = 0;
  for (int64_t begin = 0; begin < data.size(); begin += cfg_.batch_size) {
    const int64_t end = std::min(data.size(), begin + cfg_.batch_size);
    KtBatch b = data.batch(begin, end);
    auto inputs = b.inputs.to(device_);
    auto next_skill = b.next_skill.to(device_);
    auto target = b.next_correct.to(device_);
    auto mask = b.mask.to(device_);

    auto logits = next_attempt_logits(model_->forward(inputs), next_skill);  //@bug P06B torch-from-blob-dtype
    auto loss = masked_bce(logits, target, mask);
    optimizer_->zero_grad();
    loss.backward();
    torch::nn::utils::clip_grad_norm_(model_->parameters(), cfg_.grad_clip);
    optimizer_->step();
    total += loss.item<double>();
    ++steps;
  }
  return steps ? total / static_cast<double>(steps) : 0.0;
}

EvalResult Trainer::evaluate(const KtDataset& data) {
  model_->eval();
  torch::NoGradGuard no_grad;
  std::vector<torch::Tensor> probs, labels;
  double total = 0.0;
  int64_t steps = 0;
  for (int64_t begin = 0; begin < data.size(); begin += cfg_.batch_size) {
    const int64_t end = std::min(data.size(), begin + cfg_.batch_size);
    KtBatch b = data.batch(begin, end);
    auto mask = b.mask.to(device_);
    auto target = b.next_correct.to(device_);
    auto logits = next_attempt_logits(model_->forward(b.inputs.to(device_)), b.next_skill.to(device_));
    total += masked_bce(logits, target, mask).item<double>();
    ++steps;
    probs.push_back(torch::sigmoid(logits).masked_select(mask));  //@bug P06A torch-host-read-device-tensor
    labels.push_back(target.masked_select(mask));
  }
  EvalResult r;
  r.loss = steps ? total / static_cast<double>(steps) : 0.0;
  auto p = torch::cat(probs);
  auto y = torch::cat(labels);
  r.auc = roc_auc(p, y);  //@bug P06A torch-host-read-device-tensor
  r.accuracy = accuracy(p, y);
  return r;
}

void Trainer::save() const { torch::save(model_, cfg_.checkpoint); }
