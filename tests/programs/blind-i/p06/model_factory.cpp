#include "dkt_model.h"

DKT make_dkt(const Config& cfg) {
  torch::manual_seed(cfg.seed);
  DKT model(cfg.num_skills, cfg.embed_dim, cfg.hidden, cfg.dropout);
  torch::NoGradGuard no_grad;
  for (auto& p : model->named_parameters()) {
    if (p.key().find("weight_hh") != std::string::npos) torch::nn::init::orthogonal_(p.value());
    else if (p.key().find("weight") != std::string::npos && p.value().dim() == 2)
      torch::nn::init::xavier_uniform_(p.value());
    else if (p.key().find("bias") != std::string::npos) p.value().zero_();
  }
  // Start the LSTM's forget gates open (the second quarter of its biases).
  for (auto& p : model->lstm->named_parameters())
    if (p.key().find("bias_ih") != std::string::npos)
      p.value().narrow(0, cfg.hidden, cfg.hidden).fill_(1.0);
  return model;
}
