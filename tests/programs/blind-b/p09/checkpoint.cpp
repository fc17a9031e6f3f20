#include "checkpoint.h"

#include <fstream>
#include <iostream>

namespace {

bool exists(const std::string& path) { return std::ifstream(path).good(); }

}  // namespace

void save_checkpoint(const CheckpointPaths& paths, DCGenerator& gen, DCDiscriminator& disc,
                     torch::optim::Adam& gen_opt, torch::optim::Adam& disc_opt) {
  torch::save(gen, paths.generator);
  torch::save(disc, paths.discriminator);
  torch::save(gen_opt, paths.gen_optimizer);
  torch::save(disc_opt, paths.disc_optimizer);
}

bool load_checkpoint(const CheckpointPaths& paths, DCGenerator& gen, DCDiscriminator& disc,
                     torch::optim::Adam& gen_opt, torch::optim::Adam& disc_opt,
                     const torch::Device& device) {
  if (!exists(paths.generator) || !exists(paths.discriminator)) {
    return false;
  }
  // Map every tensor onto the training device, whatever device wrote it.
  torch::load(gen, paths.generator, device);
  torch::load(disc, paths.discriminator, device);
  if (exists(paths.gen_optimizer) && exists(paths.disc_optimizer)) {
    torch::load(gen_opt, paths.gen_optimizer, device);
    torch::load(disc_opt, paths.disc_optimizer, device);
  }
  std::cout << "resumed from " << paths.generator << std::endl;
  return true;
}
