#pragma once

#include <torch/torch.h>

#include <string>

#include "kg_data.h"
#include "sampler.h"
#include "transe.h"

struct KgConfig {
  std::string checkpoint = "checkpoints/transe.pt";
  std::string vectors_out = "out/entity_vectors.f32";
  int64_t dim = 100;
  int64_t batch_size = 512;
  int64_t negatives = 4;
  int64_t epochs = 200;
  double margin = 1.0;
  double lr = 0.01;
  double l2 = 1e-5;
};

struct RankMetrics {
  double mean_rank = 0.0;
  double hits_at_10 = 0.0;
};

class KgTrainer {
 public:
  KgTrainer(const KgConfig& cfg, const KnowledgeGraph& kg);

  double train_epoch(const torch::Tensor& triples);
  RankMetrics evaluate(const torch::Tensor& triples, int64_t max_queries);
  void save() const;
  void export_vectors() const;

 private:
  KgConfig cfg_;
  TransE model_;
  torch::optim::SGD optimizer_;
  NegativeSampler sampler_;
  torch::Tensor l2_weight_;  // 0-dim Double
};
