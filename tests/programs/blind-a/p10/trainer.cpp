#include "trainer.h"

Trainer::Trainer(const Config& cfg, const std::vector<float>& class_weights)
    : device_(cfg.device), model_(cfg.vocab, cfg.embed, cfg.hidden, cfg.classes) {
  criterion_ = torch::nn::CrossEntropyLoss(torch::nn::CrossEntropyLossOptions().weight(torch::tensor(class_weights)));
  model_->to(device_);
  criterion_->to(device_);
  opt_ = std::make_unique<torch::optim::Adam>(model_->parameters(), torch::optim::AdamOptions(3e-3));
}

double Trainer::step(const PaddedBatch& batch) {
  model_->train();
  auto logits = model_->forward(batch.tokens.to(device_), batch.lengths);
  auto loss = criterion_(logits, batch.labels.to(device_));
  opt_->zero_grad();
  loss.backward();
  opt_->step();
  return loss.item<double>();
}

std::vector<float> Trainer::top_probability(const PaddedBatch& batch) {
  torch::NoGradGuard no_grad;
  model_->eval();
  auto probs = torch::softmax(model_->forward(batch.tokens.to(device_), batch.lengths), 1);
  auto top = std::get<0>(probs.max(1)).cpu().contiguous();
  auto threshold = torch::full({top.size(0)}, 0.5f);
  auto shown = torch::where(top > threshold, top, torch::zeros_like(top));
  const float* p = shown.data_ptr<float>();
  return std::vector<float>(p, p + shown.numel());
}
