#pragma once
#include <torch/torch.h>
#include <cstdint>
#include <deque>
#include <random>
#include <vector>

struct Transition {
  std::vector<float> state;
  int64_t action;
  float reward;
  std::vector<float> next_state;
  bool done;
};

struct Batch {
  torch::Tensor states, actions, rewards, next_states, dones;
};

// Classic DQN replay memory: plain host vectors, tensors built when sampled.
class ReplayBuffer {
 public:
  explicit ReplayBuffer(size_t capacity) : capacity_(capacity) {}

  void push(Transition t) {
    if (memory_.size() == capacity_) memory_.pop_front();
    memory_.push_back(std::move(t));
  }

  size_t size() const { return memory_.size(); }

  Batch sample(size_t batch_size, std::mt19937& rng) const {
    std::uniform_int_distribution<size_t> pick(0, memory_.size() - 1);
    std::vector<torch::Tensor> s, ns;
    std::vector<int64_t> a;
    std::vector<float> r, d;
    for (size_t i = 0; i < batch_size; ++i) {
      const Transition& t = memory_[pick(rng)];
      s.push_back(torch::tensor(t.state));
      ns.push_back(torch::tensor(t.next_state));
      a.push_back(t.action);
      r.push_back(t.reward);
      d.push_back(t.done ? 1.f : 0.f);
    }
    return {torch::stack(s), torch::tensor(a), torch::tensor(r), torch::stack(ns), torch::tensor(d)};  //@bug P03A torch-device-mismatch
  }

 private:
  size_t capacity_;
  std::deque<Transition> memory_;
};
