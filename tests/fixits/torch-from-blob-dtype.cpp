// Fix-its of torch-from-blob-dtype: pass the dtype the data holds.
#include <torch/torch.h>

#include <cstdint>
#include <vector>

// No dtype: the matching one is added after the last argument.
torch::Tensor readings(std::vector<double> &values) {
  auto n = static_cast<int64_t>(values.size());
  return torch::from_blob(values.data(), {n}).clone();
}

// Strides and no dtype, through at::from_blob: spelled in at::.
at::Tensor grid(double *cells) {
  return at::from_blob(cells, {2, 2}, {1, 2}).clone();
}

// A deleter and no dtype: the dtype goes after the deleter.
torch::Tensor owned(int64_t n) {
  auto *buffer = new int64_t[n]();
  return torch::from_blob(buffer, {n}, [](void *p) {
    delete[] static_cast<int64_t *>(p);
  });
}

// A wrong ScalarType constant: replaced by the matching one.
torch::Tensor labels(std::vector<int32_t> &ids) {
  auto n = static_cast<int64_t>(ids.size());
  return torch::from_blob(ids.data(), {n}, torch::kLong).clone();
}

int main() {
  std::vector<double> values = {1.5, 2.5};
  std::vector<int32_t> ids = {0, 2};
  double cells[4] = {1, 2, 3, 4};
  auto sum = readings(values).sum().item<double>() +
             grid(cells).sum().item<double>() + owned(3).sum().item<double>() +
             labels(ids).sum().item<double>();
  return sum == 16.0 ? 0 : 1;
}
