// Cases for torch-from-blob-dtype: torch::from_blob reads memory as the dtype
// its options give (Float when none), whatever the pointer points to.
#include <torch/torch.h>

#include <array>
#include <cstdint>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

// A CSV reader: the values are parsed as doubles, and the tensor reads their
// bytes as floats (no crash, garbage values).
torch::Tensor readCsv(const std::string &path, int64_t columns) {
  std::ifstream in(path);
  std::vector<double> values; // expected-note {{'values' holds double elements}}
  std::string line;
  while (std::getline(in, line)) {
    std::stringstream row(line);
    std::string cell;
    while (std::getline(row, cell, ','))
      values.push_back(std::stod(cell));
  }
  int64_t rows = static_cast<int64_t>(values.size()) / columns;
  return torch::from_blob(values.data(), {rows, columns}).clone(); // expected-warning {{'torch::from_blob' reads 'values.data()' (double elements) as Float, the default dtype; pass torch::kDouble so the tensor holds the values [torch-from-blob-dtype]}}
}

// Labels read as int32 but given kLong: every pair of labels becomes one
// 64-bit class index.
torch::Tensor labelsOf(std::vector<int32_t> &labels) { // expected-note {{'labels' holds int32_t elements}}
  auto n = static_cast<int64_t>(labels.size());
  return torch::from_blob(labels.data(), {n}, torch::kLong).clone(); // expected-warning {{'torch::from_blob' reads 'labels.data()' (int32_t elements) as Long; pass torch::kInt so the tensor holds the values [torch-from-blob-dtype]}} expected-note {{the dtype Long is given here}}
}

// Every way of naming the dtype in the options is read.
void optionSpellings(std::vector<float> &f, std::vector<int64_t> &ids, // expected-note 4 {{'ids' holds int64_t elements}}
                     torch::Device device) {
  int64_t n = static_cast<int64_t>(f.size());
  auto a = torch::from_blob(ids.data(), {n}, torch::TensorOptions().dtype(torch::kInt32)); // expected-warning {{'torch::from_blob' reads 'ids.data()' (int64_t elements) as Int; pass torch::kLong so the tensor holds the values [torch-from-blob-dtype]}} expected-note {{the dtype Int is given here}}
  auto b = torch::from_blob(ids.data(), {n}, torch::dtype(torch::kFloat64)); // expected-warning {{'torch::from_blob' reads 'ids.data()' (int64_t elements) as Double; pass torch::kLong so the tensor holds the values [torch-from-blob-dtype]}} expected-note {{the dtype Double is given here}}
  auto c = torch::from_blob(ids.data(), {n}, torch::TensorOptions(torch::kDouble)); // expected-warning {{'torch::from_blob' reads 'ids.data()' (int64_t elements) as Double; pass torch::kLong so the tensor holds the values [torch-from-blob-dtype]}} expected-note {{the dtype Double is given here}}
  auto d = torch::from_blob(ids.data(), {n}, torch::TensorOptions().device(device).dtype<float>()); // expected-warning {{'torch::from_blob' reads 'ids.data()' (int64_t elements) as Float; pass torch::kLong so the tensor holds the values [torch-from-blob-dtype]}} expected-note {{the dtype Float is given here}} expected-warning {{'torch::from_blob' labels host memory 'ids.data()' as memory on 'device': wrap it on the CPU and copy it there with .to(device) [torch-from-blob-device]}}
  // Matching dtypes: silent.
  auto e = torch::from_blob(f.data(), {n}, torch::TensorOptions().dtype(torch::kFloat32));
  // (torch-from-blob-device reports the device these two give host memory.)
  auto g = torch::from_blob(ids.data(), {n}, torch::dtype(torch::kLong).device(device)); // expected-warning {{'torch::from_blob' labels host memory 'ids.data()' as memory on 'device': wrap it on the CPU and copy it there with .to(device) [torch-from-blob-device]}}
  auto h = torch::from_blob(ids.data(), {n}, torch::dtype<int64_t>());
  auto i = torch::from_blob(f.data(), {n}, torch::TensorOptions().device(device)); // expected-warning {{'torch::from_blob' labels host memory 'f.data()' as memory on 'device': wrap it on the CPU and copy it there with .to(device) [torch-from-blob-device]}}
  (void)a, (void)b, (void)c, (void)d, (void)e, (void)g, (void)h, (void)i;
}

// Options given as a device or a layout name no dtype: the tensor is Float.
void optionsWithoutDtype(double *samples, int64_t n) { // expected-note {{'samples' points to double elements}}
  auto t = torch::from_blob(samples, {n}, torch::kCPU); // expected-warning {{'torch::from_blob' reads 'samples' (double elements) as Float; pass torch::kDouble so the tensor holds the values [torch-from-blob-dtype]}} expected-note {{these options name no dtype, so the tensor is Float}}
  (void)t;
}

// Options kept in a local variable initialised once: its initialiser names
// the dtype.
torch::Tensor sensorFrame(std::vector<double> &readings) { // expected-note {{'readings' holds double elements}}
  auto options = torch::TensorOptions().dtype(torch::kFloat32).requires_grad(false); // expected-note {{the dtype Float is given here}}
  auto n = static_cast<int64_t>(readings.size());
  return torch::from_blob(readings.data(), {n}, options).clone(); // expected-warning {{'torch::from_blob' reads 'readings.data()' (double elements) as Float; pass torch::kDouble so the tensor holds the values [torch-from-blob-dtype]}}
}

// Arrays, pointers, casts and strides.
void pointerShapes(std::array<int16_t, 4> &audio) { // expected-note {{'audio' holds int16_t elements}}
  float kernel[3][3] = {{0, 1, 0}, {1, -4, 1}, {0, 1, 0}};
  double weights[4] = {0.1, 0.2, 0.3, 0.4}; // expected-note 2 {{'weights' holds double elements}}
  void *raw = weights;
  auto k = torch::from_blob(kernel, {3, 3}); // float data, Float: silent.
  auto w = torch::from_blob(weights, {2, 2}, {1, 2}); // expected-warning {{'torch::from_blob' reads 'weights' (double elements) as Float, the default dtype; pass torch::kDouble so the tensor holds the values [torch-from-blob-dtype]}}
  auto c = torch::from_blob(static_cast<double *>(raw), {4}); // expected-warning {{'torch::from_blob' reads 'static_cast<double *>(raw)' (double elements) as Float, the default dtype; pass torch::kDouble so the tensor holds the values [torch-from-blob-dtype]}}
  auto v = torch::from_blob((void *)&weights[0], {4}, at::kFloat); // expected-warning {{'torch::from_blob' reads '&weights[0]' (double elements) as Float; pass torch::kDouble so the tensor holds the values [torch-from-blob-dtype]}} expected-note {{the dtype Float is given here}}
  auto a = torch::from_blob(audio.data(), {4}, torch::kInt16); // matches: silent.
  auto s = torch::from_blob(audio.data(), {4}); // expected-warning {{'torch::from_blob' reads 'audio.data()' (int16_t elements) as Float, the default dtype; pass torch::kShort so the tensor holds the values [torch-from-blob-dtype]}}
  (void)k, (void)w, (void)c, (void)v, (void)a, (void)s;
}

// at::from_blob is the same function one namespace down.
at::Tensor atSpelling(std::vector<double> &xs) { // expected-note {{'xs' holds double elements}}
  return at::from_blob(xs.data(), {static_cast<int64_t>(xs.size())}).clone(); // expected-warning {{'at::from_blob' reads 'xs.data()' (double elements) as Float, the default dtype; pass at::kDouble so the tensor holds the values [torch-from-blob-dtype]}}
}

// Deleters do not change what the memory holds.
torch::Tensor owned(int64_t n) {
  auto *buffer = new double[n]; // expected-note {{'buffer' points to double elements}}
  return torch::from_blob(buffer, {n}, [](void *p) { delete[] static_cast<double *>(p); }); // expected-warning {{'torch::from_blob' reads 'buffer' (double elements) as Float, the default dtype; pass torch::kDouble so the tensor holds the values [torch-from-blob-dtype]}}
}

// A member buffer: the note points at the member. Through a pointer to a
// vector, no variable spells the element type, so no note names one.
class Recorder {
public:
  torch::Tensor snapshot() {
    auto n = static_cast<int64_t>(samples_.size());
    return torch::from_blob(samples_.data(), {n}, torch::kFloat32).clone(); // expected-warning {{'torch::from_blob' reads 'samples_.data()' (double elements) as Float; pass torch::kDouble so the tensor holds the values [torch-from-blob-dtype]}} expected-note {{the dtype Float is given here}}
  }
  static torch::Tensor of(std::vector<double> *series) {
    auto n = static_cast<int64_t>(series->size());
    return torch::from_blob(series->data(), {n}).clone(); // expected-warning {{'torch::from_blob' reads 'series->data()' (double elements) as Float, the default dtype; pass torch::kDouble so the tensor holds the values [torch-from-blob-dtype]}}
  }

private:
  std::vector<double> samples_; // expected-note {{'samples_' holds double elements}}
};

//===--- Must stay silent -------------------------------------------------===//

// An image loader: raw bytes of unknown content (what cv::Mat::data gives).
// No dtype is wrong for bytes, so none is reported, not even Float.
torch::Tensor loadImage(const std::string &path, int64_t h, int64_t w) {
  std::ifstream in(path, std::ios::binary);
  std::vector<uint8_t> pixels(h * w * 3);
  in.read(reinterpret_cast<char *>(pixels.data()), pixels.size());
  auto image = torch::from_blob(pixels.data(), {h, w, 3}, torch::kByte);
  auto asFloat = torch::from_blob(pixels.data(), {h * w * 3 / 4}); // bytes: silent
  unsigned char *bytes = pixels.data();
  auto again = torch::from_blob(bytes, {h, w, 3}, torch::kFloat);    // bytes: silent
  std::string blob(16, '\0');
  auto chars = torch::from_blob(&blob[0], {4});                     // plain char: silent
  void *opaque = pixels.data();
  auto viaVoid = torch::from_blob(opaque, {h, w, 3}, torch::kByte);  // void*: silent
  (void)asFloat, (void)again, (void)chars, (void)viaVoid;
  return image.permute({2, 0, 1}).to(torch::kFloat).div(255);
}

// Reading float data as Float: the default is right.
torch::Tensor floats(std::vector<float> &v) {
  return torch::from_blob(v.data(), {static_cast<int64_t>(v.size())}).clone();
}

// The dtype comes from the caller: a parameter cannot be read here.
torch::Tensor fromCaller(std::vector<double> &v, torch::TensorOptions options,
                         torch::Dtype dtype) {
  auto n = static_cast<int64_t>(v.size());
  auto a = torch::from_blob(v.data(), {n}, options);
  auto b = torch::from_blob(v.data(), {n}, dtype);
  auto c = torch::from_blob(v.data(), {n}, torch::TensorOptions().dtype(dtype));
  return (a + b + c).clone();
}

// A local options variable assigned again: its dtype is not its initialiser.
torch::Tensor reassigned(std::vector<double> &v, bool half) {
  auto options = torch::TensorOptions().dtype(torch::kFloat32);
  if (!half)
    options = torch::TensorOptions().dtype(torch::kFloat64);
  return torch::from_blob(v.data(), {static_cast<int64_t>(v.size())}, options)
      .clone();
}

// A dtype chosen at run time, or from another tensor, is not known.
torch::Tensor runtimeDtype(std::vector<double> &v, const torch::Tensor &like,
                           bool precise) {
  auto n = static_cast<int64_t>(v.size());
  auto a = torch::from_blob(v.data(), {n}, precise ? torch::kDouble : torch::kFloat);
  auto b = torch::from_blob(v.data(), {n}, like.options());
  return (a + b).clone();
}

// Element types LibTorch 1.13 has no dtype for (unsigned 16/32/64 bits).
torch::Tensor unsignedWords(std::vector<uint32_t> &v) {
  return torch::from_blob(v.data(), {static_cast<int64_t>(v.size())}).clone();
}

// The matching dtype, spelled as a user constant.
constexpr auto kSampleType = torch::kFloat64;
torch::Tensor userConstant(std::vector<double> &v) {
  return torch::from_blob(v.data(), {static_cast<int64_t>(v.size())}, kSampleType)
      .clone();
}

//===--- Templates --------------------------------------------------------===//

// The element type depends on the template: each instantiation is checked,
// and the call is reported once. No fix-it: the instantiations need
// different dtypes.
template <typename T>
torch::Tensor column(std::vector<T> &values) {
  auto n = static_cast<int64_t>(values.size());
  return torch::from_blob(values.data(), {n}).clone(); // expected-warning {{'torch::from_blob' reads 'values.data()' (double elements) as Float, the default dtype; pass torch::kDouble so the tensor holds the values [torch-from-blob-dtype]}}
}
template torch::Tensor column<float>(std::vector<float> &); // Float: silent.
template torch::Tensor column<double>(std::vector<double> &); // expected-note {{in 'column<double>', instantiated here}}
template torch::Tensor column<int64_t>(std::vector<int64_t> &); // Reported once: the first wrong instantiation names the call.

// A dtype that follows the element type is right for every instantiation.
template <typename T>
torch::Tensor typedColumn(std::vector<T> &values) {
  auto n = static_cast<int64_t>(values.size());
  return torch::from_blob(values.data(), {n},
                          c10::CppTypeToScalarType<T>::value)
      .clone();
}
template torch::Tensor typedColumn<double>(std::vector<double> &);
template torch::Tensor typedColumn<int32_t>(std::vector<int32_t> &);

// A call that does not depend on the template is reported in the pattern,
// once.
template <int Rows>
torch::Tensor fixedRows(std::vector<double> &values) { // expected-note {{'values' holds double elements}}
  return torch::from_blob(values.data(), {Rows, 2}).clone(); // expected-warning {{'torch::from_blob' reads 'values.data()' (double elements) as Float, the default dtype; pass torch::kDouble so the tensor holds the values [torch-from-blob-dtype]}}
}
template torch::Tensor fixedRows<2>(std::vector<double> &);
template torch::Tensor fixedRows<3>(std::vector<double> &);

//===--- Macros -----------------------------------------------------------===//

// A helper macro: the finding points at the use.
#define AS_TENSOR(vec) torch::from_blob((vec).data(), {static_cast<int64_t>((vec).size())})
torch::Tensor macroUse(std::vector<double> &series) { // expected-note {{'series' holds double elements}}
  return AS_TENSOR(series).clone(); // expected-warning {{'torch::from_blob' reads the data (double elements) as Float, the default dtype; pass torch::kDouble so the tensor holds the values [torch-from-blob-dtype]}}
}

// The dtype named by a macro is read like any constant.
#define SAMPLE_DTYPE torch::kFloat64
torch::Tensor macroDtype(std::vector<double> &series) {
  return torch::from_blob(series.data(), {static_cast<int64_t>(series.size())},
                          SAMPLE_DTYPE)
      .clone();
}

// A byte buffer whose elements the function writes as values holds bytes
// as values, so reading it as Float is garbage.
torch::Tensor byteValuesReadAsFloat(int64_t h, int64_t w) {
  std::vector<uint8_t> frame(h * w * 3); // expected-note {{'frame' holds uint8_t elements}}
  for (size_t i = 0; i < frame.size(); ++i)
    frame[i] = static_cast<uint8_t>((i * 7) % 256);
  return torch::from_blob(frame.data(), {h, w, 3}).clone(); // expected-warning {{'torch::from_blob' reads 'frame.data()' (uint8_t elements) as Float, the default dtype; pass torch::kByte so the tensor holds the values [torch-from-blob-dtype]}}
}

torch::Tensor byteValuesAsBytes(int64_t h, int64_t w) {
  // Silent: the dtype matches the byte values.
  std::vector<uint8_t> frame(h * w * 3);
  for (size_t i = 0; i < frame.size(); ++i)
    frame[i] = static_cast<uint8_t>(i % 256);
  return torch::from_blob(frame.data(), {h, w, 3}, torch::kByte).clone();
}

torch::Tensor rawBytesOfFloats(std::ifstream &in, int64_t n) {
  // Silent: read() fills the buffer with another type's bytes (floats
  // written to a file), which from_blob rightly reads as Float.
  std::vector<uint8_t> raw(n * sizeof(float));
  raw[0] = 0;
  in.read(reinterpret_cast<char *>(raw.data()), raw.size());
  return torch::from_blob(raw.data(), {n}).clone();
}
