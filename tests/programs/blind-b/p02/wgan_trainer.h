#pragma once

#include <torch/torch.h>

#include "models.h"
#include "options.h"
#include "toy_data.h"

class WGANTrainer {
 public:
  explicit WGANTrainer(TrainOptions opts);

  void train();

 private:
  std::pair<double, double> step();
  torch::Tensor gradient_penalty(const torch::Tensor& real,
                                 const torch::Tensor& fake);
  torch::Tensor sample_noise(int64_t n) const;
  void dump_samples(int64_t iteration);

  TrainOptions opts_;
  Generator generator_;
  Critic critic_;
  torch::optim::Adam gen_optim_;
  torch::optim::Adam critic_optim_;
  RingOfGaussians data_;
  torch::Tensor fixed_noise_;
};
