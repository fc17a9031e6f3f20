// Cases for device facts held in class members: a trainer keeps its device
// and model in fields set by the constructor, and its member functions use
// them. Fields of ordinary classes are abstract locations whose facts on entry
// to a member function are what every constructor leaves there.
#include <torch/torch.h>

#include <vector>

struct NetImpl : torch::nn::Module {
  NetImpl() { fc = register_module("fc", torch::nn::Linear(8, 2)); }
  torch::Tensor forward(torch::Tensor x) { return fc(x); }
  torch::nn::Linear fc{nullptr};
};
TORCH_MODULE(Net);

// The trainer of public code: device and model in members, labels forgotten.
class Trainer {
public:
  explicit Trainer(torch::Device device) : device_(device) {
    model_->to(device_); // expected-note {{'model_' is moved to 'device_' here}}
  }

  torch::Tensor step(const torch::Tensor &inputs) {
    auto out = model_->forward(inputs.to(device_)); // expected-note {{'out' is computed by 'model_' here}}
    auto labels = torch::zeros({4}, torch::kLong); // expected-note {{'labels' is created on the CPU here ('torch::zeros' with no device)}}
    return loss_fn_(out, labels); // expected-warning {{'loss_fn_' receives tensors on different devices: 'labels' (argument 'target') is on the CPU but 'out' (argument 'input') is on 'device_' [torch-device-mismatch]}}
  }

private:
  torch::Device device_;
  Net model_;
  torch::nn::CrossEntropyLoss loss_fn_;
};

// The model moved in the constructor, fed a CPU tensor by another method.
class Agent {
public:
  Agent(torch::Device device) : device_(device), policy_(Net()) {
    policy_->to(device); // expected-note {{'policy_' is moved to 'device' here}}
  }
  torch::Tensor act() {
    auto obs = torch::randn({1, 8}); // expected-note {{'obs' is created on the CPU here ('torch::randn' with no device)}}
    return policy_(obs); // expected-warning {{'policy_' receives tensors on different devices: 'obs' (argument 'x') is on the CPU but the parameters of 'policy_' are on 'device' [torch-device-mismatch]}}
  }

private:
  torch::Device device_;
  Net policy_;
};

// A replay buffer whose storage is created on the CPU in the constructor and
// later combined with device tensors.
class ReplayBuffer {
public:
  ReplayBuffer(int64_t capacity, torch::Device device)
      : device_(device), rewards_(torch::zeros({capacity})) {} // expected-note {{'rewards_' is created on the CPU here ('torch::zeros' with no device)}}

  torch::Tensor discounted(const torch::Tensor &values) {
    auto v = values.to(device_); // expected-note {{'v' is moved to 'device_' here}}
    return rewards_ + 0.99 * v; // expected-warning {{'operator+' receives tensors on different devices: 'rewards_' is on the CPU but '0.99 * v' is on 'device_' [torch-device-mismatch]}}
  }

private:
  torch::Device device_;
  torch::Tensor rewards_;
};

// A member function returning a CPU tensor to another member function.
class Evaluator {
public:
  Evaluator(torch::Device device) : device_(device) { model_->to(device_); } // expected-note {{'model_' is moved to 'device_' here}}

  torch::Tensor makeTargets() { return torch::ones({4}, torch::kLong); } // expected-note {{'targets' is created on the CPU here ('torch::ones' with no device)}}

  torch::Tensor evaluate(const torch::Tensor &x) {
    auto out = model_(x.to(device_)); // expected-note {{'out' is computed by 'model_' here}}
    auto targets = makeTargets(); // expected-note {{'targets' is returned by 'makeTargets' here}}
    return torch::nn::functional::cross_entropy(out, targets); // expected-warning {{'torch::nn::functional::cross_entropy' receives tensors on different devices: 'targets' (argument 'target') is on the CPU but 'out' (argument 'input') is on 'device_' [torch-device-mismatch]}}
  }

private:
  torch::Device device_;
  Net model_;
};

// A loss class builds its class weights on the CPU in its constructor; its
// call operator hands them to cross_entropy with the caller's device logits.
// The factory lies in another function than the meeting, so this is a
// mismatch whose notes walk back to the constructor, not a factory finding.
class WeightedLoss {
public:
  explicit WeightedLoss(const std::vector<double> &freq) {
    auto f = torch::tensor(freq, torch::kFloat); // expected-note {{'f' is created on the CPU here ('torch::tensor' with no device)}}
    weights_ = 1.0 / torch::log(1.02 + f / f.sum());
  }
  torch::Tensor operator()(const torch::Tensor &logits,
                           const torch::Tensor &target) const {
    namespace F = torch::nn::functional;
    return F::cross_entropy(logits, target, // expected-warning {{'F::cross_entropy' receives tensors on different devices: 'weights_' (argument 'weight') is on the CPU but 'logits' (argument 'input') is on the device of input 'logits' [torch-device-mismatch]}}
                            F::CrossEntropyFuncOptions().weight(weights_));
  }

private:
  torch::Tensor weights_;
};

// A loss module built with class weights in the constructor and never
// moved: in every member function it holds that CPU weight, which meets the
// model's outputs on the device (a bug maintainers of public projects fixed).
class WeightedTrainer {
public:
  WeightedTrainer(torch::Device device, const std::vector<float> &freq)
      : device_(device) {
    model_->to(device_); // expected-note {{'model_' is moved to 'device_' here}}
    auto w = torch::tensor(freq); // expected-note {{'w' is created on the CPU here ('torch::tensor' with no device)}}
    ce_ = torch::nn::CrossEntropyLoss(
        torch::nn::CrossEntropyLossOptions().weight(w)); // expected-note {{'w' is given to 'ce_' as its weight here}}
  }

  torch::Tensor step(const torch::Tensor &inputs, const torch::Tensor &labels) {
    auto out = model_->forward(inputs.to(device_)); // expected-note {{'out' is computed by 'model_' here}}
    return ce_(out, labels.to(device_)); // expected-warning {{'ce_' receives tensors on different devices: the parameters of 'ce_' are on the CPU but 'out' (argument 'input') is on 'device_' [torch-device-mismatch]}}
  }

private:
  torch::Device device_;
  Net model_;
  torch::nn::CrossEntropyLoss ce_{nullptr};
};

//===----------------------------------------------------------------------===//
// Must stay silent.
//===----------------------------------------------------------------------===//

// A configuration whose device every write in the unit fixes to the CPU (its
// in-class initialiser and nothing else): the trainer built from it holds the
// CPU, so the labels it never moves meet CPU outputs.
struct CpuConfig {
  torch::Device device{torch::kCPU};
  int64_t classes = 2;
};
class CpuConfiguredTrainer {
public:
  explicit CpuConfiguredTrainer(const CpuConfig &cfg) : device_(cfg.device) {
    model_->to(device_);
  }
  torch::Tensor step(const torch::Tensor &x) {
    auto labels = torch::zeros({4}, torch::kLong);
    return torch::nn::functional::cross_entropy(model_(x.to(device_)), labels);
  }

private:
  torch::Device device_;
  Net model_;
};

// Storage moved to the device in the constructor body: every member function
// sees it there.
class MovedStorage {
public:
  MovedStorage(torch::Device device) : device_(device) {
    states_ = torch::zeros({16, 8}).to(device_);
  }
  torch::Tensor add(const torch::Tensor &s) { return states_ + s.to(device_); }

private:
  torch::Device device_;
  torch::Tensor states_;
};

// Another member function changes the field: its facts on entry are unknown.
class Reassigned {
public:
  Reassigned() : buf_(torch::zeros({4})) {}
  void moveTo(torch::Device d) { buf_ = buf_.to(d); }
  torch::Tensor use(torch::Device d) { return buf_ + torch::ones({4}).to(d); }

private:
  torch::Tensor buf_;
};

// Two constructors disagree (one leaves the field unknown): unknown.
class TwoCtors {
public:
  TwoCtors() : buf_(torch::zeros({4})) {}
  explicit TwoCtors(torch::Tensor b) : buf_(b) {}
  torch::Tensor use(torch::Device d) { return buf_ + torch::ones({4}).to(d); }

private:
  torch::Tensor buf_;
};

// A module's own fields are registered and move with it: in forward() they
// are where the input is, whatever the constructor made.
struct WithBuffer : torch::nn::Module {
  WithBuffer() { scale = register_buffer("scale", torch::ones({8})); }
  torch::Tensor forward(torch::Tensor x) { return x * scale; }
  torch::Tensor scale;
};

// A CPU-only class: everything on the CPU, nothing to report.
class CpuStats {
public:
  CpuStats() : sum_(torch::zeros({8})) {}
  void add(const torch::Tensor &x) { sum_ += x; }
  torch::Tensor mean(int64_t n) { return sum_ / n; }

private:
  torch::Tensor sum_;
};

// The same loss moved with the model in the constructor: its weight buffer
// is on the device in every member function.
class MovedLossTrainer {
public:
  MovedLossTrainer(torch::Device device, const std::vector<float> &freq)
      : device_(device) {
    model_->to(device_);
    ce_ = torch::nn::CrossEntropyLoss(
        torch::nn::CrossEntropyLossOptions().weight(torch::tensor(freq)));
    ce_->to(device_);
  }

  torch::Tensor step(const torch::Tensor &inputs, const torch::Tensor &labels) {
    auto out = model_->forward(inputs.to(device_));
    return ce_(out, labels.to(device_));
  }

private:
  torch::Device device_;
  Net model_;
  torch::nn::CrossEntropyLoss ce_{nullptr};
};

// A holder built with nullptr and assigned later in a member function.
class LateModel {
public:
  LateModel() : model_(nullptr) {}
  void build(torch::Device d) {
    model_ = Net();
    model_->to(d);
  }
  torch::Tensor run(const torch::Tensor &x) { return model_(x); }

private:
  Net model_;
};

int main() {
  torch::Device device(torch::cuda::is_available() ? torch::kCUDA
                                                   : torch::kCPU);
  Trainer t(device);
  t.step(torch::randn({4, 8}));
  Agent a(device);
  a.act();
  ReplayBuffer rb(4, device);
  rb.discounted(torch::randn({4}));
  Evaluator e(device);
  e.evaluate(torch::randn({4, 8}));
  MovedStorage ms(device);
  ms.add(torch::randn({8}));
  Reassigned r;
  r.moveTo(device);
  r.use(device);
  TwoCtors tc;
  tc.use(device);
  CpuStats cs;
  cs.add(torch::randn({8}));
  cs.mean(1);
  WeightedLoss wl({0.5, 0.5});
  wl(torch::randn({4, 2}).to(device),
     torch::zeros({4}, torch::kLong).to(device));
  CpuConfig cc;
  CpuConfiguredTrainer ct(cc);
  ct.step(torch::randn({4, 8}));
  LateModel lm;
  lm.build(device);
  lm.run(torch::randn({2, 8}).to(device));
}
