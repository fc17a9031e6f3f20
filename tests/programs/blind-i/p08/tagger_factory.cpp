#include "tagger_factory.h"

DeepSets build_tagger(const Config& cfg, const DatasetStats& stats) {
  torch::manual_seed(cfg.seed);
  DeepSets tagger(cfg.num_features, cfg.hidden, cfg.num_classes, stats.feature_mean,  //@bug P08A torch-dtype-mismatch
                  stats.feature_std, stats.log_prior, cfg.logit_adjust_tau);  //@bug P08B torch-device-mismatch
  // Small last layer: start from the prior, not from noise.
  auto* last = tagger->rho[tagger->rho->size() - 1]->as<torch::nn::Linear>();
  torch::NoGradGuard no_grad;
  last->weight.mul_(0.1);
  last->bias.zero_();
  return tagger;
}
