#pragma once

#include <torch/torch.h>

#include <cstdint>
#include <string>

// Variational autoencoder on MNIST with resumable training.
struct VaeConfig {
  std::string mnist_root = "data/mnist";
  std::string run_dir = "runs/vae";
  int64_t input_dim = 784;
  int64_t hidden = 400;
  int64_t latent = 20;
  int64_t batch_size = 128;
  int64_t epochs = 50;
  int64_t save_every = 5;
  double lr = 1e-3;
  double kl_warmup_epochs = 10.0;
  bool resume = false;
};

struct Runtime {
  VaeConfig cfg;
  torch::Device device = torch::kCPU;
};
