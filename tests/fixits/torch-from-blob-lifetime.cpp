// Fix-its of torch-from-blob-lifetime: clone the tensor where it is born.
#include <torch/torch.h>

#include <array>
#include <cstdint>
#include <vector>

// Returned directly.
torch::Tensor makeRamp(int64_t n) {
  std::vector<float> ramp(n);
  for (int64_t i = 0; i < n; ++i)
    ramp[i] = static_cast<float>(i);
  return torch::from_blob(ramp.data(), {n});
}

// Returned through a view: the clone goes before it.
torch::Tensor channelsFirst(int64_t h, int64_t w) {
  std::vector<uint8_t> pixels(h * w * 3, 255);
  return torch::from_blob(pixels.data(), {h, w, 3}, torch::kByte)
      .permute({2, 0, 1});
}

// Returned through a local tensor variable: cloned at its initialiser.
torch::Tensor scaledRow() {
  double row[4] = {1, 2, 3, 4};
  auto tensor = torch::from_blob(row, {4}, torch::kFloat64);
  tensor.mul_(2.0);
  return tensor;
}

// Stored in a member.
class Normalizer {
public:
  Normalizer() {
    std::vector<float> mean = {0.5f, 0.5f, 0.5f};
    mean_ = torch::from_blob(mean.data(), {3, 1, 1});
  }
  torch::Tensor operator()(const torch::Tensor &x) const { return x - mean_; }

private:
  torch::Tensor mean_;
};

// Stored in the caller's container.
void appendSamples(std::vector<torch::Tensor> &out) {
  for (int i = 0; i < 2; ++i) {
    std::array<float, 4> sample{1, 2, 3, 4};
    out.push_back(torch::from_blob(sample.data(), {2, 2}));
  }
}

int main() {
  std::vector<torch::Tensor> samples;
  appendSamples(samples);
  Normalizer normalize;
  auto total = makeRamp(4).sum().item<float>() +
               channelsFirst(2, 2).sum().item<float>() +
               scaledRow().sum().item<double>() +
               normalize(torch::ones({3, 2, 2})).sum().item<float>() +
               samples[0].sum().item<float>();
  return total > 0 ? 0 : 1;
}
