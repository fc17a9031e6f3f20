#pragma once

#include <string>

struct PPOConfig {
  std::string encoder_path = "models/obs_encoder.ts";  // TorchScript, exported from Python
  int64_t obs_dim = 48;
  int64_t feature_dim = 128;
  int64_t num_actions = 6;
  int64_t rollout_length = 2048;
  int64_t minibatch_size = 256;
  int64_t update_epochs = 4;
  double gamma = 0.99;
  double clip_eps = 0.2;
  double value_coef = 0.5;
  double entropy_coef = 0.01;
  double lr = 2.5e-4;
  bool use_cuda = true;
};
