// How the flow engine follows dtypes through the shapes real training code
// takes: class members, constructors, containers, callables, helpers and
// nested modules. The same capabilities serve the device property
// (class-state.cpp, values-in-containers.cpp).
#include <torch/torch.h>

#include <functional>
#include <vector>

struct EncoderImpl : torch::nn::Module {
  EncoderImpl() : proj(register_module("proj", torch::nn::Linear(4, 4))) {}
  torch::Tensor forward(torch::Tensor x) { return torch::relu(proj(x)); }
  torch::nn::Linear proj;
};
TORCH_MODULE(Encoder);

// A module that only forwards to a submodule: its input must still have the
// submodule's dtype.
struct WrapperImpl : torch::nn::Module {
  WrapperImpl() : body(register_module("body", Encoder())) {}
  torch::Tensor forward(torch::Tensor input) { return body(input); }
  Encoder body;
};
TORCH_MODULE(Wrapper);

// A replay buffer whose storage is Double, set in the constructor and
// used by another member function.
class ReplayBuffer {
public:
  ReplayBuffer() : rewards_(torch::zeros({64}, torch::kDouble)) {} // expected-note {{'rewards_' is created as Double here ('torch::zeros' with dtype Double)}}
  torch::Tensor weighted(const torch::Tensor &weights) {
    auto w = torch::randn({64, 64}); // expected-note {{'w' is created as Float here ('torch::randn' with no dtype)}}
    return torch::mv(w, rewards_); // expected-warning {{'torch::mv' receives tensors of different dtypes: 'rewards_' (argument 'vec') is Double but 'w' is Float [torch-dtype-mismatch]}}
  }

private:
  torch::Tensor rewards_;
};

// A trainer that keeps its model in a member and converts it to Double in
// the constructor.
class Trainer {
public:
  Trainer() { model_->to(torch::kDouble); } // expected-note {{'model_' is converted to Double here}}
  torch::Tensor step() {
    auto batch = torch::randn({2, 4}); // expected-note {{'batch' is created as Float here ('torch::randn' with no dtype)}}
    return model_->forward(batch); // expected-warning {{'model_' receives tensors of different dtypes: 'batch' (argument 'x') is Float but the parameters of 'model_' are Double [torch-dtype-mismatch]}}
  }

private:
  Encoder model_;
};

torch::Tensor nestedModules() {
  Wrapper net; // expected-note {{'net' is created here with Float parameters (modules are created as Float)}}
  auto x = torch::randn({2, 4}, torch::kDouble); // expected-note {{'x' is created as Double here ('torch::randn' with dtype Double)}}
  return net(x); // expected-warning {{'net' receives tensors of different dtypes: 'x' (argument 'input') is Double but the parameters of 'net' are Float [torch-dtype-mismatch]}}
}

torch::Tensor stackedBatch() {
  std::vector<torch::Tensor> rows;
  for (int i = 0; i < 4; ++i)
    rows.push_back(torch::rand({4}, torch::kDouble)); // expected-note {{'batch' is created as Double here ('torch::rand' with dtype Double)}}
  auto batch = torch::stack(rows);
  torch::nn::Linear fc(4, 1); // expected-note {{'fc' is created here with Float parameters (modules are created as Float)}}
  return fc(batch); // expected-warning {{'fc' receives tensors of different dtypes: 'batch' (argument 'input') is Double but the parameters of 'fc' are Float [torch-dtype-mismatch]}}
}

torch::Tensor viaStdFunction() {
  std::function<torch::Tensor(int64_t)> make = [](int64_t n) {
    return torch::ones({n, 4}).to(torch::kFloat64); // expected-note {{'make(2)' is converted to Double here}}
  };
  Encoder enc; // expected-note {{'enc' is created here with Float parameters (modules are created as Float)}}
  return enc(make(2)); // expected-warning {{'enc' receives tensors of different dtypes: 'make(2)' (argument 'x') is Double but the parameters of 'enc' are Float [torch-dtype-mismatch]}} // expected-note {{'make(2)' is returned by 'make' here}}
}

torch::Tensor chunks() {
  auto qkv = torch::randn({2, 12}, torch::kDouble); // expected-note {{'qkv' is created as Double here ('torch::randn' with dtype Double)}}
  auto parts = qkv.chunk(3, -1);
  auto w = torch::randn({4, 4}); // expected-note {{'w' is created as Float here ('torch::randn' with no dtype)}}
  return torch::mm(parts[0], w); // expected-warning {{'torch::mm' receives tensors of different dtypes: 'parts[0]' is Double but 'w' (argument 'mat2') is Float [torch-dtype-mismatch]}}
}

// A helper that follows its input's dtype, called with Double.
torch::Tensor normalise(const torch::Tensor &t) { return t / t.norm(); }
torch::Tensor throughHelper() {
  auto w = torch::randn({3, 3}); // expected-note {{'w' is created as Float here ('torch::randn' with no dtype)}}
  return torch::mm(w, normalise(torch::rand({3, 3}, torch::kDouble))); // expected-warning {{'torch::mm' receives tensors of different dtypes: 'normalise(torch::rand({3, 3}, torch::kDouble))' (argument 'mat2') is Double but 'w' is Float [torch-dtype-mismatch]}} // expected-note {{'normalise(torch::rand({3, 3}, torch::kDouble))' is created as Double here ('torch::rand' with dtype Double)}} // expected-note {{'normalise(torch::rand({3, 3}, torch::kDouble))' is returned by 'normalise' here}}
}

//===----------------------------------------------------------------------===//
// Must stay silent.
//===----------------------------------------------------------------------===//

// The field is reassigned by another member function: its dtype on entry
// to weighted() is unknown.
class Resettable {
public:
  Resettable() : state_(torch::zeros({4}, torch::kDouble)) {}
  void reset() { state_ = torch::zeros({4}); }
  torch::Tensor weighted() { return torch::mv(torch::randn({4, 4}), state_); }

private:
  torch::Tensor state_;
};

// Elements of different dtypes: the container's dtype is unknown.
torch::Tensor mixedContainer() {
  std::vector<torch::Tensor> parts{torch::randn({2}), torch::randn({2}, torch::kDouble)};
  return torch::mv(torch::randn({2, 2}), parts[0]);
}

// Both sides converted together in a loop.
torch::Tensor loop(int steps) {
  auto a = torch::randn({2, 2});
  auto b = torch::randn({2, 2});
  for (int i = 0; i < steps; ++i) {
    a = a.to(torch::kDouble);
    b = b.to(torch::kDouble);
  }
  return torch::mm(a, b);
}

// The elements a range-based for hands out have the container's dtype.
torch::Tensor rangeForDtype() {
  std::vector<torch::Tensor> rows{torch::rand({4}, torch::kDouble), // expected-note {{'rows' is created as Double here ('torch::rand' with dtype Double)}}
                                  torch::rand({4}, torch::kDouble)};
  auto w = torch::randn({4, 4}); // expected-note {{'w' is created as Float here ('torch::randn' with no dtype)}}
  auto total = torch::zeros({4});
  for (const auto &row : rows)
    total = total + torch::mv(w, row); // expected-warning {{'torch::mv' receives tensors of different dtypes: 'row' (argument 'vec') is Double but 'w' is Float [torch-dtype-mismatch]}}
  return total;
}

// Promotion by category: a 0-dim tensor or a C++ number changes a
// dimensioned tensor's dtype only when it is of a higher category.
torch::Tensor zeroDimSameCategory() {
  torch::nn::Linear model(4, 2);
  auto x = torch::randn({8, 4});
  auto temperature = torch::tensor(0.5, torch::kDouble);
  auto eps = torch::scalar_tensor(1e-6, torch::kFloat64);
  // Silent: Float divided by a 0-dim Double stays Float, and so does Float
  // divided by (0-dim Float norm + 0-dim Double).
  auto out = model(x * 1.7 / temperature);
  return model(torch::randn({3, 4}) / (x.norm() + eps));
}

torch::Tensor zeroDimHigherCategory() {
  auto counts = torch::randint(0, 5, {4, 4});
  auto scale = torch::tensor(0.5, torch::kDouble); // expected-note {{'scale' is created as Double here ('torch::tensor' with dtype Double)}}
  auto weighted = counts * scale;
  return torch::mm(weighted, torch::randn({4, 4})); // expected-warning {{'torch::mm' receives tensors of different dtypes: 'weighted' is Double but 'torch::randn({4, 4})' (argument 'mat2') is Float [torch-dtype-mismatch]}} expected-note {{'torch::randn({4, 4})' is created as Float here ('torch::randn' with no dtype)}}
}

// A Sequential's input meets its first child with parameters.
torch::Tensor sequentialInput() {
  torch::nn::Sequential net(torch::nn::ReLU(), torch::nn::Linear(4, 2)); // expected-note {{'net' is created here with Float parameters (modules are created as Float)}}
  auto x = torch::randn({2, 4}, torch::kDouble); // expected-note {{'x' is created as Double here ('torch::randn' with dtype Double)}}
  return net->forward(x); // expected-warning {{'net' receives tensors of different dtypes: 'x' is Double but the parameters of 'net' are Float [torch-dtype-mismatch]}}
}

torch::Tensor sequentialConverted() {
  torch::nn::Sequential net(torch::nn::Linear(4, 2), torch::nn::Tanh());
  net->to(torch::kDouble); // expected-note {{'net' is converted to Double here}}
  return net->forward(torch::randn({2, 4})); // expected-warning {{'net' receives tensors of different dtypes: 'torch::randn({2, 4})' is Float but the parameters of 'net' are Double [torch-dtype-mismatch]}} expected-note {{'torch::randn({2, 4})' is created as Float here ('torch::randn' with no dtype)}}
}

torch::Tensor sequentialUnknownChildren() {
  // Silent: the children are added later, so what the input meets first is
  // not visible at the construction.
  torch::nn::Sequential net;
  net->push_back(torch::nn::Linear(4, 2));
  return net->forward(torch::randn({2, 4}, torch::kDouble));
}

torch::Tensor statelessSequential() {
  // Silent: no child has parameters, so any dtype passes.
  torch::nn::Sequential net{torch::nn::ReLU(), torch::nn::Tanh()};
  return net->forward(torch::randn({2, 4}, torch::kDouble));
}

// Reductions keep the dtype; argmax gives Long.
torch::Tensor reductionsKeepDtype() {
  auto feats = torch::randn({8, 4}); // expected-note {{'feats' is created as Float here ('torch::randn' with no dtype)}}
  auto centered = feats - feats.mean(0, /*keepdim=*/true);
  auto proj = centered.to(torch::kDouble).narrow(1, 0, 2); // expected-note {{'proj' is converted to Double here}}
  return torch::matmul(centered, proj); // expected-warning {{'torch::matmul' receives tensors of different dtypes: 'proj' (argument 'other') is Double but 'centered' is Float [torch-dtype-mismatch]}}
}

int64_t argmaxIsLong() {
  auto logits = torch::randn({4, 3});
  auto preds = logits.argmax(1).contiguous();
  const int64_t *ok = preds.data_ptr<int64_t>(); // silent: Long is Long
  const float *bad = preds.data_ptr<float>(); // expected-warning {{'data_ptr<float>' reads 'preds' as float, but 'preds' is Long; LibTorch throws "expected scalar type Float but found Long" [torch-data-ptr-type]}}
  return ok[0] + static_cast<int64_t>(bad[0]);
}

// A helper whose returns differ by path: the caller joins both.
torch::Tensor maybeDouble(const torch::Tensor &raw, bool high) {
  torch::Tensor x;
  if (high)
    x = raw.to(torch::kDouble); // expected-note {{'x' is converted to Double here}}
  else
    x = raw - raw.mean(0);
  return x;
}

torch::Tensor pathsOfHelper(bool high) {
  torch::nn::Linear model(4, 2); // expected-note {{'model' is created here with Float parameters (modules are created as Float)}}
  return model(maybeDouble(torch::randn({2, 4}), high)); // expected-warning {{'model' receives tensors of different dtypes: 'maybeDouble(torch::randn({2, 4}), high)' (argument 'input') is on one path Double but the parameters of 'model' are Float [torch-dtype-mismatch]}} expected-note {{'maybeDouble(torch::randn({2, 4}), high)' is returned by 'maybeDouble' here}}
}

torch::Tensor bothPathsFloat(const torch::Tensor &raw, bool high) {
  torch::Tensor x;
  if (high)
    x = raw * 2.0;
  else
    x = raw - raw.mean(0);
  return x;
}

torch::Tensor pathsAgree(bool high) {
  // Silent: both paths keep the argument's Float.
  torch::nn::Linear model(4, 2);
  return model(bothPathsFloat(torch::randn({2, 4}), high));
}

// div() is true division: a Double image scaled to [0, 1] stays Double
// and fails in the Float model; integer counts divided become Float.
torch::Tensor scaledPixels() {
  torch::nn::Linear model(4, 2); // expected-note {{'model' is created here with Float parameters (modules are created as Float)}}
  auto pixels = torch::randint(0, 255, {2, 4}, torch::kDouble); // expected-note {{'pixels' is created as Double here ('torch::randint' with dtype Double)}}
  auto scaled = pixels.div(255.0).contiguous();
  return model(scaled); // expected-warning {{'model' receives tensors of different dtypes: 'scaled' (argument 'input') is Double but the parameters of 'model' are Float [torch-dtype-mismatch]}}
}

torch::Tensor meanCounts() {
  // Silent: Long counts divided by a number are Float.
  torch::nn::Linear model(4, 2);
  auto counts = torch::randint(0, 9, {2, 4});
  return model(counts.div(2));
}
