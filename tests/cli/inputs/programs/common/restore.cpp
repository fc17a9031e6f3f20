// Code every program may share (no main() above it): a checkpoint it reads
// may be the trainer's GPU one.
#include <torch/torch.h>

#include <string>

void restore(torch::nn::Linear &Model, const std::string &Path) {
  torch::load(Model, Path);
}
