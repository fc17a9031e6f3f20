#pragma once

#include <torch/torch.h>

#include <string>

#include "checkpoint.h"
#include "config.h"
#include "vae.h"

class VaeTrainer {
 public:
  explicit VaeTrainer(const Runtime& rt);

  int64_t start_epoch() const { return start_epoch_; }
  // images: host [N, 1, 28, 28] in [0, 1]
  double train_epoch(const torch::Tensor& images, int64_t epoch);
  void write_latent_walk(const std::string& path, int64_t steps);

 private:
  VaeConfig cfg_;
  torch::Device device_;
  VAE model_;
  torch::optim::Adam optimizer_;
  Checkpointer ckpt_;
  int64_t start_epoch_ = 1;
};
