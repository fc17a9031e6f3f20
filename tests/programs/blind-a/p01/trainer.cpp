#include "trainer.h"

Trainer::Trainer(SmallConvNet model, const Config& cfg)
    : device_(cfg.device),
      model_(std::move(model)),
      optimizer_(model_->parameters(), torch::optim::SGDOptions(cfg.learning_rate).momentum(0.9)) {
  model_->to(device_);
}

double Trainer::train_step(const torch::Tensor& images, const torch::Tensor& labels) {
  model_->train();
  auto inputs = images.to(device_);
  optimizer_.zero_grad();
  auto logits = model_->forward(inputs);
  auto loss = torch::nn::functional::cross_entropy(logits, labels);  //@bug P01A torch-device-mismatch
  loss.backward();
  optimizer_.step();
  return loss.item<double>();
}

double Trainer::evaluate(const torch::Tensor& images, const torch::Tensor& labels) {
  torch::NoGradGuard no_grad;
  model_->eval();
  auto logits = model_->forward(images.to(device_));
  auto predicted = logits.argmax(1);
  auto correct = predicted.eq(labels.to(device_)).to(torch::kFloat);
  return correct.mean().item<double>();
}
