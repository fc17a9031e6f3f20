#pragma once

#include <torch/torch.h>

#include <string>

#include "networks.h"

struct CheckpointPaths {
  std::string generator;
  std::string discriminator;
  std::string gen_optimizer;
  std::string disc_optimizer;

  explicit CheckpointPaths(const std::string& dir)
      : generator(dir + "/generator.pt"),
        discriminator(dir + "/discriminator.pt"),
        gen_optimizer(dir + "/gen_optim.pt"),
        disc_optimizer(dir + "/disc_optim.pt") {}
};

void save_checkpoint(const CheckpointPaths& paths, DCGenerator& gen, DCDiscriminator& disc,
                     torch::optim::Adam& gen_opt, torch::optim::Adam& disc_opt);

bool load_checkpoint(const CheckpointPaths& paths, DCGenerator& gen, DCDiscriminator& disc,
                     torch::optim::Adam& gen_opt, torch::optim::Adam& disc_opt,
                     const torch::Device& device);
