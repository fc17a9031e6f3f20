#pragma once

#include <torch/torch.h>

#include <string>

#include "config.h"
#include "gpt.h"
#include "tokenizer.h"

class LmTrainer {
 public:
  LmTrainer(const LmConfig& cfg, int64_t vocab, torch::Device device);

  double train_step(TokenStream& stream, int64_t step);
  double eval_loss(TokenStream& stream, int64_t batches);
  std::string generate(const CharTokenizer& tok, const std::string& prompt,
                       int64_t new_tokens, double temperature);
  void save() const { torch::save(model_, cfg_.checkpoint); }

 private:
  LmConfig cfg_;
  int64_t vocab_;
  torch::Device device_;
  CharGPT model_;
  torch::optim::AdamW optimizer_;
};
