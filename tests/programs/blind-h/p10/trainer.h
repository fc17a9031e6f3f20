#pragma once

#include <torch/torch.h>

#include <string>
#include <utility>
#include <vector>

#include "config.h"
#include "corpus.h"
#include "langid_model.h"
#include "sampler.h"

class LangIdTrainer {
 public:
  LangIdTrainer(const LangIdConfig& cfg, int64_t languages, size_t train_size);

  double train_epoch(const Corpus& data, const BalancedSampler& sampler, int64_t epoch);
  void save();
  LangIdNet& model() { return model_; }

 private:
  LangIdConfig cfg_;
  LangIdNet model_;
  torch::optim::SGD optimizer_;
  torch::Tensor l2_;  // 0-dim
  int64_t step_ = 0, total_steps_ = 1;
};

// ---- evaluation (metrics.cpp) ----

struct LangReport {
  torch::Tensor confusion;  // [C, C] Long, rows = truth
  double accuracy = 0.0;
  std::vector<double> f1;
};

LangReport evaluate(LangIdNet& model, const Corpus& test, int64_t languages, int64_t batch_size);
void print_report(const LangReport& r, const std::vector<std::string>& languages);

// The k most likely languages of one text, with the training prior added.
std::vector<std::pair<int64_t, float>> top_languages(LangIdNet& model, const TextBatch& text,
                                                     const torch::Tensor& log_prior, int64_t k);
