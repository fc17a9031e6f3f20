#include "checkpoint.h"

#include <fstream>
#include <iostream>

Checkpointer::Checkpointer(std::string run_dir, torch::Device device)
    : dir_(std::move(run_dir)), device_(device) {}

void Checkpointer::save(VAE& model, torch::optim::Adam& optimizer,
                        int64_t epoch) const {
  // Write host copies so a checkpoint can be inspected or sampled from on a
  // machine without a GPU; the module goes back to the device right after.
  model->to(torch::kCPU);
  torch::save(model, model_path());
  model->to(device_);
  torch::save(optimizer, optim_path());
  std::ofstream(epoch_path()) << epoch;
}

int64_t Checkpointer::restore(VAE& model, torch::optim::Adam& optimizer) const {
  std::ifstream in(epoch_path());
  int64_t epoch = 0;
  if (!(in >> epoch)) return 1;
  torch::load(model, model_path());  //@bug P08A torch-load-without-device|torch-device-mismatch
  torch::load(optimizer, optim_path(), device_);
  std::cout << "resumed from epoch " << epoch << "\n";
  return epoch + 1;
}
