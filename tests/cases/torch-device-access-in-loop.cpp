// Cases for torch-device-access-in-loop: per-element reads and writes of a
// tensor that may be on a GPU inside a loop (one device round trip or one
// kernel per element), and the same copy of an unchanged tensor on every
// iteration. Cheap on a CPU machine, slow on the GPU.
#include <torch/torch.h>

#include <cstdio>
#include <vector>

torch::Device pickDevice() {
  return torch::cuda::is_available() ? torch::Device(torch::kCUDA)
                                     : torch::Device(torch::kCPU);
}

std::vector<float> perElementRead(torch::Tensor logits) {
  torch::Device device = pickDevice();
  auto probs = torch::softmax(logits.to(device), 1); // expected-note {{'probs' is moved to 'device' here}}
  std::vector<float> best;
  for (int64_t i = 0; i < probs.size(0); ++i)
    best.push_back(probs[i][0].item<float>()); // expected-warning {{'item' in the loop at line 19 copies one element of 'probs' to the host per iteration, but 'probs' is on 'device', chosen at run time at line 16: copy it to the CPU once before the loop [torch-device-access-in-loop]}}
  return best;
}

int64_t countAbove(torch::Tensor scores, double threshold) {
  if (!torch::cuda::is_available())
    return 0;
  auto s = scores.cuda(); // expected-note {{'s' is moved to a CUDA device here}}
  int64_t n = 0, i = 0;
  while (i < s.numel()) {
    if (s.index({i}).item<double>() > threshold) // expected-warning {{'item' in the loop at line 29 copies one element of 's' to the host per iteration, but 's' is on a CUDA device: copy it to the CPU once before the loop [torch-device-access-in-loop]}}
      ++n;
    ++i;
  }
  return n;
}

void perElementWrite(int64_t n) {
  torch::Device device = pickDevice();
  auto grid = torch::zeros({n, n}, torch::TensorOptions().device(device));
  for (int64_t i = 0; i < n; ++i)
    for (int64_t j = 0; j < n; ++j)
      grid[i][j] = static_cast<double>(i * j); // expected-warning {{the loop at line 41 writes one element of 'grid' per iteration, but 'grid' is on 'device', chosen at run time at line 38: fill a CPU tensor and copy it to the device once after the loop [torch-device-access-in-loop]}}
}

void sameCopyEachStep(torch::nn::Linear policy, int steps) {
  torch::Device device = pickDevice();
  policy->to(device);
  auto goal = torch::randn({1, 4}); // expected-note {{'goal' is created on the CPU here ('torch::randn' with no device)}}
  for (int s = 0; s < steps; ++s) {
    auto action = policy(goal.to(device)); // expected-warning {{'goal' never changes in the loop at line 49 but is copied on every iteration to 'device', chosen at run time at line 46: move it once before the loop [torch-device-access-in-loop]}}
    (void)action;
  }
}

// Silent: one host copy before the loop.
std::vector<float> hostCopyFirst(torch::Tensor logits) {
  torch::Device device = pickDevice();
  auto probs = torch::softmax(logits.to(device), 1).cpu();
  std::vector<float> best;
  for (int64_t i = 0; i < probs.size(0); ++i)
    best.push_back(probs[i][0].item<float>());
  return best;
}

// Silent: one read per training step is logging, not per-element traffic.
void train(torch::nn::Linear model, std::vector<torch::Tensor> &batches) {
  torch::Device device = pickDevice();
  model->to(device);
  for (auto &batch : batches) {
    auto loss = model(batch.to(device)).pow(2).mean();
    std::printf("loss %f\n", loss.item<float>());
  }
}

// Silent: the tensor moved changes on every iteration.
void rollout(torch::nn::Linear policy, int steps) {
  torch::Device device = pickDevice();
  policy->to(device);
  auto state = torch::zeros({1, 4});
  for (int s = 0; s < steps; ++s) {
    auto action = policy(state.to(device));
    state = state + action.detach().cpu();
  }
}

// Silent: the element read is indexed by a constant, once per step.
void firstLogit(torch::nn::Linear model, torch::Tensor x, int steps) {
  torch::Device device = pickDevice();
  model->to(device);
  auto input = x.to(device);
  for (int s = 0; s < steps; ++s)
    std::printf("%f\n", model(input)[0][0].item<float>());
}

// Macros: reported where the macro is used.
#define AT(t, i) ((t)[i].item<float>())
float sum(torch::Tensor x) {
  torch::Device device = pickDevice();
  auto y = x.to(device); // expected-note {{'y' is moved to 'device' here}}
  float total = 0;
  for (int64_t i = 0; i < y.numel(); ++i)
    total += AT(y, i); // expected-warning {{'item' in the loop at line 101 copies one element of 'y' to the host per iteration, but 'y' is on 'device', chosen at run time at line 98: copy it to the CPU once before the loop [torch-device-access-in-loop]}}
  return total;
}

// Templates: the instantiation is analysed.
template <typename T> std::vector<T> elements(torch::Device device, torch::Tensor x) {
  auto y = x.to(device); // expected-note {{'y' is moved to 'device' here}}
  std::vector<T> out;
  for (int64_t i = 0; i < y.size(0); ++i)
    out.push_back(y[i].item<T>()); // expected-warning {{'item' in the loop at line 110 copies one element of 'y' to the host per iteration, but 'y' is on 'device': copy it to the CPU once before the loop [torch-device-access-in-loop]}}
  return out;
}
std::vector<int64_t> ids(torch::Tensor x) { return elements<int64_t>(pickDevice(), x); }

// Silent: a row copied from a tensor computed on the device, once per row,
// is not an element write.
torch::Tensor rows(torch::Tensor t, int64_t dim) {
  torch::Device device(t.device());
  auto v = torch::zeros({t.size(0), dim}).to(device);
  for (int64_t i = 0; i < t.size(0); ++i) {
    auto row = torch::arange(0, dim).to(device) * t[i];
    v[i] = row;
  }
  return v;
}

// Silent: the loop sits under a flag that is false and never set
// (`bool verbose = false;`): it never runs, whatever the device.
int64_t deadVerbose(torch::Tensor labels) {
  bool verbose = false;
  bool first = true;
  int64_t shown = 0;
  auto label = labels.to(pickDevice());
  if (first && verbose) {
    for (int64_t i = 0; i < label.size(0); ++i)
      shown += label[i].item<int64_t>();
    first = false;
  }
  return shown;
}

// Silent: a CPU-only switch that is never turned off keeps the device the
// CPU, so the reads per element are host reads.
int64_t cpuOnly(torch::Tensor labels) {
  bool cpu_only = true;
  torch::Device device(torch::kCPU);
  if (!cpu_only)
    device = pickDevice();
  auto label = labels.to(device);
  int64_t sum = 0;
  for (int64_t i = 0; i < label.size(0); ++i)
    sum += label[i].item<int64_t>();
  return sum;
}

// Reported: a flag the program sets (from its arguments) may be true.
int64_t liveVerbose(torch::Tensor labels, int argc) {
  bool verbose = false;
  if (argc > 1)
    verbose = true;
  int64_t shown = 0;
  auto label = labels.to(pickDevice()); // expected-note {{'label' is moved to the device chosen at line 11 here}}
  if (verbose)
    for (int64_t i = 0; i < label.size(0); ++i)
      shown += label[i].item<int64_t>(); // expected-warning {{'item' in the loop at line 165 copies one element of 'label' to the host per iteration, but 'label' is on the device chosen at line 11: copy it to the CPU once before the loop [torch-device-access-in-loop]}}
  return shown;
}

// A data loader written by hand, as many projects write one: each call
// fills the batch with at most batch_size rows of data.
class RowLoader {
public:
  RowLoader() = default;
  RowLoader(torch::Tensor data, size_t batch_size)
      : data_(std::move(data)), batch_size_(static_cast<int64_t>(batch_size)) {}
  bool operator()(std::tuple<torch::Tensor, torch::Tensor> &batch) {
    if (!data_.defined() || next_ >= data_.size(0))
      return false;
    int64_t end = std::min(next_ + batch_size_, data_.size(0));
    batch = {data_.slice(0, next_, end), torch::zeros({end - next_}, torch::kLong)};
    next_ = end;
    return true;
  }

private:
  torch::Tensor data_;
  int64_t batch_size_ = 1;
  int64_t next_ = 0;
};

// Silent: the validation loader is built with batches of one row, so the
// loop over a batch's rows runs once per batch and a copy before it would
// cost the same. The batch variable is filled by a training loader of four
// first; what reaches the loop is the validation loader's.
int64_t validateOneByOne(torch::Tensor train, torch::Tensor valid) {
  const size_t valid_batch_size = 1;
  std::tuple<torch::Tensor, torch::Tensor> mini_batch;
  torch::Tensor image, label;
  RowLoader loader, valid_loader;
  loader = RowLoader(train, 4);
  valid_loader = RowLoader(valid, valid_batch_size);
  torch::Device device = pickDevice();
  int64_t seen = 0;
  while (loader(mini_batch)) {
    image = std::get<0>(mini_batch).to(device);
    seen += image.size(0);
  }
  int64_t match = 0;
  while (valid_loader(mini_batch)) {
    image = std::get<0>(mini_batch).to(device);
    label = std::get<1>(mini_batch).to(device);
    size_t rows = image.size(0);
    for (size_t i = 0; i < rows; i++)
      match += label[i].item<int64_t>();
  }
  return seen + match;
}

// Reported: the same loop over the rows of the training loader's batches
// of four.
int64_t trainRows(torch::Tensor train) {
  std::tuple<torch::Tensor, torch::Tensor> mini_batch;
  RowLoader loader(train, 4);
  torch::Device device = pickDevice();
  int64_t match = 0;
  while (loader(mini_batch)) {
    auto image = std::get<0>(mini_batch).to(device);
    auto label = std::get<1>(mini_batch).to(device); // expected-note {{'label' is moved to 'device' here}}
    for (int64_t i = 0; i < image.size(0); i++)
      match += label[i].item<int64_t>(); // expected-warning {{'item' in the loop at line 230 copies one element of 'label' to the host per iteration, but 'label' is on 'device', chosen at run time at line 225: copy it to the CPU once before the loop [torch-device-access-in-loop]}}
  }
  return match;
}

// Reported: a loader built with batches of one in one branch only may give
// more rows per batch on the other.
int64_t maybeOne(torch::Tensor valid, bool single) {
  std::tuple<torch::Tensor, torch::Tensor> mini_batch;
  RowLoader loader;
  if (single)
    loader = RowLoader(valid, 1);
  else
    loader = RowLoader(valid, 8);
  torch::Device device = pickDevice();
  int64_t match = 0;
  while (loader(mini_batch)) {
    auto label = std::get<1>(mini_batch).to(device); // expected-note {{'label' is moved to 'device' here}}
    for (int64_t i = 0; i < label.size(0); i++)
      match += label[i].item<int64_t>(); // expected-warning {{'item' in the loop at line 249 copies one element of 'label' to the host per iteration, but 'label' is on 'device', chosen at run time at line 245: copy it to the CPU once before the loop [torch-device-access-in-loop]}}
  }
  return match;
}

// Silent: torch's data loader with batches of one: each batch's data has
// one row.
int64_t torchLoaderOfOne(torch::Tensor valid) {
  auto dataset = torch::data::datasets::TensorDataset(valid).map(
      torch::data::transforms::Stack<torch::data::TensorExample>());
  auto loader = torch::data::make_data_loader(
      std::move(dataset), torch::data::DataLoaderOptions().batch_size(1));
  torch::Device device = pickDevice();
  int64_t sum = 0;
  for (auto &batch : *loader) {
    auto rows = batch.data.to(device);
    for (int64_t i = 0; i < rows.size(0); ++i)
      sum += rows[i][0].item<int64_t>();
  }
  return sum;
}

// Reported: the same loader with batches of sixteen.
int64_t torchLoaderOfSixteen(torch::Tensor valid) {
  auto dataset = torch::data::datasets::TensorDataset(valid).map(
      torch::data::transforms::Stack<torch::data::TensorExample>());
  auto loader = torch::data::make_data_loader(std::move(dataset), 16);
  torch::Device device = pickDevice();
  int64_t sum = 0;
  for (auto &batch : *loader) {
    auto rows = batch.data.to(device); // expected-note {{'rows' is moved to 'device' here}}
    for (int64_t i = 0; i < rows.size(0); ++i)
      sum += rows[i][0].item<int64_t>(); // expected-warning {{'item' in the loop at line 281 copies one element of 'rows' to the host per iteration, but 'rows' is on 'device', chosen at run time at line 277: copy it to the CPU once before the loop [torch-device-access-in-loop]}}
  }
  return sum;
}
