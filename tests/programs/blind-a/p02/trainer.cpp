#include "trainer.h"

SegTrainer::SegTrainer(const SegConfig& cfg, const torch::Tensor& class_weights)
    : device_(cfg.device),
      model_(cfg.in_channels, cfg.num_classes),
      criterion_(torch::nn::CrossEntropyLossOptions().weight(class_weights)) {  //@bug P02A torch-device-mismatch
  model_->to(device_);
  optimizer_ = std::make_unique<torch::optim::Adam>(model_->parameters(), torch::optim::AdamOptions(cfg.lr));
}

double SegTrainer::step(const torch::Tensor& images, const torch::Tensor& masks) {
  model_->train();
  auto x = images.to(device_);
  auto y = masks.to(device_);
  optimizer_->zero_grad();
  auto logits = model_->forward(x);
  auto loss = criterion_(logits, y);  //@bug P02A torch-device-mismatch //@bug P02B torch-loss-target-dtype
  loss.backward();
  optimizer_->step();
  return loss.item<double>();
}

torch::Tensor SegTrainer::predict(const torch::Tensor& images) {
  torch::NoGradGuard no_grad;
  model_->eval();
  return model_->forward(images.to(device_)).argmax(1).cpu();
}
