// Cases for facts that come from elsewhere in the class or the file: a
// parameter takes what its callers pass (every caller, for a function only
// this file can call; one caller that passes a CPU tensor, for any other), a
// member vector filled in one method holds what every append put in it when
// another method reads it, and std::tie hands each local its share of a
// tuple result. Where no caller shows a CPU tensor, the method is virtual, or
// the member may change in a way the walk does not follow, they say nothing.
#include <torch/torch.h>

#include <tuple>
#include <utility>
#include <vector>

using Batch = std::vector<std::pair<torch::Tensor, torch::Tensor>>;

class Evaluator {
public:
  explicit Evaluator(torch::Device device) : device_(device), net_(4, 2) {
    net_->to(device_); // expected-note {{'net_' is moved to 'device_' here}}
  }

  // The only caller fills the batch on the CPU.
  double run() {
    Batch batch;
    for (int i = 0; i < 4; ++i)
      batch.emplace_back(torch::randn({2, 4}), torch::randint(0, 2, {2})); // expected-note {{'batch' is created on the CPU here ('torch::randn' with no device)}}
    return validate(batch); // expected-note {{'batch' is passed to 'validate' here}}
  }

  // A device handed in by every caller: the helper builds where it is told.
  double runOnDevice() {
    return scoreOn(device_);
  }

private:
  double validate(const Batch &batch) {
    double correct = 0;
    for (const auto &item : batch) {
      auto out = net_->forward(item.first); // expected-warning {{'net_' receives tensors on different devices: 'item.first' (argument 'input') is on the CPU but the parameters of 'net_' are on 'device_' [torch-device-mismatch]}}
      correct += out.argmax(1).eq(item.second).sum().item<double>();
    }
    return correct;
  }

  // Must stay silent: the parameter is a device, not a tensor born on the CPU.
  double scoreOn(torch::Device d) {
    auto x = torch::randn({2, 4}, d);
    return net_->forward(x).sum().item<double>();
  }

  torch::Device device_;
  torch::nn::Linear net_;
};

// A rollout agent keeps per-step values in a member vector.
class Agent {
public:
  explicit Agent(torch::Device device) : device_(device), critic_(4, 1) {
    critic_->to(device_); // expected-note {{'critic_' is moved to 'device_' here}}
  }

  void collect(const torch::Tensor &obs) {
    torch::Tensor value, hidden;
    std::tie(value, hidden) = evaluate(obs.to(device_)); // expected-note {{'value' is returned by 'evaluate' here}}
    values_.push_back(value);
    rewards_.push_back(torch::ones({1})); // expected-note {{'rewards_' is created on the CPU here ('torch::ones' with no device)}}
  }

  torch::Tensor update() {
    auto values = torch::stack(values_);
    auto rewards = torch::stack(rewards_);
    auto advantages = rewards - values; // expected-warning {{'operator-' receives tensors on different devices: 'rewards' is on the CPU but 'values' is on 'device_' [torch-device-mismatch]}}
    values_.clear();
    rewards_.clear();
    return advantages;
  }

private:
  std::tuple<torch::Tensor, torch::Tensor> evaluate(const torch::Tensor &x) {
    auto v = critic_->forward(x); // expected-note {{'v' is computed by 'critic_' here}}
    return std::make_tuple(v, v.detach());
  }

  torch::Device device_;
  torch::nn::Linear critic_;
  std::vector<torch::Tensor> values_, rewards_;
};

// Must stay silent: the member vector is handed out by non-const reference,
// so whoever holds it may put device tensors in it.
class Recorder {
public:
  explicit Recorder(torch::Device device) : device_(device) {}

  void record() { steps_.push_back(torch::zeros({1})); }
  std::vector<torch::Tensor> &steps() { return steps_; }

  torch::Tensor total() {
    return torch::stack(steps_) + torch::ones({1}, device_);
  }

private:
  torch::Device device_;
  std::vector<torch::Tensor> steps_;
};

// Must stay silent: a virtual method may be called through a base class by
// callers this file does not show.
class Scorer {
public:
  explicit Scorer(torch::Device device) : device_(device), net_(4, 2) {
    net_->to(device_);
  }
  virtual ~Scorer() = default;
  double once() { return score(torch::randn({2, 4})); }

protected:
  virtual double score(const torch::Tensor &x) {
    return net_->forward(x).sum().item<double>();
  }

  torch::Device device_;
  torch::nn::Linear net_;
};

// A trainer whose public step() the program calls with labels on the CPU:
// that call is the one that meets the model's device.
class Trainer {
public:
  explicit Trainer(torch::Device device) : device_(device), model_(4, 2) {
    model_->to(device_); // expected-note {{'model_' is moved to 'device_' here}}
  }

  torch::Tensor step(const torch::Tensor &images, const torch::Tensor &labels) {
    auto logits = model_->forward(images.to(device_)); // expected-note {{'logits' is computed by 'model_' here}}
    return torch::nn::functional::cross_entropy(logits, labels); // expected-warning {{'torch::nn::functional::cross_entropy' receives tensors on different devices: 'labels' (argument 'target') is on the CPU but 'logits' (argument 'input') is on 'device_' [torch-device-mismatch]}}
  }

  // Must stay silent: no caller shows where its input is.
  torch::Tensor score(const torch::Tensor &images) {
    return model_->forward(images) + torch::ones({1, 2}, device_);
  }

private:
  torch::Device device_;
  torch::nn::Linear model_;
};

torch::Tensor scoreAll(Trainer &t, const torch::Tensor &x) { return t.score(x); }

int main() {
  torch::Device device = torch::cuda::is_available() ? torch::kCUDA : torch::kCPU;
  Evaluator e(device);
  e.run();
  e.runOnDevice();
  Agent a(device);
  a.collect(torch::randn({1, 4}));
  a.update();
  Recorder r(device);
  r.record();
  r.total();
  Scorer s(device);
  s.once();
  Trainer t(device);
  t.step(torch::randn({2, 4}), torch::randint(0, 2, {2})); // expected-note {{'labels' is created on the CPU here ('torch::randint' with no device)}} expected-note {{'labels' is passed to 'step' here}}
}
