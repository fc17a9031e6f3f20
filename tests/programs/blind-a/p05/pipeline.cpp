#include "pipeline.h"
#include <vector>

PipelineTrainer::PipelineTrainer(const PipelineConfig& cfg)
    : stage0_(cfg.stage0), stage1_(cfg.stage1), encoder_(cfg.in_dim, cfg.hidden), decoder_(cfg.hidden, cfg.out_dim) {
  encoder_->to(stage0_);
  decoder_->to(stage1_);
  std::vector<torch::Tensor> params = encoder_->parameters();
  for (const auto& p : decoder_->parameters()) params.push_back(p);
  optimizer_ = std::make_unique<torch::optim::Adam>(params, torch::optim::AdamOptions(cfg.lr));
}

double PipelineTrainer::step(const torch::Tensor& x, const torch::Tensor& y) {
  optimizer_->zero_grad();
  auto h = encoder_->forward(x.to(stage0_));
  auto out = decoder_->forward(h);  //@bug P05A torch-device-mismatch
  auto loss = torch::mse_loss(out, y.to(stage0_));  //@bug P05B torch-device-mismatch
  loss.backward();
  optimizer_->step();
  return loss.item<double>();
}
