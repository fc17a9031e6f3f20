#pragma once

#include <torch/torch.h>

#include <cstdint>
#include <string>

#include "vae.h"

// Keeps the latest model/optimizer pair in run_dir plus the epoch counter.
class Checkpointer {
 public:
  Checkpointer(std::string run_dir, torch::Device device);

  void save(VAE& model, torch::optim::Adam& optimizer, int64_t epoch) const;
  // Restores model and optimizer in place; returns the next epoch to run
  // (1 when there is nothing to resume from).
  int64_t restore(VAE& model, torch::optim::Adam& optimizer) const;

 private:
  std::string model_path() const { return dir_ + "/vae_model.pt"; }
  std::string optim_path() const { return dir_ + "/vae_adam.pt"; }
  std::string epoch_path() const { return dir_ + "/epoch.txt"; }

  std::string dir_;
  torch::Device device_;
};
