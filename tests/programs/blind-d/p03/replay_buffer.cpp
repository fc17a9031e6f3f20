#include "replay_buffer.h"

ReplayBuffer::ReplayBuffer(size_t capacity, int64_t state_dim, unsigned seed)
    : capacity_(capacity), state_dim_(state_dim), rng_(seed) {
  data_.reserve(capacity);
}

void ReplayBuffer::push(Transition t) {
  if (data_.size() < capacity_) {
    data_.push_back(std::move(t));
  } else {
    data_[next_] = std::move(t);
  }
  next_ = (next_ + 1) % capacity_;
}

TransitionBatch ReplayBuffer::sample(size_t batch_size) {
  std::uniform_int_distribution<size_t> pick(0, data_.size() - 1);
  std::vector<double> states, next_states;
  std::vector<int64_t> actions;
  std::vector<float> rewards, dones;
  states.reserve(batch_size * state_dim_);
  next_states.reserve(batch_size * state_dim_);
  for (size_t i = 0; i < batch_size; ++i) {
    const Transition& t = data_[pick(rng_)];
    states.insert(states.end(), t.state.begin(), t.state.end());
    next_states.insert(next_states.end(), t.next_state.begin(),
                       t.next_state.end());
    actions.push_back(t.action);
    rewards.push_back(t.reward);
    dones.push_back(t.done ? 1.0f : 0.0f);
  }
  const auto B = static_cast<int64_t>(batch_size);
  TransitionBatch b;
  b.states = torch::from_blob(states.data(), {B, state_dim_}, torch::kFloat64)  //@bug P03B torch-dtype-mismatch
                 .clone();
  b.next_states = torch::from_blob(next_states.data(), {B, state_dim_}, torch::kFloat64)  //@bug P03B torch-dtype-mismatch
                      .clone();
  b.actions = torch::tensor(actions);  //@bug P03A torch-device-mismatch|torch-factory-missing-device
  b.rewards = torch::tensor(rewards);
  b.dones = torch::tensor(dones);
  return b;
}
