// Cases for device values, not tensors: a local built as a constant device
// and never changed is that device (two GPUs of a pipeline meet), and a
// user's device-valued function or getter gives what every return of its
// body gives (a constant, an argument, the object's device field), so a
// caller's options built from `agent.device()` put tensors on that object's
// run-time device. One bug is one finding: the CPU output of a module that
// has just failed on its input raises no second one. Where a device local
// may change, or a getter's returns are unknown or disagree, nothing is said.
#include <torch/torch.h>

#include <memory>
#include <tuple>

#define SECOND_GPU torch::Device(torch::kCUDA, 1)

int pipeline() {
  if (torch::cuda::device_count() < 2)
    return 0;
  torch::Device gpu0(torch::kCUDA, 0);
  torch::Device gpu1(torch::kCUDA, 1);
  torch::nn::Linear stage1(8, 8), stage2(8, 2);
  stage1->to(gpu0); // expected-note {{'stage1' is moved to cuda:0 here}}
  stage2->to(gpu1); // expected-note {{'stage2' is moved to cuda:1 here}}
  auto x = torch::randn({4, 8}, gpu0);
  auto h = torch::relu(stage1->forward(x)); // expected-note {{'h' is computed by 'stage1' here}}
  auto bad = stage2->forward(h); // expected-warning {{'stage2' receives tensors on different devices: 'h' (argument 'input') is on cuda:0 but the parameters of 'stage2' are on cuda:1 [torch-device-mismatch]}}
  // Must stay silent: the activation hops to the second GPU first.
  auto good = stage2->forward(h.to(gpu1));
  return static_cast<int>(bad.size(1) + good.size(1));
}

// The same pipeline with the second device spelled by a macro.
int pipelineMacro() {
  if (torch::cuda::device_count() < 2)
    return 0;
  const torch::Device second = SECOND_GPU;
  torch::nn::Linear head(8, 2);
  head->to(second); // expected-note {{'head' is moved to cuda:1 here}}
  auto x = torch::randn({4, 8}, torch::Device(torch::kCUDA, 0));
  return static_cast<int>(head->forward(x).size(1)); // expected-warning {{'head' receives tensors on different devices: 'x' (argument 'input') is on cuda:0 but the parameters of 'head' are on cuda:1 [torch-device-mismatch]}}
}

// Must stay silent: the device local is reassigned, so it is a run-time
// choice that may be the first GPU after all.
int pipelineReassigned(bool same) {
  if (torch::cuda::device_count() < 2)
    return 0;
  torch::Device where(torch::kCUDA, 1);
  if (same)
    where = torch::Device(torch::kCUDA, 0);
  torch::nn::Linear head(8, 2);
  head->to(where);
  auto x = torch::randn({4, 8}, torch::Device(torch::kCUDA, 0));
  return static_cast<int>(head->forward(x).size(1));
}

struct QNetImpl : torch::nn::Cloneable<QNetImpl> {
  QNetImpl() { reset(); }
  void reset() override { fc = register_module("fc", torch::nn::Linear(4, 2)); }
  torch::Tensor forward(const torch::Tensor &x) { return fc->forward(x); }
  torch::nn::Linear fc{nullptr};
};
TORCH_MODULE(QNet);

class Learner {
public:
  explicit Learner(torch::Device device) : device_(device) {
    target_ = QNet(std::dynamic_pointer_cast<QNetImpl>(online_->clone())); // expected-note {{'target_' is cloned from 'online_' here, with its parameters}}
    online_->to(device_);
  }

  double update(const torch::Tensor &obs, const torch::Tensor &next_obs) {
    auto q = online_->forward(obs).max();
    auto next_q = target_->forward(next_obs).max(); // expected-warning {{'target_' receives tensors on different devices: the parameters of 'target_' are on the CPU but 'next_obs' (argument 'x') is on the device of input 'next_obs' [torch-device-mismatch]}}
    // No second finding: next_q is the output of the call that fails above.
    return (q - 0.9 * next_q).item<double>();
  }

  torch::Device device() const { return device_; }
  // Must stay silent when used: what it returns is a local the walk does not
  // read.
  torch::Device guess() const {
    torch::Device d = device_;
    return d;
  }
  // Must stay silent when used: its returns disagree.
  torch::Device either(bool cpu) const {
    if (cpu)
      return torch::kCPU;
    return device_;
  }

private:
  torch::Device device_;
  QNet online_; // expected-note {{'online_' is created on the CPU here (modules are born on the CPU)}}
  QNet target_{nullptr};
};

/// A device-valued free function, as a configuration header writes it.
torch::Device trainingDevice() {
  return torch::cuda::is_available() ? torch::kCUDA : torch::kCPU;
}

int learn() {
  Learner learner(trainingDevice());
  auto opts = torch::TensorOptions().device(learner.device());
  auto obs = torch::randn({2, 4}, opts);
  auto next_obs = torch::randn({2, 4}, opts);
  return static_cast<int>(learner.update(obs, next_obs));
}

int learnUnknown() {
  Learner learner(trainingDevice());
  auto a = torch::randn({2, 4}, learner.guess());
  auto b = torch::randn({2, 4}, learner.either(false));
  // Must stay silent: neither tensor's device is known.
  return static_cast<int>((a + b).sum().item<double>() +
                          (a + torch::ones({2, 4})).sum().item<double>());
}

int main() { return pipeline() + pipelineMacro() + pipelineReassigned(true) + learn() + learnUnknown(); }
