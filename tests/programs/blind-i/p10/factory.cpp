#include "localizer.h"

Localizer make_localizer(const Config& cfg) {
  torch::manual_seed(cfg.seed);
  Localizer model(cfg);
  torch::NoGradGuard no_grad;
  for (auto& p : model->named_parameters()) {
    if (p.key().find("weight") != std::string::npos)
      torch::nn::init::kaiming_uniform_(p.value(), 0.0, torch::kFanIn, torch::kReLU);
    else
      p.value().zero_();
  }
  return model;
}
