// Cases for torch-dtype-mismatch: an operation that needs one dtype receives
// two. Each positive throws "expected scalar type Float but found Double" (or
// "mat1 and mat2 must have the same dtype") on the CPU, on the path that runs
// it; tests/groundtruth runs the same shapes of code and checks the message.
#include <torch/torch.h>

#include <tuple>
#include <vector>

namespace F = torch::nn::functional;

struct MlpImpl : torch::nn::Module {
  MlpImpl()
      : fc1(register_module("fc1", torch::nn::Linear(4, 8))),
        fc2(register_module("fc2", torch::nn::Linear(8, 2))) {}
  torch::Tensor forward(torch::Tensor x) { return fc2(torch::relu(fc1(x))); }
  torch::nn::Linear fc1, fc2;
};
TORCH_MODULE(Mlp);

// A model that converts its own input: its callers may pass any dtype.
struct ImageNetImpl : torch::nn::Module {
  ImageNetImpl() : fc(register_module("fc", torch::nn::Linear(16, 2))) {}
  torch::Tensor forward(torch::Tensor pixels) {
    return fc(pixels.to(torch::kFloat).div(255).flatten(1));
  }
  torch::nn::Linear fc;
};
TORCH_MODULE(ImageNet);

// Matrix products of Float weights and Double data.
torch::Tensor matrixProducts() {
  auto weights = torch::randn({4, 4}); // expected-note 3 {{'weights' is created as Float here ('torch::randn' with no dtype)}}
  auto data = torch::randn({4, 4}, torch::kDouble); // expected-note {{'data' is created as Double here ('torch::randn' with dtype Double)}}
  auto a = torch::mm(weights, data); // expected-warning {{'torch::mm' receives tensors of different dtypes: 'data' (argument 'mat2') is Double but 'weights' is Float [torch-dtype-mismatch]}}
  auto b = torch::matmul(weights, torch::rand({4}, torch::kFloat64)); // expected-warning {{'torch::matmul' receives tensors of different dtypes: 'torch::rand({4}, torch::kFloat64)' (argument 'other') is Double but 'weights' is Float [torch-dtype-mismatch]}} // expected-note {{'torch::rand({4}, torch::kFloat64)' is created as Double here ('torch::rand' with dtype Double)}}
  auto c = weights.mm(torch::eye(4).to(torch::kDouble)); // expected-warning {{'Tensor::mm' receives tensors of different dtypes: 'torch::eye(4).to(torch::kDouble)' (argument 'mat2') is Double but 'weights' is Float [torch-dtype-mismatch]}} // expected-note {{'torch::eye(4).to(torch::kDouble)' is converted to Double here}}
  return a + b + c;
}

// The model is Float; the features keep the source data's Double.
torch::Tensor modelFedDouble(const std::vector<double> &rows) {
  Mlp model; // expected-note {{'model' is created here with Float parameters (modules are created as Float)}}
  auto features = torch::tensor(rows, torch::kDouble).view({-1, 4}); // expected-note {{'features' is created as Double here ('torch::tensor' with dtype Double)}}
  return model(features); // expected-warning {{'model' receives tensors of different dtypes: 'features' (argument 'x') is Double but the parameters of 'model' are Float [torch-dtype-mismatch]}}
}

// A LibTorch module fed integer data: Long in a Linear throws too.
torch::Tensor linearFedLong() {
  torch::nn::Linear fc(4, 2); // expected-note {{'fc' is created here with Float parameters (modules are created as Float)}}
  auto counts = torch::arange(8).view({2, 4}); // expected-note {{'counts' is created as Long here ('torch::arange' with no dtype)}}
  return fc->forward(counts); // expected-warning {{'fc' receives tensors of different dtypes: 'counts' (argument 'input') is Long but the parameters of 'fc' are Float [torch-dtype-mismatch]}}
}

// A model converted to Double, fed the default Float.
torch::Tensor doubleModel() {
  Mlp model;
  model->to(torch::kDouble); // expected-note {{'model' is converted to Double here}}
  auto x = torch::randn({2, 4}); // expected-note {{'x' is created as Float here ('torch::randn' with no dtype)}}
  return model->forward(x); // expected-warning {{'model' receives tensors of different dtypes: 'x' is Float but the parameters of 'model' are Double [torch-dtype-mismatch]}}
}

// One path converts to Double: the crash waits for that path.
torch::Tensor onePath(bool highPrecision) {
  auto w = torch::randn({3, 3}); // expected-note {{'w' is created as Float here ('torch::randn' with no dtype)}}
  auto x = torch::randn({3, 3});
  if (highPrecision)
    x = x.to(torch::kDouble); // expected-note {{'x' is converted to Double here}}
  return torch::mm(w, x); // expected-warning {{'torch::mm' receives tensors of different dtypes: 'x' (argument 'mat2') is on one path Double but 'w' is Float [torch-dtype-mismatch]}}
}

// The odd one out came from a helper in the same file.
torch::Tensor loadCalibration() { return torch::ones({3, 3}, torch::kFloat64); } // expected-note {{'loadCalibration()' is created as Double here ('torch::ones' with dtype Double)}}
torch::Tensor helperReturn() {
  auto w = torch::randn({3, 3}); // expected-note {{'w' is created as Float here ('torch::randn' with no dtype)}}
  return torch::mm(w, loadCalibration()); // expected-warning {{'torch::mm' receives tensors of different dtypes: 'loadCalibration()' (argument 'mat2') is Double but 'w' is Float [torch-dtype-mismatch]}} // expected-note {{'loadCalibration()' is returned by 'loadCalibration' here}}
}

// Functional forms: F::linear and torch::conv2d need one dtype too.
torch::Tensor functional() {
  auto weight = torch::randn({2, 4}); // expected-note {{'weight' is created as Float here ('torch::randn' with no dtype)}}
  auto input = torch::randn({5, 4}).to(torch::kFloat64); // expected-note {{'input' is converted to Double here}}
  return F::linear(input, weight); // expected-warning {{'F::linear' receives tensors of different dtypes: 'input' is Double but 'weight' is Float [torch-dtype-mismatch]}}
}

// Tensors that travel in a tuple keep their dtype.
torch::Tensor throughTuple() {
  auto pair = std::make_tuple(torch::randn({2, 2}, torch::kDouble), // expected-note {{'pair' is created as Double here ('torch::randn' with dtype Double)}}
                              torch::randn({2, 2}, torch::kDouble));
  auto w = torch::randn({2, 2}); // expected-note {{'w' is created as Float here ('torch::randn' with no dtype)}}
  return torch::mm(w, std::get<0>(pair)); // expected-warning {{'torch::mm' receives tensors of different dtypes: 'std::get<0>(pair)' (argument 'mat2') is Double but 'w' is Float [torch-dtype-mismatch]}}
}

// A lambda that makes Double inputs.
torch::Tensor throughLambda() {
  auto make = [](int64_t n) { return torch::rand({n, 4}, torch::kDouble); }; // expected-note {{'make(3)' is created as Double here ('torch::rand' with dtype Double)}}
  torch::nn::Linear fc(4, 1); // expected-note {{'fc' is created here with Float parameters (modules are created as Float)}}
  return fc(make(3)); // expected-warning {{'fc' receives tensors of different dtypes: 'make(3)' (argument 'input') is Double but the parameters of 'fc' are Float [torch-dtype-mismatch]}} // expected-note {{'make(3)' is returned by 'make' here}}
}

// A spatial transformer: affine_grid keeps theta's dtype, and grid_sample
// needs the grid in the image's dtype ("expected scalar type Float but
// found Double" from grid_sampler_2d_cpu). Theta crosses a function as its
// parameter: the caller's Double is checked at the call.
torch::Tensor cropPatches(const torch::Tensor &image,
                          const torch::Tensor &theta) {
  auto grid = F::affine_grid(theta, {theta.size(0), 1, 8, 8}, false);
  return F::grid_sample(image.expand({theta.size(0), 1, 32, 32}), grid, // expected-warning {{'F::grid_sample' receives tensors of different dtypes: 'grid' is Double but 'image' is Float [torch-dtype-mismatch]}}
                        F::GridSampleFuncOptions().align_corners(false));
}
torch::Tensor cropCaller(std::vector<double> &affines) {
  auto image = torch::rand({1, 1, 32, 32}); // expected-note {{'image' is created as Float here ('torch::rand' with no dtype)}}
  auto theta = torch::from_blob(affines.data(), {2, 2, 3}, torch::kFloat64); // expected-note {{'theta' is created as Double here ('torch::from_blob' with dtype Double)}}
  return cropPatches(image, theta); // expected-note {{'theta' is passed to 'cropPatches' as 'theta' here}} expected-note {{'image' is passed to 'cropPatches' as 'image' here}}
}

//===----------------------------------------------------------------------===//
// Must stay silent.
//===----------------------------------------------------------------------===//

torch::Tensor silent() {
  auto f = torch::randn({3, 3});
  auto d = torch::randn({3, 3}, torch::kDouble);
  // Elementwise arithmetic, cat, stack and where promote (run on 1.13).
  auto sum = f + d;
  auto prod = f * d;
  auto both = torch::cat({f, d});
  auto stacked = torch::stack({f, d});
  auto chosen = torch::where(f > 0, f, d);
  // In-place and copy_ convert into the receiver.
  f.add_(d);
  f.copy_(d);
  // A 0-dim Double scales a Float matrix without promotion; a C++ double
  // is a number, not a tensor.
  auto scaled = torch::mm(f, f) * d.sum();
  auto half = torch::mm(f, f) * 0.5;
  // Converted before use.
  auto ok = torch::mm(f, d.to(torch::kFloat));
  auto ok2 = torch::mm(f.to(torch::kDouble), d);
  auto ok3 = torch::mm(d.type_as(f), f);
  // torch::tensor of C++ double data is Float (the default dtype), not
  // Double: fed to a Float Linear it is right.
  torch::nn::Linear fc(3, 1);
  auto fromData = fc(torch::tensor({1.0, 2.0, 3.0}).view({1, 3}));
  // A Float grid from a Float theta samples a Float image.
  auto theta = torch::rand({2, 2, 3});
  auto grid = F::affine_grid(theta, {2, 1, 3, 3}, false);
  auto patches = F::grid_sample(f.view({1, 1, 3, 3}).expand({2, 1, 3, 3}),
                                grid,
                                F::GridSampleFuncOptions().align_corners(false));
  return sum + prod + both.sum() + stacked.sum() + chosen + scaled + half +
         ok + ok2 + ok3 + fromData.sum() + patches.sum();
}

// A model whose forward() converts its input accepts any dtype.
torch::Tensor convertingModel() {
  ImageNet net;
  auto image = torch::randint(0, 255, {1, 16}, torch::kByte);
  return net(image);
}

// Parameters of unknown dtype stay silent: the caller decides.
torch::Tensor unknownInputs(const torch::Tensor &a, const torch::Tensor &b) {
  return torch::mm(a, b);
}

// A model handed to a helper may be converted there: its dtype is unknown.
void convertToDouble(Mlp &m) { m->to(torch::kDouble); }
torch::Tensor convertedElsewhere() {
  Mlp model;
  convertToDouble(model);
  return model(torch::randn({2, 4}, torch::kDouble));
}

// A module whose own member function may convert it: its dtype is unknown
// after the call.
struct SwitchableImpl : torch::nn::Module {
  SwitchableImpl() : fc(register_module("fc", torch::nn::Linear(2, 2))) {}
  void useDouble() { to(torch::kDouble); }
  torch::Tensor forward(torch::Tensor x) { return fc(x); }
  torch::nn::Linear fc;
};
TORCH_MODULE(Switchable);
torch::Tensor convertedByItself() {
  Switchable model;
  model->useDouble();
  return model(torch::randn({2, 2}, torch::kDouble));
}

// Correlated branches: both operands follow the same choice.
torch::Tensor correlated(bool dbl) {
  auto a = dbl ? torch::randn({2, 2}, torch::kDouble) : torch::randn({2, 2});
  auto b = a.clone();
  return torch::mm(a, b);
}

// A Double model fed Double input.
torch::Tensor doubleThroughout() {
  Mlp model;
  model->to(torch::kDouble);
  return model(torch::randn({2, 4}, torch::kDouble));
}

//===----------------------------------------------------------------------===//
// Templates and macros.
//===----------------------------------------------------------------------===//

// Reported once for the pattern, not once per instantiation.
template <typename Scale> torch::Tensor project(Scale s) {
  auto w = torch::randn({2, 2}); // expected-note {{'w' is created as Float here ('torch::randn' with no dtype)}}
  auto x = torch::randn({2, 2}, torch::kDouble); // expected-note {{'x' is created as Double here ('torch::randn' with dtype Double)}}
  return torch::mm(w, x) * s; // expected-warning {{'torch::mm' receives tensors of different dtypes: 'x' (argument 'mat2') is Double but 'w' is Float [torch-dtype-mismatch]}}
}
template torch::Tensor project<int>(int);
template torch::Tensor project<double>(double);

// The element type is a template parameter: each instantiation is judged
// on its own, and only the Double one is wrong.
template <typename T> torch::Tensor byElement() {
  auto w = torch::randn({2, 2}); // expected-note {{'w' is created as Float here ('torch::randn' with no dtype)}}
  auto x = torch::randn({2, 2}, torch::CppTypeToScalarType<T>::value); // expected-note {{'x' is created as Double here ('torch::randn' with dtype Double)}}
  return torch::mm(w, x); // expected-warning {{'torch::mm' receives tensors of different dtypes: 'x' (argument 'mat2') is Double but 'w' is Float [torch-dtype-mismatch]}}
}
template torch::Tensor byElement<float>();
template torch::Tensor byElement<double>();

#define MATMUL(a, b) torch::mm(a, b)
torch::Tensor inMacro() {
  auto w = torch::randn({2, 2}); // expected-note {{'w' is created as Float here ('torch::randn' with no dtype)}}
  auto x = torch::randn({2, 2}, torch::kDouble); // expected-note {{'x' is created as Double here ('torch::randn' with dtype Double)}}
  return MATMUL(w, x); // expected-warning {{'torch::mm' receives tensors of different dtypes: 'x' (argument 'mat2') is Double but 'w' is Float [torch-dtype-mismatch]}}
}

// A matrix inverse keeps its input's dtype: a Double colour matrix inverted
// is still Double, and meets Float pixels.
torch::Tensor unmixColours(torch::Tensor Pixels) {
  auto Mixing = torch::tensor({{0.65, 0.70}, {0.07, 0.99}}, torch::kFloat64); // expected-note {{'Mixing' is created as Double here ('torch::tensor' with dtype Double)}}
  auto Unmixing = torch::inverse(Mixing);
  auto Flat = torch::rand({16, 2}); // expected-note {{'Flat' is created as Float here ('torch::rand' with no dtype)}}
  return torch::matmul(Flat, Unmixing); // expected-warning {{'torch::matmul' receives tensors of different dtypes: 'Unmixing' (argument 'other') is Double but 'Flat' is Float [torch-dtype-mismatch]}}
}
