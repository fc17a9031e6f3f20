#include "sketch_net.h"

SketchNet build_sketch_net(const Config& cfg, int64_t num_classes, const torch::Tensor& delta_scale) {
  torch::manual_seed(cfg.seed);
  SketchNet net(num_classes, cfg.hidden, delta_scale);
  torch::NoGradGuard no_grad;
  for (auto& m : net->modules(/*include_self=*/false)) {
    if (auto* conv = m->as<torch::nn::Conv1d>()) {
      torch::nn::init::kaiming_normal_(conv->weight, 0.0, torch::kFanOut, torch::kReLU);
      conv->bias.zero_();
    }
  }
  return net;
}
