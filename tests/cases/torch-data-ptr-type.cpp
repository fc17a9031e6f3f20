// Cases for torch-data-ptr-type: data_ptr<T>() and accessors with a T other
// than the tensor's dtype throw "expected scalar type Float but found Double".
#include <torch/torch.h>

#include <cstdint>
#include <vector>

float sumScores() {
  auto scores = torch::rand({8}, torch::kDouble); // expected-note {{'scores' is created as Double here ('torch::rand' with dtype Double)}}
  const float *p = scores.data_ptr<float>(); // expected-warning {{'data_ptr<float>' reads 'scores' as float, but 'scores' is Double; LibTorch throws "expected scalar type Float but found Double" [torch-data-ptr-type]}}
  float total = 0;
  for (int64_t i = 0; i < scores.numel(); ++i)
    total += p[i];
  return total;
}

int64_t firstIndex() {
  auto idx = torch::zeros({4}, torch::kInt); // expected-note {{'idx' is created as Int here ('torch::zeros' with dtype Int)}}
  return idx.data_ptr<int64_t>()[0]; // expected-warning {{'data_ptr<int64_t>' reads 'idx' as int64_t, but 'idx' is Int; LibTorch throws "expected scalar type Long but found Int" [torch-data-ptr-type]}}
}

double farthest() {
  auto points = torch::tensor({{0.0, 0.0}, {3.0, 4.0}}, torch::kDouble); // expected-note {{'points' is created as Double here ('torch::tensor' with dtype Double)}}
  auto distances = torch::cdist(points, points);
  auto d = distances.accessor<float, 2>(); // expected-warning {{'accessor<float, 2>' reads 'distances' as float, but 'distances' is Double; LibTorch throws "expected scalar type Float but found Double" [torch-data-ptr-type]}}
  return d[0][1];
}

// The Float default of factories, read as double.
double defaultFloat() {
  auto x = torch::randn({3}); // expected-note {{'x' is created as Float here ('torch::randn' with no dtype)}}
  return x.data_ptr<double>()[0]; // expected-warning {{'data_ptr<double>' reads 'x' as double, but 'x' is Float; LibTorch throws "expected scalar type Double but found Float" [torch-data-ptr-type]}}
}

// Long counts from arange, read through a packed accessor of int.
int32_t packed() {
  auto counts = torch::arange(6).view({2, 3}); // expected-note {{'counts' is created as Long here ('torch::arange' with no dtype)}}
  auto acc = counts.packed_accessor64<int32_t, 2>(); // expected-warning {{'packed_accessor64<int32_t, 2>' reads 'counts' as int32_t, but 'counts' is Long; LibTorch throws "expected scalar type Int but found Long" [torch-data-ptr-type]}}
  return acc[1][2];
}

//===----------------------------------------------------------------------===//
// Must stay silent.
//===----------------------------------------------------------------------===//

double silent(const torch::Tensor &unknown) {
  auto x = torch::rand({4}, torch::kDouble);
  // Matching types.
  double a = x.data_ptr<double>()[0];
  auto acc = x.accessor<double, 1>();
  // item<T>() converts instead of checking.
  float b = x.item<float>() + x.sum().item<float>();
  // Converted first.
  float c = x.to(torch::kFloat).data_ptr<float>()[0];
  // The caller's tensor: its dtype is not known here.
  float d = unknown.data_ptr<float>()[0];
  // int64_t is Long: torch::arange of integers.
  int64_t e = torch::arange(3).data_ptr<int64_t>()[0];
  return a + acc[1] + b + c + d + e;
}

//===----------------------------------------------------------------------===//
// Templates and macros.
//===----------------------------------------------------------------------===//

// Each instantiation is judged on its own: only the mismatched one is wrong.
template <typename T> T first(torch::ScalarType type) {
  auto x = torch::ones({2}, torch::kFloat); // expected-note {{'x' is created as Float here ('torch::ones' with dtype Float)}}
  (void)type;
  return x.data_ptr<T>()[0]; // expected-warning {{'data_ptr<T>' reads 'x' as double, but 'x' is Float; LibTorch throws "expected scalar type Double but found Float" [torch-data-ptr-type]}}
}
template float first<float>(torch::ScalarType);
template double first<double>(torch::ScalarType);

#define RAW(t) (t).data_ptr<float>()
float inMacro() {
  auto x = torch::ones({2}, torch::kDouble); // expected-note {{'x' is created as Double here ('torch::ones' with dtype Double)}}
  return RAW(x)[0]; // expected-warning {{'data_ptr<float>' reads 'x' as float, but 'x' is Double; LibTorch throws "expected scalar type Float but found Double" [torch-data-ptr-type]}}
}

// The indices of max(dim), sort, topk are Long whatever the input's dtype
// (here unknown, a parameter); the values keep the input's.
const int32_t *bestClasses(torch::Tensor Probs) {
  auto Best = Probs.max(/*dim=*/1);
  auto Labels = std::get<1>(Best) + 1; // expected-note {{'Labels' is the indices of 'max' here, Long}}
  auto Host = Labels.contiguous().cpu();
  return Host.data_ptr<int32_t>(); // expected-warning {{'data_ptr<int32_t>' reads 'Host' as int32_t, but 'Host' is Long; LibTorch throws "expected scalar type Int but found Long" [torch-data-ptr-type]}}
}
const int64_t *topIndices(torch::Tensor Scores) {
  auto Top = torch::topk(Scores, 3);
  auto Indices = std::get<1>(Top).cpu();
  return Indices.data_ptr<int64_t>(); // Silent: the indices are Long.
}
