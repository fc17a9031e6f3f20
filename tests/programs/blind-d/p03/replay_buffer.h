#pragma once

#include <torch/torch.h>

#include <cstddef>
#include <random>
#include <vector>

struct Transition {
  std::vector<double> state;
  int64_t action = 0;
  float reward = 0.0f;
  std::vector<double> next_state;
  bool done = false;
};

// Host-side mini-batch; the agent moves it next to its networks.
struct TransitionBatch {
  torch::Tensor states;       // [B, S]
  torch::Tensor actions;      // [B] int64
  torch::Tensor rewards;      // [B] float
  torch::Tensor next_states;  // [B, S]
  torch::Tensor dones;        // [B] float (1 = terminal)
};

class ReplayBuffer {
 public:
  ReplayBuffer(size_t capacity, int64_t state_dim, unsigned seed);

  void push(Transition t);
  TransitionBatch sample(size_t batch_size);
  size_t size() const { return data_.size(); }

 private:
  size_t capacity_;
  int64_t state_dim_;
  size_t next_ = 0;
  std::vector<Transition> data_;
  std::mt19937 rng_;
};
