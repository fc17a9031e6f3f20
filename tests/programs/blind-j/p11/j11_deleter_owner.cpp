// Silent: the local vector is moved to the heap and torch::from_blob gets a deleter that frees it, so the tensor owns the memory.
#include <torch/torch.h>

#include <cmath>
#include <iostream>
#include <numeric>
#include <vector>

namespace audio {

torch::Tensor make_window(int64_t n_fft) {
  std::vector<float> window(static_cast<size_t>(n_fft));
  for (int64_t i = 0; i < n_fft; ++i) {
    window[i] = 0.5f - 0.5f * std::cos(2.0f * static_cast<float>(M_PI) * i / (n_fft - 1));
  }
  auto* owner = new std::vector<float>(std::move(window));
  return torch::from_blob(
      owner->data(), {n_fft},
      [owner](void*) { delete owner; },
      torch::TensorOptions().dtype(torch::kFloat32));
}

}  // namespace audio

int main() {
  const int64_t n_fft = 400;
  torch::Tensor window = audio::make_window(n_fft);
  auto signal = torch::randn({16000});
  auto frames = signal.unfold(0, n_fft, 160) * window;
  auto power = frames.pow(2).sum(1);
  std::cout << "frames " << frames.size(0) << " mean power " << power.mean().item<float>() << std::endl;
  return 0;
}
