// Cases for torch-from-blob-lifetime: torch::from_blob does not copy, so a
// tensor over a local buffer must not outlive the function that owns it.
#include <torch/torch.h>

#include <array>
#include <cstdint>
#include <fstream>
#include <map>
#include <memory>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

// A helper that returns a tensor over its own local buffer: the caller reads
// freed memory (PyTorch issue #17537).
torch::Tensor makeRamp(int64_t n) {
  std::vector<float> ramp(n); // expected-note {{'ramp' is declared here}}
  for (int64_t i = 0; i < n; ++i)
    ramp[i] = static_cast<float>(i);
  return torch::from_blob(ramp.data(), {n}); // expected-warning {{the tensor from 'torch::from_blob' views 'ramp', a local that is destroyed when 'makeRamp' returns; '.clone()' it to keep the values [torch-from-blob-lifetime]}}
}

// An image loader: bytes read into a local vector, returned as a view.
torch::Tensor loadImage(const std::string &path, int64_t h, int64_t w) {
  std::ifstream in(path, std::ios::binary);
  std::vector<uint8_t> pixels(h * w * 3); // expected-note {{'pixels' is declared here}}
  in.read(reinterpret_cast<char *>(pixels.data()), pixels.size());
  // permute returns a view of the same memory.
  return torch::from_blob(pixels.data(), {h, w, 3}, torch::kByte).permute({2, 0, 1}); // expected-warning {{the tensor from 'torch::from_blob' views 'pixels', a local that is destroyed when 'loadImage' returns; '.clone()' it to keep the values [torch-from-blob-lifetime]}}
}

// Through a local tensor variable that is returned.
torch::Tensor readRow(std::ifstream &in, int64_t columns) {
  double row[64]; // expected-note {{'row' is declared here}}
  in.read(reinterpret_cast<char *>(row), columns * sizeof(double));
  auto tensor = torch::from_blob(row, {columns}, torch::kFloat64); // expected-warning {{the tensor from 'torch::from_blob' views 'row', a local that is destroyed when 'readRow' returns; '.clone()' it to keep the values [torch-from-blob-lifetime]}}
  tensor.mul_(2.0); // In place: still the same memory.
  return tensor; // expected-note {{'tensor' is returned here}}
}

// A class member tensor built from a local vector.
class Normalizer {
public:
  explicit Normalizer(const std::vector<float> &stats) {
    std::vector<float> mean(stats.begin(), stats.begin() + 3); // expected-note {{'mean' is declared here}}
    std::vector<float> spread(stats.begin() + 3, stats.end()); // expected-note {{'spread' is declared here}}
    mean_ = torch::from_blob(mean.data(), {3, 1, 1}); // expected-warning {{the tensor from 'torch::from_blob' views 'mean', a local that is destroyed when 'Normalizer' returns; '.clone()' it to keep the values [torch-from-blob-lifetime]}}
    auto s = torch::from_blob(spread.data(), {3, 1, 1}); // expected-warning {{the tensor from 'torch::from_blob' views 'spread', a local that is destroyed when 'Normalizer' returns; '.clone()' it to keep the values [torch-from-blob-lifetime]}}
    this->std_ = s; // expected-note {{'s' is stored in 'this->std_' here}}
  }
  torch::Tensor operator()(const torch::Tensor &x) const {
    return (x - mean_) / std_;
  }

private:
  torch::Tensor mean_;
  torch::Tensor std_;
};

// The caller's container, through a reference parameter.
void appendBatch(std::vector<torch::Tensor> &out, std::ifstream &in) {
  for (int i = 0; i < 4; ++i) {
    std::array<float, 16> sample{}; // expected-note {{'sample' is declared here}}
    in.read(reinterpret_cast<char *>(sample.data()), sizeof(sample));
    out.push_back(torch::from_blob(sample.data(), {4, 4})); // expected-warning {{the tensor from 'torch::from_blob' views 'sample', a local that is destroyed at the end of its block; '.clone()' it to keep the values [torch-from-blob-lifetime]}}
  }
}

// A local container filled with views and returned.
std::vector<torch::Tensor> splitChannels(int64_t n) {
  std::vector<torch::Tensor> channels;
  std::unique_ptr<float[]> storage(new float[3 * n]()); // expected-note {{'storage' is declared here}}
  for (int64_t c = 0; c < 3; ++c)
    channels.push_back(torch::from_blob(storage.get() + c * n, {n})); // expected-warning {{the tensor from 'torch::from_blob' views 'storage', a local that is destroyed when 'splitChannels' returns; '.clone()' it to keep the values [torch-from-blob-lifetime]}}
  return channels; // expected-note {{'channels' is returned here}}
}

// A dataset's get() returning an example whose data views a local.
struct Readings : torch::data::datasets::Dataset<Readings> {
  torch::data::Example<> get(size_t index) override {
    std::vector<float> values(8, static_cast<float>(index)); // expected-note {{'values' is declared here}}
    return {torch::from_blob(values.data(), {8}), torch::tensor(0)}; // expected-warning {{the tensor from 'torch::from_blob' views 'values', a local that is destroyed when 'get' returns; '.clone()' it to keep the values [torch-from-blob-lifetime]}}
  }
  c10::optional<size_t> size() const override { return 10; }
};

// .to() with the dtype the tensor already has returns the tensor itself.
torch::Tensor sameDtype(int64_t n) {
  std::vector<float> buffer(n, 1.0f); // expected-note {{'buffer' is declared here}}
  return torch::from_blob(buffer.data(), {n}).to(torch::kFloat); // expected-warning {{the tensor from 'torch::from_blob' views 'buffer', a local that is destroyed when 'sameDtype' returns; '.clone()' it to keep the values [torch-from-blob-lifetime]}}
}

// A std::string's bytes and a local scalar.
torch::Tensor fromText(const std::string &path) {
  std::string bytes(64, '\0'); // expected-note {{'bytes' is declared here}}
  std::ifstream(path).read(&bytes[0], 64);
  return torch::from_blob(&bytes[0], {64}, torch::kUInt8); // expected-warning {{the tensor from 'torch::from_blob' views 'bytes', a local that is destroyed when 'fromText' returns; '.clone()' it to keep the values [torch-from-blob-lifetime]}}
}

// at::from_blob, and a lambda whose own local escapes it.
auto makeFactory() {
  return [](int64_t n) {
    std::vector<double> scratch(n, 0.5); // expected-note {{'scratch' is declared here}}
    return at::from_blob(scratch.data(), {n}, at::kDouble); // expected-warning {{the tensor from 'at::from_blob' views 'scratch', a local that is destroyed when the lambda returns; '.clone()' it to keep the values [torch-from-blob-lifetime]}}
  };
}

// A pair returned whole, a member map, a pointer parameter, a static, and a
// local scalar.
std::pair<torch::Tensor, int64_t> withLabel(int64_t label) {
  std::array<float, 4> features{1, 2, 3, 4}; // expected-note {{'features' is declared here}}
  return {torch::from_blob(features.data(), {4}), label}; // expected-warning {{the tensor from 'torch::from_blob' views 'features', a local that is destroyed when 'withLabel' returns; '.clone()' it to keep the values [torch-from-blob-lifetime]}}
}
class FeatureCache {
public:
  void put(const std::string &key, int64_t n) {
    std::vector<float> values(n, 1.0f); // expected-note {{'values' is declared here}}
    cache_[key] = torch::from_blob(values.data(), {n}); // expected-warning {{the tensor from 'torch::from_blob' views 'values', a local that is destroyed when 'put' returns; '.clone()' it to keep the values [torch-from-blob-lifetime]}}
  }

private:
  std::map<std::string, torch::Tensor> cache_;
};
void fill(std::vector<torch::Tensor> *out) {
  float scale = 2.0f; // expected-note {{'scale' is declared here}}
  out->push_back(torch::from_blob(&scale, {1})); // expected-warning {{the tensor from 'torch::from_blob' views 'scale', a local that is destroyed when 'fill' returns; '.clone()' it to keep the values [torch-from-blob-lifetime]}}
}
torch::Tensor firstCall() {
  std::vector<float> table(4, 1.0f); // expected-note {{'table' is declared here}}
  static torch::Tensor cached = torch::from_blob(table.data(), {4}); // expected-warning {{the tensor from 'torch::from_blob' views 'table', a local that is destroyed when 'firstCall' returns; '.clone()' it to keep the values [torch-from-blob-lifetime]}}
  return cached.clone();
}

// Declared first and assigned later: the variable holds the view from the
// assignment on.
torch::Tensor decodeLater(const std::string &path, int64_t n) {
  torch::Tensor decoded;
  std::vector<float> samples(n); // expected-note {{'samples' is declared here}}
  std::ifstream(path).read(reinterpret_cast<char *>(samples.data()), n * sizeof(float));
  decoded = torch::from_blob(samples.data(), {n}); // expected-warning {{the tensor from 'torch::from_blob' views 'samples', a local that is destroyed when 'decodeLater' returns; '.clone()' it to keep the values [torch-from-blob-lifetime]}}
  return decoded; // expected-note {{'decoded' is returned here}}
}

// Through a chain of variables, each a view of the last.
torch::Tensor asImage(int64_t h, int64_t w) {
  std::vector<float> flat(h * w, 0.5f); // expected-note {{'flat' is declared here}}
  auto row = torch::from_blob(flat.data(), {h * w}); // expected-warning {{the tensor from 'torch::from_blob' views 'flat', a local that is destroyed when 'asImage' returns; '.clone()' it to keep the values [torch-from-blob-lifetime]}}
  auto image = row.view({1, h, w});
  auto batch = image.unsqueeze(0);
  return batch; // expected-note {{'batch' is returned here}}
}

// Assigned something else first, the view last: the view is what leaves.
torch::Tensor lastAssigned(int64_t n) {
  std::vector<float> values(n, 1.0f); // expected-note {{'values' is declared here}}
  auto t = torch::zeros({n});
  t = torch::from_blob(values.data(), {n}); // expected-warning {{the tensor from 'torch::from_blob' views 'values', a local that is destroyed when 'lastAssigned' returns; '.clone()' it to keep the values [torch-from-blob-lifetime]}}
  return t; // expected-note {{'t' is returned here}}
}

// A variable handed to std::make_pair, or to a pair's braces: the pair's
// constructor copies the handle, which still views the buffer.
std::pair<torch::Tensor, int64_t> pairedLater(int64_t n) {
  std::unique_ptr<float[]> scratch(new float[n]()); // expected-note {{'scratch' is declared here}}
  auto x = torch::from_blob(scratch.get(), {n}); // expected-warning {{the tensor from 'torch::from_blob' views 'scratch', a local that is destroyed when 'pairedLater' returns; '.clone()' it to keep the values [torch-from-blob-lifetime]}}
  x.mul_(0.5);
  return std::make_pair(x, n); // expected-note {{'x' is returned here}}
}
std::tuple<torch::Tensor, int64_t> tupleOfVariable(int64_t n) {
  std::vector<float> values(n, 1.0f); // expected-note {{'values' is declared here}}
  auto t = torch::from_blob(values.data(), {n}); // expected-warning {{the tensor from 'torch::from_blob' views 'values', a local that is destroyed when 'tupleOfVariable' returns; '.clone()' it to keep the values [torch-from-blob-lifetime]}}
  return {t, n}; // expected-note {{'t' is returned here}}
}

//===--- Must stay silent -------------------------------------------------===//

// Cloned before it leaves: the tensor owns a copy.
torch::Tensor cloned(int64_t n) {
  std::vector<float> ramp(n, 1.0f);
  return torch::from_blob(ramp.data(), {n}).clone();
}

// Cloned through the variable.
torch::Tensor clonedVariable(int64_t n) {
  std::vector<float> ramp(n, 1.0f);
  auto t = torch::from_blob(ramp.data(), {n});
  return t.clone();
}

// A different dtype makes .to() copy.
torch::Tensor converted(int64_t n) {
  std::vector<double> ramp(n, 1.0);
  return torch::from_blob(ramp.data(), {n}, torch::kDouble).to(torch::kFloat);
}

// .to() to a dtype that may be the tensor's own: it may return the same
// memory, but the dtype is the caller's; unsure, so silent.
torch::Tensor maybeConverted(int64_t n, torch::Dtype dtype) {
  std::vector<float> ramp(n, 1.0f);
  return torch::from_blob(ramp.data(), {n}).to(dtype);
}

// Arithmetic makes a new tensor.
torch::Tensor normalised(int64_t n) {
  std::vector<uint8_t> pixels(n, 128);
  return torch::from_blob(pixels.data(), {n}, torch::kByte).to(torch::kFloat) /
         255.0;
}

// The buffer belongs to the caller, a member, or a static.
torch::Tensor callerBuffer(std::vector<float> &data) {
  return torch::from_blob(data.data(), {static_cast<int64_t>(data.size())});
}
class Cache {
public:
  torch::Tensor view() {
    return torch::from_blob(storage_.data(), {4});
  }
  torch::Tensor staticView() {
    static std::array<float, 4> table{1, 2, 3, 4};
    return torch::from_blob(table.data(), {4});
  }

private:
  std::vector<float> storage_ = std::vector<float>(4);
};

// A deleter: the tensor owns the memory and frees it.
torch::Tensor owned(int64_t n) {
  auto *heap = new std::vector<float>(n, 1.0f);
  return torch::from_blob(heap->data(), {n},
                          [heap](void *) { delete heap; });
}

// The tensor is used only inside the function.
float sumOfLocal(int64_t n) {
  std::vector<float> values(n, 2.0f);
  auto t = torch::from_blob(values.data(), {n});
  return t.sum().item<float>();
}

// The buffer is moved into a member: the heap memory lives on with it.
class Holder {
public:
  void load(int64_t n) {
    std::vector<float> values(n, 3.0f);
    tensor_ = torch::from_blob(values.data(), {n});
    storage_ = std::move(values);
  }

private:
  std::vector<float> storage_;
  torch::Tensor tensor_;
};

// The buffer's memory is released to a longer-lived owner.
std::vector<float *> pool;
torch::Tensor pooled(int64_t n) {
  std::unique_ptr<float[]> buffer(new float[n]());
  auto t = torch::from_blob(buffer.get(), {n});
  pool.push_back(buffer.release());
  return t;
}

// A local tensor variable assigned again before it is returned.
torch::Tensor reassigned(int64_t n) {
  std::vector<float> values(n, 1.0f);
  auto t = torch::from_blob(values.data(), {n});
  t = t.clone();
  return t;
}

// Stored into a local container that is not returned.
float localBatch(int64_t n) {
  std::vector<float> values(n, 1.0f);
  std::vector<torch::Tensor> batch;
  batch.push_back(torch::from_blob(values.data(), {n}));
  return torch::stack(batch).sum().item<float>();
}

// A lambda that views the enclosing function's buffer is called while the
// buffer lives.
float viaLambda(int64_t n) {
  std::vector<float> values(n, 1.0f);
  auto view = [&] { return torch::from_blob(values.data(), {n}); };
  return view().sum().item<float>();
}

// reshape() after permute() may copy: unsure, so silent.
torch::Tensor reshaped(int64_t h, int64_t w) {
  std::vector<float> values(h * w, 1.0f);
  return torch::from_blob(values.data(), {h, w}).t().reshape({h * w});
}

// Cloned on one path only: which path runs is the caller's choice, and the
// clone may be meant to cover every case that matters; unsure, so silent.
torch::Tensor maybeCloned(int64_t n, bool copy) {
  std::vector<float> values(n, 1.0f);
  auto t = torch::from_blob(values.data(), {n});
  if (copy)
    t = t.clone();
  return t;
}

// Assigned a clone after being declared: the variable owns a copy.
torch::Tensor assignedClone(int64_t n) {
  torch::Tensor t;
  std::vector<float> values(n, 1.0f);
  t = torch::from_blob(values.data(), {n}).clone();
  return t;
}

// Handed to a function that takes it by non-const reference and may
// replace it with a tensor of its own.
void toFloat(torch::Tensor &t);
torch::Tensor replacedByCallee(int64_t n) {
  std::vector<double> values(n, 1.0);
  auto t = torch::from_blob(values.data(), {n}, torch::kDouble);
  toFloat(t);
  return t;
}

// The view is returned before the assignment that would make it leave.
torch::Tensor viewThenOwned(int64_t n) {
  std::vector<float> values(n, 1.0f);
  torch::Tensor out = torch::ones({n});
  auto t = torch::from_blob(values.data(), {n});
  out.add_(t);
  t = out;
  return t;
}

// Permuted into a variable, then made contiguous: contiguous() copies a
// tensor that is not contiguous, so what leaves owns its memory. What the
// view is known to be travels with the variable.
torch::Tensor permutedThenContiguous(int64_t h, int64_t w) {
  std::vector<float> pixels(h * w * 3, 0.5f);
  auto chw = torch::from_blob(pixels.data(), {h, w, 3}).permute({2, 0, 1});
  return chw.contiguous();
}

//===--- Templates --------------------------------------------------------===//

// Reported once, whatever the instantiations.
template <typename T>
torch::Tensor wrap(int64_t n, torch::Dtype dtype) {
  std::vector<T> values(n); // expected-note {{'values' is declared here}}
  return torch::from_blob(values.data(), {n}, dtype); // expected-warning {{the tensor from 'torch::from_blob' views 'values', a local that is destroyed when 'wrap' returns; '.clone()' it to keep the values [torch-from-blob-lifetime]}}
}
template torch::Tensor wrap<float>(int64_t, torch::Dtype);
template torch::Tensor wrap<int64_t>(int64_t, torch::Dtype);

//===--- Macros -----------------------------------------------------------===//

// The finding points at the macro's use; the fix-it is not offered inside
// the macro body.
#define VIEW_OF(vec) torch::from_blob((vec).data(), {static_cast<int64_t>((vec).size())})
torch::Tensor viaMacro(int64_t n) {
  std::vector<float> values(n, 1.0f); // expected-note {{'values' is declared here}}
  return VIEW_OF(values); // expected-warning {{the tensor from 'torch::from_blob' views 'values', a local that is destroyed when 'viaMacro' returns; '.clone()' it to keep the values [torch-from-blob-lifetime]}}
}
#define CLONE_OF(vec) torch::from_blob((vec).data(), {static_cast<int64_t>((vec).size())}).clone()
torch::Tensor clonedMacro(int64_t n) {
  std::vector<float> values(n, 1.0f);
  return CLONE_OF(values); // Cloned inside the macro: silent.
}
