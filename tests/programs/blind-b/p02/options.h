#pragma once

#include <torch/torch.h>

#include <string>

struct TrainOptions {
  int64_t latent_dim = 16;
  int64_t hidden_dim = 256;
  int64_t data_dim = 2;
  int64_t batch_size = 256;
  int64_t iterations = 20000;
  int64_t critic_iters = 5;
  double lambda_gp = 10.0;
  double lr = 1e-4;
  double beta1 = 0.5;
  double beta2 = 0.9;
  int64_t log_every = 500;
  std::string out_dir = "wgan_out";
  torch::Device device = torch::kCPU;
};
