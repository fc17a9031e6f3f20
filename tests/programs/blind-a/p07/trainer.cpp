#include "classifier.h"
#include <iostream>

namespace F = torch::nn::functional;

Trainer::Trainer(const Config& cfg)
    : device_(cfg.device),
      model_(cfg.vocab, cfg.embed, cfg.classes),
      opt_(model_->parameters(), torch::optim::AdamOptions(1e-2)) {
  model_->to(device_);
}

double Trainer::train_batch(const torch::Tensor& tokens, const torch::Tensor& labels) {
  model_->train();
  auto logits = model_->forward(tokens.to(device_));
  auto loss = F::cross_entropy(logits, labels.to(device_));  //@bug P07A torch-loss-target-dtype
  opt_.zero_grad();
  loss.backward();
  opt_.step();
  return loss.item<double>();
}

void Trainer::report(const torch::Tensor& tokens) {
  torch::NoGradGuard no_grad;
  model_->eval();
  auto probs = torch::softmax(model_->forward(tokens.to(device_)), 1).cpu().contiguous();
  const double* p = probs.data_ptr<double>();  //@bug P07B torch-data-ptr-type
  for (int64_t i = 0; i < probs.size(0); ++i) {
    std::cout << "sample " << i << " p(class0)=" << p[i * probs.size(1)] << "\n";
  }
}
