// Cases for tensors held in pairs and plain structs: a struct whose fields
// are all tensors (a minibatch) and a std::pair are, flow-wise, tuples. A
// member read from one is what all the holder's tensors agree on, so a
// holder of CPU tensors gives CPU members, and a holder whose tensors differ
// or whose fields are written later says nothing.
#include <torch/torch.h>

#include <utility>

struct Minibatch {
  torch::Tensor obs, targets;
};

// A replay buffer that keeps its storage on the CPU and samples from it.
class Buffer {
public:
  explicit Buffer(int64_t n) : obs_(torch::zeros({n, 4})), targets_(torch::zeros({n})) {} // expected-note {{'obs_' is created on the CPU here ('torch::zeros' with no device)}}

  Minibatch sample(int64_t k) const {
    auto idx = torch::randint(0, obs_.size(0), {k}, torch::kLong);
    return {obs_.index({idx}), targets_.index({idx})};
  }

private:
  torch::Tensor obs_, targets_;
};

class Learner {
public:
  explicit Learner(torch::Device device)
      : device_(device), net_(torch::nn::Linear(4, 1)) {
    net_->to(device_); // expected-note {{'net_' is moved to 'device_' here}}
  }

  // The sampled minibatch goes to the network as it came: on the CPU.
  torch::Tensor learn(const Buffer &buffer) {
    auto batch = buffer.sample(8); // expected-note {{'batch.obs' is returned by 'sample' here, in its field 'obs'}}
    return net_->forward(batch.obs); // expected-warning {{'net_' receives tensors on different devices: 'batch.obs' (argument 'inputs') is on the CPU but the parameters of 'net_' are on 'device_' [torch-device-mismatch]}}
  }

  // Must stay silent: the minibatch's fields are moved before use, so its
  // facts at the sample are no longer true.
  torch::Tensor learnMoved(const Buffer &buffer) {
    auto batch = buffer.sample(8);
    batch.obs = batch.obs.to(device_);
    return net_->forward(batch.obs);
  }

  // Must stay silent: a minibatch built from the device stays there.
  torch::Tensor learnOnDevice(const torch::Tensor &x) {
    Minibatch batch{x.to(device_), torch::zeros({8}, device_)};
    return net_->forward(batch.obs);
  }

private:
  torch::Device device_;
  torch::nn::Sequential net_;
};

// A pair returned by a helper: both halves on the CPU.
std::pair<torch::Tensor, torch::Tensor> hostPair(int64_t n) {
  return {torch::zeros({n}), torch::ones({n})}; // expected-note {{'halves' is created on the CPU here ('torch::zeros' with no device)}}
}

// Must stay silent when used: the halves are on different devices, so the
// pair says nothing about either.
std::pair<torch::Tensor, torch::Tensor> mixedPair(int64_t n,
                                                  torch::Device device) {
  return {torch::zeros({n}), torch::ones({n}, device)};
}

// A template that builds a holder: each instantiation is analysed.
template <typename Holder> Holder hostHolder(int64_t n) {
  return {torch::zeros({n}), torch::zeros({n})}; // expected-note {{'held.targets' is created on the CPU here ('torch::zeros' with no device)}}
}

// A minibatch built field by field and returned: each field is what it was
// given (the notes follow the field read, here the targets).
Minibatch hostFields(int64_t n) {
  Minibatch batch;
  batch.obs = torch::zeros({n, 4});
  batch.targets = torch::ones({n}); // expected-note {{'fields.targets' is created on the CPU here ('torch::ones' with no device)}}
  return batch;
}

// An aggregate built in place.
Minibatch hostInPlace(int64_t n) {
  return Minibatch{torch::zeros({n, 4}), torch::ones({n})}; // expected-note {{'inPlace.targets' is created on the CPU here ('torch::ones' with no device)}}
}

// Must stay silent when used: one field on the CPU and one on the device,
// so the batch says nothing about either.
Minibatch mixedFields(int64_t n, torch::Device device) {
  Minibatch batch;
  batch.obs = torch::zeros({n, 4});
  batch.targets = torch::ones({n}, device);
  return batch;
}

// Must stay silent when used: a field handed by non-const reference to a
// function that may move it, after the assignments.
void maybeToGpu(torch::Tensor &t) {
  if (torch::cuda::is_available())
    t = t.to(torch::kCUDA);
}
Minibatch handedOut(int64_t n) {
  Minibatch batch;
  batch.obs = torch::zeros({n, 4});
  batch.targets = torch::zeros({n});
  maybeToGpu(batch.obs);
  return batch;
}

// Must stay silent when used: a batch that starts as another function's
// (unknown) result, one field replaced by a CPU tensor.
Minibatch fromElsewhere(int64_t n, const Minibatch &other) {
  Minibatch batch = other;
  batch.targets = torch::zeros({n});
  return batch;
}

int main() {
  torch::Device device =
      torch::cuda::is_available() ? torch::kCUDA : torch::kCPU;
  Buffer buffer(64);
  Learner learner(device);
  learner.learn(buffer);
  learner.learnMoved(buffer);
  learner.learnOnDevice(torch::randn({8, 4}));

  auto w = torch::ones({8}, device);
  auto halves = hostPair(8); // expected-note {{'halves' is returned by 'hostPair' here}}
  auto a = w + halves.first; // expected-warning {{'operator+' receives tensors on different devices: 'halves.first' is on the CPU but 'w' is on 'device', chosen at run time at line 123 [torch-device-mismatch]}}
  auto mixed = mixedPair(8, device);
  auto b = w + mixed.second;
  auto held = hostHolder<Minibatch>(8); // expected-note {{'held.targets' is returned by 'hostHolder' here, in its field 'targets'}}
  auto c = w * held.targets; // expected-warning {{'operator*' receives tensors on different devices: 'held.targets' is on the CPU but 'w' is on 'device', chosen at run time at line 123 [torch-device-mismatch]}}
  auto fields = hostFields(8); // expected-note {{'fields.targets' is returned by 'hostFields' here, in its field 'targets'}}
  auto d = w + fields.targets; // expected-warning {{'operator+' receives tensors on different devices: 'fields.targets' is on the CPU but 'w' is on 'device', chosen at run time at line 123 [torch-device-mismatch]}}
  auto inPlace = hostInPlace(8); // expected-note {{'inPlace.targets' is returned by 'hostInPlace' here, in its field 'targets'}}
  auto e = w + inPlace.targets; // expected-warning {{'operator+' receives tensors on different devices: 'inPlace.targets' is on the CPU but 'w' is on 'device', chosen at run time at line 123 [torch-device-mismatch]}}
  auto f = w + mixedFields(8, device).targets;
  auto g = w + handedOut(8).targets;
  auto h = w + fromElsewhere(8, Minibatch{w, w}).targets;
  return a.sum().item<float>() + b.sum().item<float>() + c.sum().item<float>() + d.sum().item<float>() + e.sum().item<float>() + f.sum().item<float>() + g.sum().item<float>() + h.sum().item<float>() > 0 ? 0 : 1;
}
