#pragma once

#include <torch/torch.h>

#include <vector>

#include "text.h"

struct SentimentNetImpl : torch::nn::Module {
  SentimentNetImpl(int64_t vocab, int64_t dim, int64_t classes)
      : bag(register_module("bag", torch::nn::EmbeddingBag(
                                       torch::nn::EmbeddingBagOptions(vocab, dim).mode(torch::kMean)))),
        hidden(register_module("hidden", torch::nn::Linear(dim, dim))),
        out(register_module("out", torch::nn::Linear(dim, classes))) {}

  torch::Tensor forward(const torch::Tensor& tokens, const torch::Tensor& offsets) {
    auto h = torch::relu(hidden(bag(tokens, offsets)));
    return torch::log_softmax(out(h), 1);
  }

  torch::nn::EmbeddingBag bag;
  torch::nn::Linear hidden, out;
};
TORCH_MODULE(SentimentNet);

struct TrainConfig {
  torch::Device device = torch::kCPU;
  size_t batch_size = 32;
  int64_t epochs = 4;
  double lr = 0.05;
};

double train_epoch(SentimentNet& model, torch::optim::Optimizer& optimizer,
                   const std::vector<Review>& reviews, const Vocab& vocab, const TrainConfig& cfg);
double accuracy(SentimentNet& model, const std::vector<Review>& reviews, const Vocab& vocab,
                const TrainConfig& cfg);
