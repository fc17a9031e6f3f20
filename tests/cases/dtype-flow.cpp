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
