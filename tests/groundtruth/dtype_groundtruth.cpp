// dtype_groundtruth.cpp - what LibTorch really does with mixed dtypes.
//
// The ground truth for torchlint's dtype rules: each case is a small piece of
// training code written the way users write it, and running it records what
// the installed LibTorch does. A bug case either throws (a c10::Error whose
// message the CTest checks) or runs clean and computes wrong values; its fixed
// twin must run clean with the right values; a silent case is code that looks
// suspicious but is legal, and that the dtype rules must not report.
//
// Usage: dtype_groundtruth <case>   (dtype_groundtruth --list names them)
//   error case:        prints "ERROR: <first line of the c10::Error>", exit 0;
//                      "NO ERROR" and exit 1 if nothing was thrown.
//   wrong-values case: prints "WRONG VALUES: ...", exit 0; exit 1 otherwise.
//   fixed/silent case: prints "OK", exit 0; what went wrong and exit 1
//                      otherwise.
//
// The bug functions hold no try/catch: the catching lives in main's
// dispatcher, so that torchlint can be run on this file and see user code.
// Observed with Debian 12's libtorch-dev 1.13.1 on the CPU; the error texts
// are those of that version (docs/dtype-facts.md).

#include <torch/torch.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <functional>
#include <numeric>
#include <sstream>
#include <string>
#include <vector>

namespace F = torch::nn::functional;

//===----------------------------------------------------------------------===//
// Models used by the cases
//===----------------------------------------------------------------------===//

/// A two-layer perceptron with Float parameters, as every module starts out.
struct ClassifierImpl : torch::nn::Module {
  ClassifierImpl(int64_t in_features, int64_t hidden, int64_t classes)
      : fc1(register_module("fc1", torch::nn::Linear(in_features, hidden))),
        fc2(register_module("fc2", torch::nn::Linear(hidden, classes))) {}

  torch::Tensor forward(torch::Tensor x) { return fc2(torch::relu(fc1(x))); }

  torch::nn::Linear fc1, fc2;
};
TORCH_MODULE(Classifier);

//===----------------------------------------------------------------------===//
// 1. dtype-mismatch-linear: a Float model fed Double features
//===----------------------------------------------------------------------===//

/// Bug: the features keep the precision of the source data (Double), but the
/// model's parameters are Float, so the first Linear throws.
torch::Tensor bug_dtype_mismatch_linear() {
  Classifier model(4, 16, 3); // expected-note {{'model' is created here with Float parameters (modules are created as Float)}}
  std::vector<double> rows(8 * 4);
  std::iota(rows.begin(), rows.end(), 0.0);
  auto features = torch::tensor(rows, torch::kDouble).view({8, 4}); // expected-note {{'features' is created as Double here ('torch::tensor' with dtype Double)}}
  return model(features); // expected-warning {{'model' receives tensors of different dtypes: 'features' (argument 'x') is Double but the parameters of 'model' are Float [torch-dtype-mismatch]}}
}

/// Fixed: the features are converted to the model's dtype first.
torch::Tensor fixed_dtype_mismatch_linear() {
  Classifier model(4, 16, 3);
  std::vector<double> rows(8 * 4);
  std::iota(rows.begin(), rows.end(), 0.0);
  auto features = torch::tensor(rows, torch::kDouble).view({8, 4});
  return model(features.to(torch::kFloat));
}

//===----------------------------------------------------------------------===//
// 2. dtype-mismatch-mm: a Double tensor from options meets Float weights
//===----------------------------------------------------------------------===//

/// Bug: the inputs are built from options that say Float64, the weights are
/// default (Float) tensors; mm does not promote.
torch::Tensor bug_dtype_mismatch_mm() {
  auto weights = torch::randn({4, 3}); // expected-note {{'weights' is created as Float here ('torch::randn' with no dtype)}}
  auto options = torch::TensorOptions().dtype(torch::kFloat64);
  auto inputs = torch::ones({2, 4}, options); // expected-note {{'inputs' is created as Double here ('torch::ones' with dtype Double)}}
  return torch::mm(inputs, weights); // expected-warning {{'torch::mm' receives tensors of different dtypes: 'inputs' is Double but 'weights' (argument 'mat2') is Float [torch-dtype-mismatch]}}
}

/// Fixed: the inputs take their options from the weights.
torch::Tensor fixed_dtype_mismatch_mm() {
  auto weights = torch::randn({4, 3});
  auto inputs = torch::ones({2, 4}, weights.options());
  return torch::mm(inputs, weights);
}

//===----------------------------------------------------------------------===//
// 3. loss-target-int: class labels built as Int32
//===----------------------------------------------------------------------===//

/// Bug: cross_entropy wants Long class indices; kInt is 32-bit.
torch::Tensor bug_loss_target_int() {
  Classifier model(4, 16, 3);
  auto features = torch::randn({6, 4});
  auto labels = torch::tensor({0, 1, 2, 0, 1, 2}, torch::kInt); // expected-note {{'labels' is created as Int here ('torch::tensor' with dtype Int)}}
  auto logits = model(features);
  return F::cross_entropy(logits, labels); // expected-warning {{'F::cross_entropy' expects class indices of dtype Long, but its target 'labels' is Int [torch-loss-target-dtype]}}
}

/// Fixed: the labels are converted to Long.
torch::Tensor fixed_loss_target_int() {
  Classifier model(4, 16, 3);
  auto features = torch::randn({6, 4});
  auto labels = torch::tensor({0, 1, 2, 0, 1, 2}, torch::kInt);
  auto logits = model(features);
  return F::cross_entropy(logits, labels.to(torch::kLong));
}

//===----------------------------------------------------------------------===//
// 4. loss-target-from-blob-int32: labels wrapped from a C buffer
//===----------------------------------------------------------------------===//

/// Bug: labels read from a file into int32_t are wrapped as they are, and
/// nll_loss wants Long.
torch::Tensor bug_loss_target_from_blob_int32() {
  std::vector<int32_t> label_buffer = {2, 0, 1, 1, 0, 2};
  auto labels = torch::from_blob(label_buffer.data(), {6}, torch::kInt32); // expected-note {{'labels' is created as Int here ('torch::from_blob' with dtype Int)}}
  Classifier model(4, 16, 3);
  auto log_probs = torch::log_softmax(model(torch::randn({6, 4})), 1);
  return F::nll_loss(log_probs, labels); // expected-warning {{'F::nll_loss' expects class indices of dtype Long, but its target 'labels' is Int [torch-loss-target-dtype]}}
}

/// Fixed: .to(kLong) converts the labels (and copies them out of the buffer).
torch::Tensor fixed_loss_target_from_blob_int32() {
  std::vector<int32_t> label_buffer = {2, 0, 1, 1, 0, 2};
  auto labels = torch::from_blob(label_buffer.data(), {6}, torch::kInt32)
                    .to(torch::kLong);
  Classifier model(4, 16, 3);
  auto log_probs = torch::log_softmax(model(torch::randn({6, 4})), 1);
  return F::nll_loss(log_probs, labels);
}

//===----------------------------------------------------------------------===//
// 5. loss-target-bce-long: binary targets left as Long
//===----------------------------------------------------------------------===//

/// Bug: torch::tensor of C++ ints gives Long targets, and
/// binary_cross_entropy_with_logits cannot write its Float result into Long.
torch::Tensor bug_loss_target_bce_long() {
  torch::nn::Linear detector(4, 1);
  auto logits = detector(torch::randn({4, 4})).squeeze(1);
  auto targets = torch::tensor({0, 1, 1, 0}); // expected-note {{'targets' is created as Long here ('torch::tensor' with no dtype)}}
  return F::binary_cross_entropy_with_logits(logits, targets); // expected-warning {{'F::binary_cross_entropy_with_logits' expects a floating target, but its target 'targets' is Long [torch-loss-target-dtype]}}
}

/// Fixed: the targets are converted to the logits' Float.
torch::Tensor fixed_loss_target_bce_long() {
  torch::nn::Linear detector(4, 1);
  auto logits = detector(torch::randn({4, 4})).squeeze(1);
  auto targets = torch::tensor({0, 1, 1, 0});
  return F::binary_cross_entropy_with_logits(logits, targets.to(torch::kFloat));
}

//===----------------------------------------------------------------------===//
// 6. from-blob-double-no-dtype: doubles read as floats
//===----------------------------------------------------------------------===//

/// Bug: from_blob without a dtype assumes the default dtype (Float), so the
/// bytes of the doubles are read as floats: no error, wrong numbers.
torch::Tensor bug_from_blob_double_no_dtype(std::vector<double> &readings) { // expected-note {{'readings' holds double elements}}
  const auto count = static_cast<int64_t>(readings.size());
  return torch::from_blob(readings.data(), {count}).clone(); // expected-warning {{'torch::from_blob' reads 'readings.data()' (double elements) as Float, the default dtype; pass torch::kDouble so the tensor holds the values [torch-from-blob-dtype]}}
}

/// Fixed: the buffer's dtype is given, then the values are converted.
torch::Tensor fixed_from_blob_double_no_dtype(std::vector<double> &readings) {
  const auto count = static_cast<int64_t>(readings.size());
  return torch::from_blob(readings.data(), {count}, torch::kFloat64)
      .to(torch::kFloat);
}

//===----------------------------------------------------------------------===//
// 7. data-ptr-type: a float pointer into a Double tensor
//===----------------------------------------------------------------------===//

/// Bug: data_ptr<float>() checks the tensor's dtype and throws on Double.
float bug_data_ptr_type() {
  auto scores = torch::arange(1, 6, torch::kDouble); // expected-note {{'scores' is created as Double here ('torch::arange' with dtype Double)}}
  const float *values = scores.data_ptr<float>(); // expected-warning {{'data_ptr<float>' reads 'scores' as float, but 'scores' is Double; LibTorch throws "expected scalar type Float but found Double" [torch-data-ptr-type]}}
  float total = 0.0f;
  for (int64_t i = 0; i < scores.numel(); ++i)
    total += values[i];
  return total;
}

/// Fixed: the scores are converted to Float before reading them as floats.
float fixed_data_ptr_type() {
  auto scores = torch::arange(1, 6, torch::kDouble).to(torch::kFloat);
  const float *values = scores.data_ptr<float>();
  float total = 0.0f;
  for (int64_t i = 0; i < scores.numel(); ++i)
    total += values[i];
  return total;
}

//===----------------------------------------------------------------------===//
// 8. accessor-type: accessor<float, 2> on a Double tensor
//===----------------------------------------------------------------------===//

/// Bug: the distance matrix is Double; accessor<float, 2>() throws.
float bug_accessor_type() {
  auto points =
      torch::tensor({{0.0, 0.0}, {3.0, 4.0}, {6.0, 8.0}}, torch::kDouble); // expected-note {{'points' is created as Double here ('torch::tensor' with dtype Double)}}
  auto distances = torch::cdist(points, points);
  auto d = distances.accessor<float, 2>(); // expected-warning {{'accessor<float, 2>' reads 'distances' as float, but 'distances' is Double; LibTorch throws "expected scalar type Float but found Double" [torch-data-ptr-type]}}
  float farthest = 0.0f;
  for (int64_t i = 0; i < d.size(0); ++i)
    for (int64_t j = 0; j < d.size(1); ++j)
      farthest = std::max(farthest, d[i][j]);
  return farthest;
}

/// Fixed: the accessor's element type matches the tensor's dtype.
double fixed_accessor_type() {
  auto points =
      torch::tensor({{0.0, 0.0}, {3.0, 4.0}, {6.0, 8.0}}, torch::kDouble);
  auto distances = torch::cdist(points, points);
  auto d = distances.accessor<double, 2>();
  double farthest = 0.0;
  for (int64_t i = 0; i < d.size(0); ++i)
    for (int64_t j = 0; j < d.size(1); ++j)
      farthest = std::max(farthest, d[i][j]);
  return farthest;
}

//===----------------------------------------------------------------------===//
// 9. from-blob-lifetime: a tensor outliving the buffer it wraps
//===----------------------------------------------------------------------===//

/// Bug (not run: undefined behaviour): the tensor still points into `ramp`
/// after the function returns and the vector is freed. What a later read
/// sees depends on the allocator, so no test can assert on it.
torch::Tensor bug_from_blob_lifetime(int64_t n) {
  std::vector<float> ramp(n); // expected-note {{'ramp' is declared here}}
  std::iota(ramp.begin(), ramp.end(), 0.0f);
  return torch::from_blob(ramp.data(), {n}); // expected-warning {{the tensor from 'torch::from_blob' views 'ramp', a local that is destroyed when 'bug_from_blob_lifetime' returns; '.clone()' it to keep the values [torch-from-blob-lifetime]}}
}

/// Fixed: clone() copies the data into memory the tensor owns.
torch::Tensor fixed_from_blob_lifetime(int64_t n) {
  std::vector<float> ramp(n);
  std::iota(ramp.begin(), ramp.end(), 0.0f);
  return torch::from_blob(ramp.data(), {n}).clone();
}

//===----------------------------------------------------------------------===//
// 10. mse-target-double: forward promotes, backward throws
//===----------------------------------------------------------------------===//

/// Bug: mse_loss of a Float prediction and a Double target runs forward (the
/// loss is Double) but loss.backward() throws.
torch::Tensor bug_mse_target_double() {
  torch::nn::Linear regressor(4, 1);
  auto targets = torch::rand({8, 1}, torch::kDouble);
  auto loss = F::mse_loss(regressor(torch::randn({8, 4})), targets);
  loss.backward();
  return regressor->weight.grad();
}

/// Fixed: the targets are converted to the prediction's dtype.
torch::Tensor fixed_mse_target_double() {
  torch::nn::Linear regressor(4, 1);
  auto targets = torch::rand({8, 1}, torch::kDouble).to(torch::kFloat);
  auto loss = F::mse_loss(regressor(torch::randn({8, 4})), targets);
  loss.backward();
  return regressor->weight.grad();
}

//===----------------------------------------------------------------------===//
// 11. loss-target-nll-float: class indices written into a Float tensor
//===----------------------------------------------------------------------===//

/// Bug: the targets are allocated with torch::zeros (Float) and each row is
/// filled from Long ids, which the assignment converts to Float; nll_loss
/// takes class indices only, so a Float target throws.
torch::Tensor bug_loss_target_nll_float() {
  std::vector<std::vector<int64_t>> rows = {{2, 0, 1}, {1, 2, 0}};
  auto targets = torch::zeros({2, 3}); // expected-note {{'targets' is created as Float here ('torch::zeros' with no dtype)}}
  for (int64_t r = 0; r < 2; ++r)
    targets[r] = torch::tensor(rows[static_cast<size_t>(r)]);
  auto log_probs = torch::log_softmax(torch::randn({6, 3}), 1);
  return F::nll_loss(log_probs, targets.reshape({-1})); // expected-warning {{'F::nll_loss' expects class indices of dtype Long, but its target 'targets.reshape({-1})' is Float [torch-loss-target-dtype]}}
}

/// Fixed: the targets are allocated as Long.
torch::Tensor fixed_loss_target_nll_float() {
  std::vector<std::vector<int64_t>> rows = {{2, 0, 1}, {1, 2, 0}};
  auto targets = torch::zeros({2, 3}, torch::kLong);
  for (int64_t r = 0; r < 2; ++r)
    targets[r] = torch::tensor(rows[static_cast<size_t>(r)]);
  auto log_probs = torch::log_softmax(torch::randn({6, 3}), 1);
  return F::nll_loss(log_probs, targets.reshape({-1}));
}

//===----------------------------------------------------------------------===//
// 12. grid-sample-double-theta: a Double affine grid samples a Float image
//===----------------------------------------------------------------------===//

/// The affine transforms of two crops, computed in double as geometry code
/// usually is.
std::vector<double> cropTransforms() {
  return {0.5, 0.0, -0.5, 0.0, 0.5, -0.5, 0.5, 0.0, 0.5, 0.0, 0.5, 0.5};
}

/// Bug: affine_grid keeps theta's dtype (Double), and grid_sample needs the
/// grid in the image's dtype (Float).
torch::Tensor bug_grid_sample_double_theta() {
  auto transforms = cropTransforms();
  auto theta = torch::from_blob(transforms.data(), {2, 2, 3}, torch::kDouble); // expected-note {{'theta' is created as Double here ('torch::from_blob' with dtype Double)}}
  auto image = torch::rand({2, 1, 8, 8}); // expected-note {{'image' is created as Float here ('torch::rand' with no dtype)}}
  auto grid = F::affine_grid(theta, {2, 1, 4, 4}, /*align_corners=*/false);
  return F::grid_sample(image, grid, // expected-warning {{'F::grid_sample' receives tensors of different dtypes: 'grid' is Double but 'image' (argument 'input') is Float [torch-dtype-mismatch]}}
                        F::GridSampleFuncOptions().align_corners(false));
}

/// Fixed: theta is converted to the image's dtype before the grid is built.
torch::Tensor fixed_grid_sample_double_theta() {
  auto transforms = cropTransforms();
  auto theta = torch::from_blob(transforms.data(), {2, 2, 3}, torch::kDouble)
                   .to(torch::kFloat);
  auto image = torch::rand({2, 1, 8, 8});
  auto grid = F::affine_grid(theta, {2, 1, 4, 4}, /*align_corners=*/false);
  return F::grid_sample(image, grid,
                        F::GridSampleFuncOptions().align_corners(false));
}

//===----------------------------------------------------------------------===//
// Silent cases: legal mixes that a dtype rule must not report
//===----------------------------------------------------------------------===//

/// cross_entropy also takes class probabilities: a Float target shaped
/// like the input is legal (since 1.10), unlike nll_loss's.
torch::Tensor silent_cross_entropy_probabilities() {
  auto logits = torch::randn({4, 3});
  auto soft_targets = torch::softmax(torch::randn({4, 3}), 1);
  return F::cross_entropy(logits, soft_targets);
}

/// Elementwise ops promote: Float + Double is Double.
torch::Tensor silent_add_float_double() {
  auto predictions = torch::rand({4});
  auto offsets = torch::full({4}, 0.5, torch::kDouble);
  return predictions + offsets;
}

/// cat promotes too (since 1.5): Float and Double concatenate to Double.
torch::Tensor silent_cat_float_double() {
  auto recent = torch::ones({2, 3});
  auto history = torch::zeros({2, 3}, torch::kDouble);
  return torch::cat({recent, history});
}

/// A 0-dim Double does not promote a Float matrix: the result stays Float.
torch::Tensor silent_zero_dim_double_scale() {
  auto weights = torch::ones({3, 3});
  auto scale = torch::tensor(0.5, torch::kDouble);
  return weights * scale;
}

/// item<float>() converts the value; it does not check the dtype.
float silent_item_float_on_double() {
  auto loss_history = torch::tensor({0.75, 0.5, 0.25}, torch::kDouble);
  return loss_history.mean().item<float>();
}

/// An 8-bit image wrapped with the right dtype, scaled to [0, 1] as Float,
/// feeds a Float model.
torch::Tensor silent_uint8_image_normalize() {
  std::vector<uint8_t> pixels(28 * 28);
  for (size_t i = 0; i < pixels.size(); ++i)
    pixels[i] = static_cast<uint8_t>(i % 256);
  auto image = torch::from_blob(pixels.data(), {1, 28 * 28}, torch::kUInt8)
                   .to(torch::kFloat)
                   .div(255);
  torch::nn::Linear digits(28 * 28, 10);
  return digits(image);
}

/// torch::tensor of C++ ints is Long, which is what cross_entropy wants.
torch::Tensor silent_tensor_int_list_target() {
  Classifier model(4, 16, 3);
  auto logits = model(torch::randn({3, 4}));
  auto labels = torch::tensor({0, 1, 2});
  return F::cross_entropy(logits, labels);
}

/// torch::tensor of C++ doubles takes the default dtype (Float), not Double,
/// so it feeds a Float model as it is.
torch::Tensor silent_tensor_from_double_vector() {
  std::vector<double> features = {0.1, 0.2, 0.3, 0.4};
  Classifier model(4, 16, 3);
  return model(torch::tensor(features).view({1, 4}));
}

//===----------------------------------------------------------------------===//
// The dispatcher
//===----------------------------------------------------------------------===//

namespace {

/// What running a case must show.
enum class Expect { Error, WrongValues, Clean };

/// A named case: Run returns "" when the values are right, else what is
/// wrong with them.
struct Case {
  const char *Name;
  Expect Kind;
  std::function<std::string()> Run;
};

/// Returns "" if T has dtype Want, else a description of the mismatch.
std::string checkDtype(const torch::Tensor &T, torch::ScalarType Want) {
  if (T.scalar_type() == Want)
    return "";
  std::ostringstream OS;
  OS << "dtype is " << T.dtype() << ", expected " << c10::toString(Want);
  return OS.str();
}

/// Returns "" if T holds finite values of dtype Want.
std::string checkFinite(const torch::Tensor &T, torch::ScalarType Want) {
  std::string Problem = checkDtype(T, Want);
  if (!Problem.empty())
    return Problem;
  if (!torch::isfinite(T).all().item<bool>())
    return "values are not finite";
  return "";
}

/// Returns "" if the 1-D tensor T holds Want (to float precision).
std::string checkValues(const torch::Tensor &T,
                        const std::vector<double> &Want) {
  auto Got = T.to(torch::kDouble).contiguous();
  std::ostringstream OS;
  OS << "got [";
  bool Same = Got.numel() == static_cast<int64_t>(Want.size());
  for (int64_t I = 0; I < Got.numel(); ++I) {
    double V = Got[I].item<double>();
    OS << (I ? ", " : "") << V;
    if (I < static_cast<int64_t>(Want.size()) &&
        std::abs(V - Want[I]) > 1e-5 * std::max(1.0, std::abs(Want[I])))
      Same = false;
  }
  OS << "], expected [";
  for (size_t I = 0; I < Want.size(); ++I)
    OS << (I ? ", " : "") << Want[I];
  OS << "]";
  return Same ? "" : OS.str();
}

/// Returns "" if Got is close to Want.
std::string checkScalar(double Got, double Want) {
  if (std::abs(Got - Want) <= 1e-5 * std::max(1.0, std::abs(Want)))
    return "";
  std::ostringstream OS;
  OS << "got " << Got << ", expected " << Want;
  return OS.str();
}

/// The sensor readings that the from_blob cases wrap.
std::vector<double> sensorReadings() { return {1.0, 2.0, 3.0, 4.0}; }

const std::vector<Case> &cases() {
  using torch::kDouble;
  using torch::kFloat;
  static const std::vector<Case> All = {
      {"bug_dtype_mismatch_linear", Expect::Error,
       [] { return checkFinite(bug_dtype_mismatch_linear(), kFloat); }},
      {"fixed_dtype_mismatch_linear", Expect::Clean,
       [] { return checkFinite(fixed_dtype_mismatch_linear(), kFloat); }},
      {"bug_dtype_mismatch_mm", Expect::Error,
       [] { return checkFinite(bug_dtype_mismatch_mm(), kFloat); }},
      {"fixed_dtype_mismatch_mm", Expect::Clean,
       [] { return checkFinite(fixed_dtype_mismatch_mm(), kFloat); }},
      {"bug_loss_target_int", Expect::Error,
       [] { return checkFinite(bug_loss_target_int(), kFloat); }},
      {"fixed_loss_target_int", Expect::Clean,
       [] { return checkFinite(fixed_loss_target_int(), kFloat); }},
      {"bug_loss_target_from_blob_int32", Expect::Error,
       [] { return checkFinite(bug_loss_target_from_blob_int32(), kFloat); }},
      {"fixed_loss_target_from_blob_int32", Expect::Clean,
       [] { return checkFinite(fixed_loss_target_from_blob_int32(), kFloat); }},
      {"bug_loss_target_bce_long", Expect::Error,
       [] { return checkFinite(bug_loss_target_bce_long(), kFloat); }},
      {"fixed_loss_target_bce_long", Expect::Clean,
       [] { return checkFinite(fixed_loss_target_bce_long(), kFloat); }},
      {"bug_from_blob_double_no_dtype", Expect::WrongValues,
       [] {
         auto Readings = sensorReadings();
         return checkValues(bug_from_blob_double_no_dtype(Readings),
                            sensorReadings());
       }},
      {"fixed_from_blob_double_no_dtype", Expect::Clean,
       [] {
         auto Readings = sensorReadings();
         auto T = fixed_from_blob_double_no_dtype(Readings);
         std::string Problem = checkDtype(T, kFloat);
         return Problem.empty() ? checkValues(T, sensorReadings()) : Problem;
       }},
      {"bug_data_ptr_type", Expect::Error,
       [] { return checkScalar(bug_data_ptr_type(), 15.0); }},
      {"fixed_data_ptr_type", Expect::Clean,
       [] { return checkScalar(fixed_data_ptr_type(), 15.0); }},
      {"bug_accessor_type", Expect::Error,
       [] { return checkScalar(bug_accessor_type(), 10.0); }},
      {"fixed_accessor_type", Expect::Clean,
       [] { return checkScalar(fixed_accessor_type(), 10.0); }},
      // bug_from_blob_lifetime is not run: reading freed memory is undefined
      // behaviour, so its output proves nothing either way.
      {"fixed_from_blob_lifetime", Expect::Clean,
       [] {
         return checkValues(fixed_from_blob_lifetime(5),
                            {0.0, 1.0, 2.0, 3.0, 4.0});
       }},
      {"bug_mse_target_double", Expect::Error,
       [] { return checkFinite(bug_mse_target_double(), kFloat); }},
      {"fixed_mse_target_double", Expect::Clean,
       [] { return checkFinite(fixed_mse_target_double(), kFloat); }},
      {"bug_loss_target_nll_float", Expect::Error,
       [] { return checkFinite(bug_loss_target_nll_float(), kFloat); }},
      {"fixed_loss_target_nll_float", Expect::Clean,
       [] { return checkFinite(fixed_loss_target_nll_float(), kFloat); }},
      {"bug_grid_sample_double_theta", Expect::Error,
       [] { return checkFinite(bug_grid_sample_double_theta(), kFloat); }},
      {"fixed_grid_sample_double_theta", Expect::Clean,
       [] { return checkFinite(fixed_grid_sample_double_theta(), kFloat); }},
      {"silent_cross_entropy_probabilities", Expect::Clean,
       [] {
         return checkFinite(silent_cross_entropy_probabilities(), kFloat);
       }},
      {"silent_add_float_double", Expect::Clean,
       [] { return checkFinite(silent_add_float_double(), kDouble); }},
      {"silent_cat_float_double", Expect::Clean,
       [] {
         auto T = silent_cat_float_double();
         std::string Problem = checkDtype(T, kDouble);
         return Problem.empty() ? checkValues(T.sum(1), {3, 3, 0, 0}) : Problem;
       }},
      {"silent_zero_dim_double_scale", Expect::Clean,
       [] {
         auto T = silent_zero_dim_double_scale();
         std::string Problem = checkDtype(T, kFloat);
         return Problem.empty() ? checkValues(T.sum(1), {1.5, 1.5, 1.5})
                                : Problem;
       }},
      {"silent_item_float_on_double", Expect::Clean,
       [] { return checkScalar(silent_item_float_on_double(), 0.5); }},
      {"silent_uint8_image_normalize", Expect::Clean,
       [] { return checkFinite(silent_uint8_image_normalize(), kFloat); }},
      {"silent_tensor_int_list_target", Expect::Clean,
       [] { return checkFinite(silent_tensor_int_list_target(), kFloat); }},
      {"silent_tensor_from_double_vector", Expect::Clean,
       [] { return checkFinite(silent_tensor_from_double_vector(), kFloat); }},
  };
  return All;
}

/// The first line of a c10::Error, without the C++ backtrace.
std::string firstLine(const c10::Error &E) {
  std::string Message = E.what_without_backtrace();
  return Message.substr(0, Message.find('\n'));
}

/// Runs C and prints its verdict; returns the exit status.
int runCase(const Case &C) {
  std::string Problem;
  try {
    Problem = C.Run();
  } catch (const c10::Error &E) {
    std::printf("ERROR: %s\n", firstLine(E).c_str());
    return C.Kind == Expect::Error ? 0 : 1;
  } catch (const std::exception &E) {
    std::printf("UNEXPECTED EXCEPTION: %s\n", E.what());
    return 1;
  }
  switch (C.Kind) {
  case Expect::Error:
    std::printf("NO ERROR%s%s\n", Problem.empty() ? "" : ": ", Problem.c_str());
    return 1;
  case Expect::WrongValues:
    if (Problem.empty()) {
      std::printf("RIGHT VALUES: expected them to be wrong\n");
      return 1;
    }
    std::printf("WRONG VALUES: %s\n", Problem.c_str());
    return 0;
  case Expect::Clean:
    if (!Problem.empty()) {
      std::printf("FAILED: %s\n", Problem.c_str());
      return 1;
    }
    std::printf("OK\n");
    return 0;
  }
  return 1;
}

} // namespace

int main(int argc, char **argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: %s <case> | --list\n", argv[0]);
    return 2;
  }
  if (std::strcmp(argv[1], "--list") == 0) {
    for (const Case &C : cases())
      std::printf("%s\n", C.Name);
    return 0;
  }
  for (const Case &C : cases()) {
    if (std::strcmp(argv[1], C.Name) != 0)
      continue;
    // Every case starts from the same seed, whichever ran before it.
    torch::manual_seed(0);
    return runCase(C);
  }
  std::fprintf(stderr, "%s: unknown case '%s'\n", argv[0], argv[1]);
  return 2;
}
