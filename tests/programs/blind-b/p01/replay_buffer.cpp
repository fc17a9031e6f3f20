#include "replay_buffer.h"

ReplayBuffer::ReplayBuffer(size_t capacity, unsigned seed)
    : capacity_(capacity), rng_(seed) {
  storage_.reserve(capacity_);
}

void ReplayBuffer::push(Transition transition) {
  if (storage_.size() < capacity_) {
    storage_.push_back(std::move(transition));
  } else {
    storage_[next_] = std::move(transition);
  }
  next_ = (next_ + 1) % capacity_;
}

Batch ReplayBuffer::sample(size_t batch_size) {
  std::uniform_int_distribution<size_t> pick(0, storage_.size() - 1);

  std::vector<torch::Tensor> states;
  std::vector<torch::Tensor> next_states;
  std::vector<int64_t> actions;
  std::vector<float> rewards;
  std::vector<float> dones;
  states.reserve(batch_size);
  next_states.reserve(batch_size);

  for (size_t i = 0; i < batch_size; ++i) {
    const Transition& t = storage_[pick(rng_)];
    states.push_back(torch::tensor(t.state));
    next_states.push_back(torch::tensor(t.next_state));
    actions.push_back(t.action);
    rewards.push_back(t.reward);
    dones.push_back(t.done ? 1.f : 0.f);
  }

  Batch batch;
  batch.states = torch::stack(states);
  batch.next_states = torch::stack(next_states);
  batch.actions = torch::tensor(actions);  //@bug P01A torch-device-mismatch|torch-factory-missing-device
  batch.rewards = torch::tensor(rewards);
  batch.dones = torch::tensor(dones);
  return batch;
}
