#pragma once

#include <torch/torch.h>

#include "config.h"

struct LangIdNetImpl : torch::nn::Module {
  LangIdNetImpl(const LangIdConfig& cfg, int64_t languages)
      : bag(torch::nn::EmbeddingBagOptions(cfg.buckets, cfg.dim).mode(torch::kMean)),
        classifier(cfg.dim, languages) {
    register_module("bag", bag);
    register_module("classifier", classifier);
    torch::NoGradGuard no_grad;
    bag->weight.uniform_(-1.0 / cfg.dim, 1.0 / cfg.dim);
    classifier->weight.zero_();
    classifier->bias.zero_();
  }

  torch::Tensor forward(const torch::Tensor& ngrams, const torch::Tensor& offsets) {
    return classifier(bag(ngrams, offsets));
  }

  torch::nn::EmbeddingBag bag;
  torch::nn::Linear classifier;
};
TORCH_MODULE(LangIdNet);
