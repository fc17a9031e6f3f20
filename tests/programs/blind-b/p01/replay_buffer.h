#pragma once

#include <torch/torch.h>

#include <random>
#include <vector>

struct Transition {
  std::vector<float> state;
  int64_t action = 0;
  float reward = 0.f;
  std::vector<float> next_state;
  bool done = false;
};

struct Batch {
  torch::Tensor states;
  torch::Tensor actions;
  torch::Tensor rewards;
  torch::Tensor next_states;
  torch::Tensor dones;
};

class ReplayBuffer {
 public:
  explicit ReplayBuffer(size_t capacity, unsigned seed = 1234);

  void push(Transition transition);
  Batch sample(size_t batch_size);

  size_t size() const { return storage_.size(); }
  bool ready(size_t batch_size) const { return storage_.size() >= batch_size; }

 private:
  size_t capacity_;
  size_t next_ = 0;
  std::vector<Transition> storage_;
  std::mt19937 rng_;
};
