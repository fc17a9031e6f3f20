#pragma once

#include <torch/torch.h>

#include <cstdint>
#include <string>

// Boosted-jet tagging: QCD (0), W boson (1), top quark (2) jets from the
// detector simulation, up to 64 particle-flow constituents per jet.
struct Config {
  std::string train_path = "data/jets_train.txt";
  std::string val_path = "data/jets_val.txt";
  std::string checkpoint = "deepsets_tagger.pt";
  int64_t num_classes = 3, max_particles = 64, num_features = 6, hidden = 128;
  int64_t batch_size = 256, epochs = 30;
  double lr = 1e-3;
  double logit_adjust_tau = 1.0;  // strength of the prior correction during training
  uint64_t seed = 2012;
};

inline torch::Device pick_device() {
  return torch::cuda::is_available() ? torch::Device(torch::kCUDA) : torch::Device(torch::kCPU);
}
