#include <cmath>

#include "chess_net.h"

namespace {

void init_weights(torch::nn::Module& m) {
  torch::NoGradGuard no_grad;
  if (auto* conv = m.as<torch::nn::Conv2d>()) {
    torch::nn::init::kaiming_normal_(conv->weight, 0.0, torch::kFanOut, torch::kReLU);
    if (conv->bias.defined()) conv->bias.zero_();
  } else if (auto* fc = m.as<torch::nn::Linear>()) {
    torch::nn::init::xavier_uniform_(fc->weight);
    fc->bias.zero_();
  }
}

}  // namespace

ChessNet build_network(const ChessConfig& cfg) {
  ChessNet net(cfg);
  net->apply(init_weights);
  // Zero the last batch-norm scale of every residual block so that each block
  // starts as the identity (Goyal et al. 2017).
  for (auto& child : net->tower->children()) {
    if (auto* block = child->as<ResidualBlockImpl>()) block->bn2->weight.data().zero_();
  }
  return net;  //@bug P06A torch-device-mismatch
}
