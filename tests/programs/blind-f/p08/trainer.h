#pragma once

#include <torch/torch.h>

#include <string>
#include <vector>

#include "config.h"
#include "conll_dataset.h"
#include "tagger.h"

class NerTrainer {
 public:
  NerTrainer(const NerConfig& cfg, int64_t vocab_size,
             std::vector<std::string> tag_names);

  double train_epoch(const ConllCorpus& data);
  double evaluate(const ConllCorpus& data);

 private:
  torch::Tensor tag_weights() const;

  NerConfig cfg_;
  torch::Device device_;
  std::vector<std::string> tag_names_;
  BiLstmTagger model_;
  torch::optim::Adam optimizer_;
  torch::Tensor class_weights_;  // [num_tags] on device_
  torch::Tensor loss_scale_;     // 0-dim, host
};
