#pragma once

#include <torch/torch.h>

#include <cstdint>
#include <string>

// SimCLR-style self-supervised pre-training with a kNN monitor that keeps
// the labelled feature bank in host memory (the bank is large, the GPU small).
struct SimClrConfig {
  std::string unlabeled_path = "data/stl10_unlabeled.f32";
  std::string labeled_path = "data/stl10_train.f32";
  std::string labels_path = "data/stl10_train_labels.i64";
  std::string resume_from;

  int64_t image_size = 32;
  int64_t feature_dim = 256;
  int64_t proj_dim = 128;
  int64_t batch_size = 256;
  int64_t epochs = 100;
  double lr = 3e-4;
  double weight_decay = 1e-6;
  float temperature = 0.2f;

  int64_t bank_size = 5000;
  int64_t knn_k = 20;
  int64_t num_classes = 10;

  torch::Device device = torch::kCPU;
};
