// Cases for torch-loss-target-dtype: a loss receives a target of the wrong
// dtype. Class-index losses throw "expected scalar type Long but found Int";
// binary losses throw on integral targets ("result type Float can't be cast
// to the desired output type Long"). tests/groundtruth runs these shapes.
#include <torch/torch.h>

#include <cstdint>
#include <vector>

namespace F = torch::nn::functional;

// Labels built as Int (kInt32), the type a C++ int suggests.
torch::Tensor intLabels(const torch::Tensor &logits) {
  auto labels = torch::zeros({4}, torch::kInt); // expected-note {{'labels' is created as Int here ('torch::zeros' with dtype Int)}}
  return F::cross_entropy(logits, labels); // expected-warning {{'F::cross_entropy' expects class indices of dtype Long, but its target 'labels' is Int [torch-loss-target-dtype]}}
}

// Labels read from an int32 buffer with from_blob keep Int.
torch::Tensor blobLabels(const torch::Tensor &logProbs,
                         std::vector<int32_t> &raw) {
  auto labels = torch::from_blob(raw.data(), {static_cast<int64_t>(raw.size())}, // expected-note {{'labels' is created as Int here ('torch::from_blob' with dtype Int)}}
                                 torch::kInt32);
  return F::nll_loss(logProbs, labels); // expected-warning {{'F::nll_loss' expects class indices of dtype Long, but its target 'labels' is Int [torch-loss-target-dtype]}}
}

// The module form: CrossEntropyLoss and NLLLoss check the same way.
torch::Tensor moduleLoss(const torch::Tensor &logits) {
  torch::nn::CrossEntropyLoss criterion;
  auto targets = torch::randint(0, 3, {4}).to(torch::kInt); // expected-note {{'targets' is converted to Int here}}
  return criterion(logits, targets); // expected-warning {{'criterion' expects class indices of dtype Long, but its target 'targets' is Int [torch-loss-target-dtype]}}
}

// Binary losses need floating targets: randint gives Long.
torch::Tensor binaryLong(const torch::Tensor &logits) {
  auto targets = torch::randint(0, 2, {4}); // expected-note {{'targets' is created as Long here ('torch::randint' with no dtype)}}
  return F::binary_cross_entropy_with_logits(logits, targets); // expected-warning {{'F::binary_cross_entropy_with_logits' expects a floating target, but its target 'targets' is Long [torch-loss-target-dtype]}}
}

torch::Tensor binaryModule(const torch::Tensor &probs) {
  torch::nn::BCELoss bce;
  auto targets = torch::ones({4}, torch::kLong); // expected-note {{'targets' is created as Long here ('torch::ones' with dtype Long)}}
  return bce(probs, targets); // expected-warning {{'bce' expects a floating target, but its target 'targets' is Long [torch-loss-target-dtype]}}
}

// binary_cross_entropy (not the logits form) needs the input's dtype.
torch::Tensor binaryDouble() {
  auto probs = torch::rand({4}); // expected-note {{'probs' is created as Float here ('torch::rand' with no dtype)}}
  auto targets = torch::ones({4}, torch::kDouble); // expected-note {{'targets' is created as Double here ('torch::ones' with dtype Double)}}
  return F::binary_cross_entropy(probs, targets); // expected-warning {{'F::binary_cross_entropy' expects a target of its input's dtype Float, but its target 'targets' is Double [torch-loss-target-dtype]}}
}

// nll_loss takes class indices only: a Float target throws "expected scalar
// type Long but found Float" (cross_entropy would read it as probabilities).
// Rows filled from Long ids keep the Float of the zeros they are written
// into.
torch::Tensor nllFloatTargets(const torch::Tensor &logProbs,
                              const std::vector<std::vector<int64_t>> &rows) {
  auto targets = torch::zeros({2, 3}); // expected-note {{'targets' is created as Float here ('torch::zeros' with no dtype)}}
  for (size_t r = 0; r < rows.size(); ++r)
    targets[static_cast<int64_t>(r)] = torch::tensor(rows[r]);
  return F::nll_loss(logProbs, targets.reshape({-1})); // expected-warning {{'F::nll_loss' expects class indices of dtype Long, but its target 'targets.reshape({-1})' is Float [torch-loss-target-dtype]}}
}

// The module form, through a helper whose parameter is the target: the
// caller's Float argument is reported where the loss reads it, with the
// call on the way.
torch::Tensor nllModule(const torch::Tensor &logProbs,
                        const torch::Tensor &targets) {
  torch::nn::NLLLoss criterion;
  return criterion(logProbs, targets); // expected-warning {{'criterion' expects class indices of dtype Long, but its target 'targets' is Float [torch-loss-target-dtype]}}
}
torch::Tensor nllModuleCaller(const torch::Tensor &logProbs) {
  auto soft = torch::rand({4}); // expected-note {{'soft' is created as Float here ('torch::rand' with no dtype)}}
  return nllModule(logProbs, soft); // expected-note {{'soft' is passed to 'nllModule' as 'targets' here}}
}

//===----------------------------------------------------------------------===//
// Must stay silent.
//===----------------------------------------------------------------------===//

torch::Tensor silent(const torch::Tensor &logits, const torch::Tensor &y) {
  // torch::tensor of C++ int data is Long, the right type.
  auto a = F::cross_entropy(logits, torch::tensor({0, 1, 2, 1}));
  // randint is Long in LibTorch 1.13's C++ API.
  auto b = F::cross_entropy(logits, torch::randint(0, 3, {4}));
  // Converted before use.
  auto c = F::cross_entropy(logits, torch::zeros({4}, torch::kInt).to(torch::kLong));
  // Byte targets are accepted by cross_entropy and nll_loss (run on 1.13).
  auto d = F::cross_entropy(logits, torch::zeros({4}, torch::kByte));
  // Floating targets may be class probabilities shaped like the input.
  auto e = F::cross_entropy(logits, torch::softmax(torch::randn({4, 3}), 1));
  // The target's dtype is the caller's: unknown here.
  auto f = F::cross_entropy(logits, y);
  // The logits form promotes a Double target next to Float input.
  auto g = F::binary_cross_entropy_with_logits(
      torch::randn({4}), torch::ones({4}, torch::kDouble));
  // Float targets for binary losses.
  auto h = F::binary_cross_entropy_with_logits(
      torch::randn({4}), torch::randint(0, 2, {4}).to(torch::kFloat));
  // mse_loss fails only in backward() (see the rule's documentation).
  auto i = F::mse_loss(torch::randn({4}), torch::ones({4}, torch::kDouble));
  // nll_loss accepts Byte class indices too (run on 1.13 and 2.x).
  auto j = F::nll_loss(logits, torch::zeros({4}, torch::kByte));
  // A Float target converted to Long before nll_loss.
  auto k = F::nll_loss(logits, torch::zeros({4}).to(torch::kLong));
  return a + b + c + d + e + f + g + h + i + j + k;
}

//===----------------------------------------------------------------------===//
// Templates and macros.
//===----------------------------------------------------------------------===//

template <typename Index> torch::Tensor indexLoss(const torch::Tensor &logits) {
  auto labels = torch::zeros({4}, torch::CppTypeToScalarType<Index>::value); // expected-note {{'labels' is created as Int here ('torch::zeros' with dtype Int)}}
  return F::nll_loss(logits, labels); // expected-warning {{'F::nll_loss' expects class indices of dtype Long, but its target 'labels' is Int [torch-loss-target-dtype]}}
}
template torch::Tensor indexLoss<int64_t>(const torch::Tensor &);
template torch::Tensor indexLoss<int32_t>(const torch::Tensor &);

#define LOSS(out, y) F::cross_entropy(out, y)
torch::Tensor inMacro(const torch::Tensor &logits) {
  auto labels = torch::zeros({4}, torch::kInt32); // expected-note {{'labels' is created as Int here ('torch::zeros' with dtype Int)}}
  return LOSS(logits, labels); // expected-warning {{'F::cross_entropy' expects class indices of dtype Long, but its target 'labels' is Int [torch-loss-target-dtype]}}
}
