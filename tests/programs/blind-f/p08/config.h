#pragma once

#include <torch/torch.h>

#include <cstdint>
#include <string>

// Named-entity tagger (BiLSTM + softmax, BIO tags) for clinical notes.
struct NerConfig {
  std::string train_file = "data/notes_train.conll";
  std::string dev_file = "data/notes_dev.conll";
  int64_t embed_dim = 100;
  int64_t hidden = 128;
  int64_t batch_size = 32;
  int64_t max_len = 96;
  int64_t epochs = 15;
  int64_t ignore_index = -100;
  double lr = 1e-3;
  double outside_weight = 0.5;  // down-weights the dominant "O" tag
  double loss_scale = 1.0;
  torch::Device device = torch::kCPU;
};
