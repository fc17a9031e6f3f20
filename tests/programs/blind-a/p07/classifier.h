#pragma once
#include <torch/torch.h>
#include "config.h"

struct BagClassifierImpl : torch::nn::Module {
  BagClassifierImpl(int64_t vocab, int64_t embed, int64_t classes)
      : emb(register_module("emb", torch::nn::Embedding(vocab, embed))),
        fc(register_module("fc", torch::nn::Linear(embed, classes))) {}
  torch::Tensor forward(const torch::Tensor& tokens) { return fc(emb(tokens).mean(1)); }
  torch::nn::Embedding emb;
  torch::nn::Linear fc;
};
TORCH_MODULE(BagClassifier);

class Trainer {
 public:
  explicit Trainer(const Config& cfg);
  double train_batch(const torch::Tensor& tokens, const torch::Tensor& labels);
  void report(const torch::Tensor& tokens);

 private:
  torch::Device device_;
  BagClassifier model_;
  torch::optim::Adam opt_;
};
