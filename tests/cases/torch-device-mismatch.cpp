// Cases for torch-device-mismatch: one operation receives tensors that live
// on different devices. Each positive is a crash on a GPU machine that a
// CPU-only CI run never sees.
#include <torch/torch.h>

#include <tuple>
#include <vector>

struct NetImpl : torch::nn::Module {
  NetImpl() { fc = register_module("fc", torch::nn::Linear(8, 2)); }
  torch::Tensor forward(torch::Tensor x) { return fc(x); }
  torch::nn::Linear fc{nullptr};
};
TORCH_MODULE(Net);

// The lesson: labels forgotten on the CPU meet the model's output in the loss.
void lesson() {
  torch::Device device(torch::cuda::is_available() ? torch::kCUDA
                                                   : torch::kCPU);
  Net model;
  model->to(device); // expected-note {{'model' is moved to 'device' here}}
  torch::nn::CrossEntropyLoss loss_fn;
  auto inputs = torch::randn({4, 8}).to(device);
  auto labels = torch::tensor({0, 1, 1, 0}, torch::kLong); // expected-note {{'labels' is created on the CPU here ('torch::tensor' with no device)}}
  auto out = model(inputs); // expected-note {{'out' is computed by 'model' here}}
  auto loss = loss_fn(out, labels); // expected-warning {{'loss_fn' receives tensors on different devices: 'labels' (argument 'target') is on the CPU but 'out' (argument 'input') is on 'device', chosen at run time at line 18 [torch-device-mismatch]}}
  // The same stray tensor meets the output again: one bug, one diagnostic.
  auto correct = out.argmax(1).eq(labels).sum();
  (void)loss, (void)correct;
}

// The model was moved, its input was not: the crash is in forward().
void inputNotMoved(torch::Device device) {
  Net model;
  model->to(device); // expected-note {{'model' is moved to 'device' here}}
  auto x = torch::randn({2, 8}); // expected-note {{'x' is created on the CPU here ('torch::randn' with no device)}}
  auto y = model(x); // expected-warning {{'model' receives tensors on different devices: 'x' is on the CPU but the parameters of 'model' are on 'device' [torch-device-mismatch]}}
  (void)y;
}

// The model was never moved, the input was.
void modelNotMoved(torch::Device device) {
  Net model; // expected-note {{'model' is created on the CPU here (modules are born on the CPU)}}
  auto x = torch::randn({2, 8}).to(device); // expected-note {{'x' is moved to 'device' here}}
  auto y = model->forward(x); // expected-warning {{'model' receives tensors on different devices: the parameters of 'model' are on the CPU but 'x' is on 'device' [torch-device-mismatch]}}
  (void)y;
}

// A tensor built in a rarely taken branch: the crash is on one path only.
torch::Tensor rareBranch(torch::Device device, bool Rare) {
  auto scale = torch::ones({8}).to(device);
  if (Rare)
    scale = torch::full({8}, 2.0); // expected-note {{'scale' is created on the CPU here ('torch::full' with no device)}} expected-note {{'scale' is assigned here, on the path where 'Rare' is true}}
  auto x = torch::randn({8}).to(device); // expected-note {{'x' is moved to 'device' here}}
  return x * scale; // expected-warning {{'operator*' receives tensors on different devices: 'scale' is on one path on the CPU but 'x' is on 'device' [torch-device-mismatch]}}
}

// Two GPUs: cuda:0 against cuda:1.
void twoGpus() {
  if (torch::cuda::device_count() < 2)
    return;
  auto a = torch::randn({4}).to(torch::Device(torch::kCUDA, 0)); // expected-note {{'a' is moved to cuda:0 here}}
  auto b = torch::randn({4}).to(torch::Device(torch::kCUDA, 1)); // expected-note {{'b' is moved to cuda:1 here}}
  auto c = torch::cat({a, b}); // expected-warning {{'torch::cat' receives tensors on different devices: 'b' (argument 'tensors') is on cuda:1 but 'a' (argument 'tensors') is on cuda:0 [torch-device-mismatch]}}
  (void)c;
}

// The output of a model on one GPU fed to a model on another.
void pipelineAcrossGpus() {
  if (torch::cuda::device_count() < 2)
    return;
  Net first, second;
  first->to(torch::Device("cuda:0")); // expected-note {{'first' is moved to cuda:0 here}}
  second->to(torch::Device("cuda:1")); // expected-note {{'second' is moved to cuda:1 here}}
  auto x = torch::randn({2, 8}).to(torch::Device("cuda:0"));
  auto h = first(x); // expected-note {{'h' is computed by 'first' here}}
  auto y = second(h); // expected-warning {{'second' receives tensors on different devices: 'h' (argument 'x') is on cuda:0 but the parameters of 'second' are on cuda:1 [torch-device-mismatch]}}
  (void)y;
}

// A loss module holding a class-weight buffer that stayed on the CPU: the
// module holds that very tensor, so the note points at the weight's birth.
void lossWeightLeftBehind(torch::Device device) {
  auto weights = torch::tensor({1.0, 3.0}); // expected-note {{'weights' is created on the CPU here ('torch::tensor' with no device)}}
  torch::nn::CrossEntropyLoss loss_fn(
      torch::nn::CrossEntropyLossOptions().weight(weights)); // expected-note {{'weights' is given to 'loss_fn' as its weight here}}
  auto out = torch::randn({4, 2}).to(device); // expected-note {{'out' is moved to 'device' here}}
  auto target = torch::tensor({0, 1, 1, 0}).to(device);
  auto loss = loss_fn(out, target); // expected-warning {{'loss_fn' receives tensors on different devices: the parameters of 'loss_fn' are on the CPU but 'out' (argument 'input') is on 'device' [torch-device-mismatch]}}
  (void)loss;
}

// Labels built by a helper: the summary says the helper returns CPU tensors.
torch::Tensor makeLabels(int64_t N) {
  return torch::zeros({N}, torch::kLong); // expected-note {{'target' is created on the CPU here ('torch::zeros' with no device)}}
}
void helperLabels(torch::Device device) {
  auto logits = torch::randn({4, 3}).to(device); // expected-note {{'logits' is moved to 'device' here}}
  auto target = makeLabels(4); // expected-note {{'target' is returned by 'makeLabels' here}}
  auto loss = torch::nn::functional::cross_entropy(logits, target); // expected-warning {{'torch::nn::functional::cross_entropy' receives tensors on different devices: 'target' is on the CPU but 'logits' (argument 'input') is on 'device' [torch-device-mismatch]}}
  (void)loss;
}

// A helper that returns its input's device keeps it.
torch::Tensor normalise(const torch::Tensor &t) { return t / t.norm(); }
void helperFollowsInput(torch::Device device) {
  auto a = torch::randn({4}).to(device);
  auto b = normalise(a);
  auto c = a + b; // Silent: both on 'device'.
  (void)c;
}

// The classic training loop is a template over the data loader.
template <typename DataLoader>
void train(Net &model, DataLoader &loader, torch::optim::Optimizer &opt,
           torch::Device device) {
  model->train();
  for (auto &batch : loader) {
    auto data = batch.data.to(device); // expected-note {{'data' is moved to 'device' here}}
    auto target = batch.target; // expected-note {{'target' comes from the data loader, on the CPU, here}}
    opt.zero_grad();
    auto out = model(data); // expected-note {{'out' is computed by 'model' here}}
    auto loss = torch::nn::functional::nll_loss(out, target); // expected-warning {{'torch::nn::functional::nll_loss' receives tensors on different devices: 'target' is on the CPU but 'out' (argument 'input') is on 'device' [torch-device-mismatch]}}
    loss.backward();
    opt.step();
  }
}
void runTraining(torch::Device device) {
  Net model;
  model->to(device);
  torch::optim::SGD opt(model->parameters(), 0.1);
  std::vector<torch::data::Example<>> batches;
  train(model, batches, opt, device);
}

// std::tuple outputs: an LSTM's state, through structured bindings.
void lstmState(torch::Device device) {
  torch::nn::LSTM lstm(torch::nn::LSTMOptions(4, 8));
  lstm->to(device); // expected-note {{'lstm' is moved to 'device' here}}
  auto x = torch::randn({5, 1, 4}).to(device);
  auto [out, state] = lstm(x); // expected-note {{'out' is computed by 'lstm' here}}
  auto mask = torch::ones({5, 1, 8}); // expected-note {{'mask' is created on the CPU here ('torch::ones' with no device)}}
  auto masked = out * mask; // expected-warning {{'operator*' receives tensors on different devices: 'mask' is on the CPU but 'out' is on 'device' [torch-device-mismatch]}}
  (void)masked, (void)state;
}

// Lambdas are analysed as functions of their own.
void lambdas(torch::Device device) {
  auto step = [&](torch::Tensor batch) {
    auto noise = torch::randn({4}); // expected-note {{'noise' is created on the CPU here ('torch::randn' with no device)}}
    auto moved = batch.to(device); // expected-note {{'moved' is moved to 'device' here}}
    return moved + noise; // expected-warning {{'operator+' receives tensors on different devices: 'noise' is on the CPU but 'moved' is on 'device' [torch-device-mismatch]}}
  };
  (void)step;
}

// Inside a macro the finding points at the use.
#define ADD(a, b) ((a) + (b))
void macros(torch::Device device) {
  auto p = torch::ones({2}).to(device); // expected-note {{'p' is moved to 'device' here}}
  auto q = torch::zeros({2}); // expected-note {{'q' is created on the CPU here ('torch::zeros' with no device)}}
  auto r = ADD(p, q); // expected-warning {{'operator+' receives tensors on different devices: 'q' is on the CPU but 'p' is on 'device' [torch-device-mismatch]}}
  (void)r;
}

// ---- Must stay silent ----------------------------------------------------

// CPU scalars are allowed into device operations.
void scalars(torch::Device device) {
  auto x = torch::randn({4}).to(device);
  auto a = x * 2.0 + 1;                      // C++ numbers.
  auto b = x * torch::tensor(0.5);           // A 0-dim tensor.
  auto c = x + torch::scalar_tensor(3);      // Another one.
  float Mean = x.mean().item<float>();       // .item() leaves the device.
  auto d = x - Mean;
  (void)a, (void)b, (void)c, (void)d;
}

// CPU index tensors may index a device tensor.
void indexing(torch::Device device) {
  auto x = torch::randn({10, 4}).to(device);
  auto idx = torch::arange(0, 5);
  auto a = x.index({idx});
  auto b = x.index_select(0, idx.to(device));
  (void)a, (void)b;
}

// pack_padded_sequence wants its lengths on the CPU.
void packedSequence(torch::Device device) {
  auto seq = torch::randn({5, 3, 4}).to(device);
  auto lengths = torch::tensor({5, 4, 2}, torch::kLong);
  auto packed = torch::nn::utils::rnn::pack_padded_sequence(seq, lengths);
  (void)packed;
}

// .cpu() copies for printing, saving and metrics meet no device tensor.
void cpuCopies(torch::Device device) {
  auto out = torch::randn({4, 3}).to(device);
  auto labels = torch::tensor({0, 1, 2, 0});
  auto pred = out.argmax(1).cpu();
  auto accuracy = pred.eq(labels).sum();
  std::cout << out.cpu() << accuracy << std::endl;
  torch::save(out.cpu(), "out.pt");
}

// Programs that never leave the CPU.
void cpuOnly() {
  Net model;
  auto x = torch::randn({2, 8});
  auto labels = torch::tensor({0, 1});
  auto loss = torch::nn::functional::cross_entropy(model(x), labels);
  (void)loss;
}

// One device, chosen once, used consistently.
void consistent(torch::Device device) {
  Net model;
  model->to(device);
  auto x = torch::randn({2, 8}, torch::device(device));
  auto labels = torch::tensor({0, 1}, torch::TensorOptions().device(device));
  auto y = torch::zeros_like(x);
  auto z = x.new_zeros({2, 8});
  auto loss = torch::nn::functional::cross_entropy(model(x + y + z), labels);
  (void)loss;
}

// Two branches that move tensors together never meet apart.
void correlatedBranches(torch::Device device, bool UseGpu) {
  auto a = torch::randn({3});
  auto b = torch::randn({3});
  if (UseGpu) {
    a = a.to(device);
    b = b.to(device);
  }
  auto c = a + b;
  (void)c;
}

// Unknown devices are not guessed.
void unknown(torch::Tensor external, std::vector<torch::Tensor> &pool) {
  auto cpu = torch::ones({3});
  auto a = pool[0] + cpu;          // Where pool lives is unknown.
  auto b = external.to(pool[1].device()) + pool[2]; // Unknown too.
  (void)a, (void)b;
}

// Two different run-time choices may well be the same device.
void twoChoices(torch::Device d1, torch::Device d2) {
  auto a = torch::randn({3}).to(d1);
  auto b = torch::randn({3}).to(d2);
  auto c = a + b;
  (void)c;
}

// Parameter-free modules and losses without weights work on any device.
void statelessModules(torch::Device device) {
  torch::nn::ReLU relu;
  torch::nn::MSELoss mse;
  auto x = torch::randn({4}).to(device);
  auto y = mse(relu(x), x);
  (void)y;
}

// A discarded move is torch-discarded-move's finding; the crash it causes is
// not reported a second time.
void discardedMove(torch::Device device) {
  auto out = torch::randn({4, 3}).to(device);
  auto labels = torch::tensor({0, 1, 2, 0});
  labels.to(device); // expected-warning {{result of 'labels.to(device)' is discarded; Tensor::to returns a new tensor and leaves 'labels' unchanged [torch-discarded-move]}}
  auto loss = torch::nn::functional::cross_entropy(out, labels);
  (void)loss;
}

// A device built from a string with a run-time rank is a CUDA device: CPU
// tensors cannot join it, whatever the rank.
torch::Tensor perRank(int rank) {
  torch::Device device("cuda:" + std::to_string(rank));
  torch::nn::Linear fc(2, 2);
  fc->to(device); // expected-note {{'fc' is moved to 'device' here}}
  auto x = torch::ones({1, 2}); // expected-note {{'x' is created on the CPU here ('torch::ones' with no device)}}
  return fc(x); // expected-warning {{'fc' receives tensors on different devices: 'x' (argument 'input') is on the CPU but the parameters of 'fc' are on 'device', chosen at run time at line 277 [torch-device-mismatch]}}
}

// Two ranks may be the same device: silent.
torch::Tensor twoRanks(int a, int b) {
  auto x = torch::ones({2}).to(torch::Device("cuda:" + std::to_string(a)));
  auto y = torch::ones({2}).to(torch::Device("cuda:" + std::to_string(b)));
  return x + y;
}

// A module reached through a cast of a registered one is that module, not a
// new one born on the CPU: silent.
struct ChainImpl : torch::nn::Module {
  ChainImpl() {
    blocks.push_back(register_module("b0", torch::nn::Sequential(
                                               torch::nn::Linear(2, 2))));
  }
  torch::Tensor forward(torch::Tensor x) {
    for (auto &block : blocks) {
      auto *seq = dynamic_cast<torch::nn::SequentialImpl *>(block.ptr().get());
      x = seq->forward(x);
    }
    return x;
  }
  std::vector<torch::nn::Sequential> blocks;
};
TORCH_MODULE(Chain);

// ---- One bug, one diagnostic, across functions -------------------------

// Two bugs in a row: the first operation's CPU operand is the one its
// finding moves, so the result is read on the device, and the second CPU
// tensor meeting it is a finding of its own.
void twoStrays(torch::Device device) {
  auto x = torch::randn({2, 4}).to(device); // expected-note 2 {{'x' is moved to 'device' here}}
  auto scale = torch::ones({1, 4}); // expected-note {{'scale' is created on the CPU here ('torch::ones' with no device)}}
  auto y = x * scale; // expected-warning {{'operator*' receives tensors on different devices: 'scale' is on the CPU but 'x' is on 'device' [torch-device-mismatch]}}
  auto noise = torch::randn({2, 4}); // expected-note {{'noise' is created on the CPU here ('torch::randn' with no device)}}
  auto z = y + noise; // expected-warning {{'operator+' receives tensors on different devices: 'noise' is on the CPU but 'y' is on 'device' [torch-device-mismatch]}}
  (void)z;
}

// A helper whose CPU tensor meets its device input is reported there, once:
// its result, read as fixed, is on the input's device for the caller.
torch::Tensor mixWithCpu(const torch::Tensor &real) {
  auto alpha = torch::rand({real.size(0), 1}); // expected-warning {{'torch::rand' creates a tensor on the CPU, but it is used with 'real', which is on the device of input 'real' [torch-factory-missing-device]}}
  return alpha * real; // expected-note {{they meet in 'operator*' here}}
}
void usesMixed(torch::Device device) {
  auto real = torch::randn({2, 4}).to(device);
  auto out = mixWithCpu(real) + real;
  (void)out;
}

// ---- CTC's lengths ---------------------------------------------------------

// CTC's lengths may stay on the host: the CUDA kernel copies them there
// (TorchApi.def's ctc_loss row). Silent.
torch::Tensor ctcLengthsOnHost(torch::Device device, int64_t T, int64_t B) {
  namespace F = torch::nn::functional;
  auto log_probs = torch::randn({T, B, 5}).log_softmax(2).to(device);
  auto targets = torch::randint(1, 5, {B, 3}, torch::kLong).to(device);
  auto input_lengths = torch::full({B}, T, torch::kLong);
  auto target_lengths = torch::full({B}, 3, torch::kLong);
  auto a = F::ctc_loss(log_probs, targets, input_lengths, target_lengths,
                       F::CTCLossFuncOptions().blank(0));
  auto b = torch::ctc_loss(log_probs, targets, input_lengths, target_lengths);
  return a + b;
}

// Targets are not lengths: CPU targets meet the device log-probabilities.
torch::Tensor ctcTargetsLeftBehind(torch::Device device, int64_t T, int64_t B) {
  namespace F = torch::nn::functional;
  auto log_probs = torch::randn({T, B, 5}).log_softmax(2).to(device); // expected-note {{'log_probs' is moved to 'device' here}}
  auto targets = torch::randint(1, 5, {B, 3}, torch::kLong); // expected-note {{'targets' is created on the CPU here ('torch::randint' with no device)}}
  auto lengths = torch::full({B}, T, torch::kLong);
  return F::ctc_loss(log_probs, targets, lengths, lengths, // expected-warning {{'F::ctc_loss' receives tensors on different devices: 'targets' is on the CPU but 'log_probs' is on 'device' [torch-device-mismatch]}}
                     F::CTCLossFuncOptions());
}

// A full reduction of a host tensor, written inline or clamped, is 0-dim: it
// joins a device tensor like a number (no error on a GPU machine).
torch::Tensor inlineHostReductions(torch::Device device) {
  auto x = torch::randn({4}, device);
  auto host = torch::ones({3});
  return x * host.sum() + x / host.std().clamp_min(1e-6);
}
