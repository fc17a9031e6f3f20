#include "traj_model.h"

TrajLstm build_traj_model(const Config& cfg, const torch::Tensor& disp_std) {
  torch::manual_seed(cfg.seed);
  TrajLstm model(cfg.embed, cfg.hidden, disp_std);
  torch::NoGradGuard no_grad;
  model->head->weight.mul_(0.01);
  model->head->bias.zero_();
  return model;
}
