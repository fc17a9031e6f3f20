// Cases for the dtype preconditions of the user's functions: a parameter
// that meets a Float model, a Float matrix or a loss inside a helper is
// checked where the helper is called, with the argument the caller passes
// (torch-dtype-mismatch, torch-loss-target-dtype). The conflict is the
// caller's: the helper is right for Float input. Each positive throws
// "expected scalar type Float but found Double" (or "expected scalar type
// Long but found Int") inside the helper, on the CPU too.
#include <torch/torch.h>

#include <vector>

namespace F = torch::nn::functional;

// A helper that meets a Float matrix of its own.
torch::Tensor project(const torch::Tensor &Features) {
  auto Basis = torch::randn({4, 2}); // expected-note {{'Basis' is created as Float here ('torch::randn' with no dtype)}}
  return torch::matmul(Features, Basis); // expected-warning {{'torch::matmul' receives tensors of different dtypes: 'Features' is Double but 'Basis' is Float [torch-dtype-mismatch]}}
}

torch::Tensor projectDouble() {
  auto Rows = torch::randn({3, 4}, torch::kDouble); // expected-note {{'Rows' is created as Double here ('torch::randn' with dtype Double)}}
  return project(Rows); // expected-note {{'Rows' is passed to 'project' as 'Features' here}}
}

// Float input: what the helper expects.
torch::Tensor projectFloat() { return project(torch::randn({3, 4})); }

// The caller's own input: unknown here, a precondition of its own callers.
torch::Tensor projectInput(torch::Tensor X) { return project(X); }

// Its caller passing Double is the same bug at the same site, in the same
// words: one finding (above), whichever caller shows it.
torch::Tensor projectInputDouble() {
  return projectInput(torch::ones({2, 4}, torch::kFloat64));
}

// A graph convolution whose adjacency gains a Float identity before it meets
// the layer's output: a Double adjacency stays Double.
struct GraphConvImpl : torch::nn::Module {
  GraphConvImpl(int64_t In, int64_t Out)
      : lin(register_module("lin", torch::nn::Linear(In, Out))) {}
  torch::Tensor forward(const torch::Tensor &X, const torch::Tensor &Adj) {
    auto AHat = Adj + torch::eye(Adj.size(0), Adj.options().dtype(torch::kFloat));
    return torch::matmul(AHat, lin(X)); // expected-warning {{'torch::matmul' receives tensors of different dtypes: 'Adj' is Double but 'lin(X)' is Float [torch-dtype-mismatch]}}
  }
  torch::nn::Linear lin;
};
TORCH_MODULE(GraphConv);

struct GcnImpl : torch::nn::Module {
  GcnImpl() : conv(register_module("conv", GraphConv(4, 2))) {}
  torch::Tensor forward(const torch::Tensor &X, const torch::Tensor &Adj) {
    return conv(X, Adj); // expected-note {{'Adj' is passed to 'conv' as 'Adj' here}}
  }
  GraphConv conv;
};
TORCH_MODULE(Gcn);

torch::Tensor gcnDouble() {
  Gcn Model; // expected-note {{'Model' is created here with Float parameters (modules are created as Float)}}
  auto Adj = torch::zeros({3, 3}, torch::kFloat64); // expected-note {{'Adj' is created as Double here ('torch::zeros' with dtype Double)}}
  return Model(torch::randn({3, 4}), Adj); // expected-note {{'Adj' is passed to 'Model' as 'Adj' here}}
}

// A Half adjacency plus a Float identity is Float: what the layer needs.
torch::Tensor gcnHalf() {
  Gcn Model;
  auto Adj = torch::zeros({3, 3}, torch::kHalf);
  return Model(torch::randn({3, 4}), Adj);
}

// A loss helper: its labels are the class indices of cross_entropy.
torch::Tensor lossOf(const torch::Tensor &Logits, const torch::Tensor &Labels) {
  return F::cross_entropy(Logits, Labels); // expected-warning {{'F::cross_entropy' expects class indices of dtype Long, but its target 'Labels' is Int [torch-loss-target-dtype]}}
}

torch::Tensor intLabels() {
  std::vector<int32_t> Raw{0, 1, 2};
  auto Labels = torch::from_blob(Raw.data(), {3}, torch::kInt32).clone(); // expected-note {{'Labels' is created as Int here ('torch::from_blob' with dtype Int)}}
  return lossOf(torch::randn({3, 4}), Labels); // expected-note {{'Labels' is passed to 'lossOf' as 'Labels' here}}
}

// Long labels: what cross_entropy takes.
torch::Tensor longLabels() {
  return lossOf(torch::randn({3, 4}), torch::tensor({0, 1, 2}));
}

// Two parameters that must agree: only a caller passing two dtypes is wrong.
torch::Tensor similarity(const torch::Tensor &A, const torch::Tensor &B) {
  return torch::mm(A, B.t()); // expected-warning {{'torch::mm' receives tensors of different dtypes: 'B.t()' is Double but 'A' is Float [torch-dtype-mismatch]}}
}

torch::Tensor similarityMixed() {
  auto Queries = torch::randn({2, 4}); // expected-note {{'Queries' is created as Float here ('torch::randn' with no dtype)}}
  auto Keys = torch::randn({5, 4}, torch::kDouble); // expected-note {{'Keys' is created as Double here ('torch::randn' with dtype Double)}}
  return similarity(Queries, Keys); // expected-note {{'Keys' is passed to 'similarity' as 'B' here}} // expected-note {{'Queries' is passed to 'similarity' as 'A' here}}
}

torch::Tensor similarityDouble() {
  auto Queries = torch::randn({2, 4}, torch::kDouble);
  auto Keys = torch::randn({5, 4}, torch::kDouble);
  return similarity(Queries, Keys);
}

// A helper that converts what it is given: any dtype will do.
torch::Tensor projectAny(const torch::Tensor &Features) {
  return torch::matmul(Features.to(torch::kFloat), torch::randn({4, 2}));
}

torch::Tensor projectAnyDouble() {
  return projectAny(torch::randn({3, 4}, torch::kDouble));
}

// Double statistics make any batch Double, whatever its own dtype: Double
// is the widest real type.
torch::Tensor normalisedIntoModel(const torch::Tensor &Batch) {
  auto Mean = torch::zeros({1, 4}, torch::kFloat64); // expected-note {{'Mean' is created as Double here ('torch::zeros' with dtype Double)}}
  torch::nn::Linear Fc(4, 2); // expected-note {{'Fc' is created here with Float parameters (modules are created as Float)}}
  auto X = Batch - Mean;
  return Fc(X); // expected-warning {{'Fc' receives tensors of different dtypes: 'X' (argument 'input') is Double but the parameters of 'Fc' are Float [torch-dtype-mismatch]}}
}

// A Float matrix beside the input does not say the result's dtype: a
// Double batch stays Double, a Float one Float.
torch::Tensor shiftedIntoModel(const torch::Tensor &Batch) {
  auto Shift = torch::zeros({1, 4});
  torch::nn::Linear Fc(4, 2);
  return Fc(Batch + Shift);
}

// A macro that calls a helper: reported in the helper, with the call where
// the macro is used.
torch::Tensor embed(const torch::Tensor &Tokens) {
  auto Table = torch::randn({4, 8}); // expected-note {{'Table' is created as Float here ('torch::randn' with no dtype)}}
  return torch::mm(Tokens, Table); // expected-warning {{'torch::mm' receives tensors of different dtypes: 'Tokens' is Double but 'Table' is Float [torch-dtype-mismatch]}}
}
#define EMBED(x) embed(x)
torch::Tensor embedMacro() {
  auto Rows = torch::randn({3, 4}, torch::kDouble); // expected-note {{'Rows' is created as Double here ('torch::randn' with dtype Double)}}
  return EMBED(Rows); // expected-note {{'Rows' is passed to 'embed' as 'Tokens' here}}
}

// A template helper: each instantiation is checked with its own callers.
template <typename T> torch::Tensor scaleThenMix(const torch::Tensor &X, T S) {
  auto Mixing = torch::randn({4, 4}); // expected-note {{'Mixing' is created as Float here ('torch::randn' with no dtype)}}
  return torch::mm(X * S, Mixing); // expected-warning {{'torch::mm' receives tensors of different dtypes: 'X' is Double but 'Mixing' is Float [torch-dtype-mismatch]}}
}

torch::Tensor templateDouble() {
  return scaleThenMix(torch::randn({3, 4}, torch::kDouble), 2); // expected-note {{'torch::randn({3, 4}, torch::kDouble)' is created as Double here ('torch::randn' with dtype Double)}} // expected-note {{'torch::randn({3, 4}, torch::kDouble)' is passed to 'scaleThenMix' as 'X' here}}
}

// The same template called with Float input: silent.
torch::Tensor templateFloat() {
  return scaleThenMix(torch::randn({3, 4}), 2.0);
}

// A host helper that reads its input as float: a Double tensor handed to it
// throws "expected scalar type Float but found Double" inside it.
float hostSum(const torch::Tensor &Scores) {
  const float *P = Scores.data_ptr<float>(); // expected-warning {{'data_ptr<float>' reads 'Scores' as float, but 'Scores' is Double; LibTorch throws "expected scalar type Float but found Double" [torch-data-ptr-type]}}
  float S = 0;
  for (int64_t I = 0; I < Scores.numel(); ++I)
    S += P[I];
  return S;
}

float hostSumOfDoubles() {
  auto Prior = torch::rand({4}, torch::kDouble); // expected-note {{'Prior' is created as Double here ('torch::rand' with dtype Double)}}
  return hostSum(Prior); // expected-note {{'Prior' is passed to 'hostSum' as 'Scores' here}}
}

// Silent: Float scores are what the helper reads; Long ones read as
// int64_t by another helper are right too.
int64_t hostCount(const torch::Tensor &Ids) { return *Ids.data_ptr<int64_t>(); }
float hostSumOfFloats() {
  return hostSum(torch::rand({4})) + hostCount(torch::arange(4));
}
