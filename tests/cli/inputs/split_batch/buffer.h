// A replay buffer whose sample() returns a minibatch struct; its body is in
// buffer.cpp, the learner that uses it in learner.cpp.
#pragma once
#include <torch/torch.h>

#include <vector>

struct Batch {
  torch::Tensor Obs;
  torch::Tensor Actions;
};

class ReplayBuffer {
public:
  void push(std::vector<float> Obs, int64_t Action);
  Batch sample(int64_t N);

private:
  std::vector<std::vector<float>> Observations;
  std::vector<int64_t> Actions;
};
