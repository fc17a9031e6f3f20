// Cases for the fields of a struct of tensors that the user's function
// returns: each field keeps its own dtype (Float images beside Int labels),
// where the struct as a whole agrees on none. Each positive throws
// "expected scalar type Long but found Int" (or "expected scalar type Float
// but found Double") on the CPU too.
#include <torch/torch.h>

#include <cstdint>
#include <vector>

namespace F = torch::nn::functional;

struct Batch {
  torch::Tensor images;
  torch::Tensor labels;
};

// Filled field by field.
Batch readBatch(int64_t N) {
  std::vector<int32_t> Raw(static_cast<size_t>(N), 1);
  Batch B;
  B.images = torch::randn({N, 4});
  B.labels = torch::from_blob(Raw.data(), {N}, torch::kInt32).clone(); // expected-note 2 {{'B.labels' is created as Int here ('torch::from_blob' with dtype Int)}}
  return B;
}

torch::Tensor trainOnRead() {
  torch::nn::Linear Fc(4, 3);
  Batch B = readBatch(8); // expected-note {{'B.labels' is returned by 'readBatch' here, in its field 'labels'}}
  return F::cross_entropy(Fc(B.images), B.labels); // expected-warning {{'F::cross_entropy' expects class indices of dtype Long, but its target 'B.labels' is Int [torch-loss-target-dtype]}}
}

// Built in place.
Batch syntheticBatch(int64_t N) {
  return {torch::randn({N, 4}), torch::zeros({N}, torch::kInt)}; // expected-note {{'Labels' is created as Int here ('torch::zeros' with dtype Int)}}
}

torch::Tensor trainOnSynthetic() {
  torch::nn::Linear Fc(4, 3);
  auto Labels = syntheticBatch(8).labels; // expected-note {{'Labels' is returned by 'syntheticBatch' here, in its field 'labels'}}
  return F::nll_loss(F::log_softmax(Fc(torch::randn({8, 4})), 1), Labels); // expected-warning {{'F::nll_loss' expects class indices of dtype Long, but its target 'Labels' is Int [torch-loss-target-dtype]}}
}

// Long labels: what the loss takes.
Batch longBatch(int64_t N) {
  return Batch{torch::randn({N, 4}), torch::zeros({N}, torch::kLong)};
}

torch::Tensor trainOnLong() {
  torch::nn::Linear Fc(4, 3);
  Batch B = longBatch(8);
  return F::cross_entropy(Fc(B.images), B.labels);
}

// Converted by the caller before the loss: the local changes after its
// initialisation, so the field summary no longer says what it holds.
torch::Tensor trainOnConverted() {
  torch::nn::Linear Fc(4, 3);
  Batch B = readBatch(8);
  B.labels = B.labels.to(torch::kLong);
  return F::cross_entropy(Fc(B.images), B.labels);
}

// Int on one path, Long on the other: the loss may receive either, and the
// analysis does not say which path runs.
Batch eitherBatch(int64_t N, bool Raw) {
  Batch B;
  B.images = torch::randn({N, 4});
  if (Raw)
    B.labels = torch::zeros({N}, torch::kInt);
  else
    B.labels = torch::zeros({N}, torch::kLong);
  return B;
}

torch::Tensor trainOnEither(bool Raw) {
  torch::nn::Linear Fc(4, 3);
  Batch B = eitherBatch(8, Raw);
  return F::cross_entropy(Fc(B.images), B.labels);
}

// A virtual source may be overridden: the call may not run this body.
struct Source {
  virtual ~Source() = default;
  virtual Batch next() {
    return {torch::randn({8, 4}), torch::zeros({8}, torch::kInt)};
  }
};

torch::Tensor trainOnSource(Source &S) {
  torch::nn::Linear Fc(4, 3);
  Batch B = S.next();
  return F::cross_entropy(Fc(B.images), B.labels);
}

// Double statistics in a field meet a Float model.
struct Stats {
  torch::Tensor mean;
  torch::Tensor scale;
};

Stats computeStats() {
  Stats S;
  S.mean = torch::zeros({1, 4}, torch::kFloat64); // expected-note {{'S.mean' is created as Double here ('torch::zeros' with dtype Double)}}
  S.scale = torch::ones({1, 4}, torch::kFloat64);
  return S;
}

torch::Tensor predictWithStats() {
  torch::nn::Linear Fc(4, 2); // expected-note {{'Fc' is created here with Float parameters (modules are created as Float)}}
  Stats S = computeStats(); // expected-note {{'S.mean' is returned by 'computeStats' here, in its field 'mean'}}
  return Fc(S.mean); // expected-warning {{'Fc' receives tensors of different dtypes: 'S.mean' (argument 'input') is Double but the parameters of 'Fc' are Float [torch-dtype-mismatch]}}
}

// A macro that makes the batch: reported where the loss is.
#define READ_BATCH(n) readBatch(n)
torch::Tensor trainOnMacro() {
  torch::nn::Linear Fc(4, 3);
  Batch B = READ_BATCH(8); // expected-note {{'B.labels' is returned by 'readBatch' here, in its field 'labels'}}
  return F::cross_entropy(Fc(B.images), B.labels); // expected-warning {{'F::cross_entropy' expects class indices of dtype Long, but its target 'B.labels' is Int [torch-loss-target-dtype]}}
}

// A template that makes the batch: each instantiation has its summary.
template <typename Label> Batch typedBatch(int64_t N) {
  return {torch::randn({N, 4}),
          torch::zeros({N}, torch::CppTypeToScalarType<Label>::value)}; // expected-note {{'B.labels' is created as Int here ('torch::zeros' with dtype Int)}}
}

torch::Tensor trainOnTemplateInt() {
  torch::nn::Linear Fc(4, 3);
  Batch B = typedBatch<int32_t>(8); // expected-note {{'B.labels' is returned by 'typedBatch' here, in its field 'labels'}}
  return F::cross_entropy(Fc(B.images), B.labels); // expected-warning {{'F::cross_entropy' expects class indices of dtype Long, but its target 'B.labels' is Int [torch-loss-target-dtype]}}
}

torch::Tensor trainOnTemplateLong() {
  torch::nn::Linear Fc(4, 3);
  Batch B = typedBatch<int64_t>(8);
  return F::cross_entropy(Fc(B.images), B.labels);
}
