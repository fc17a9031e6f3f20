// Keyword spotting: a scripted conv1d model over log-mel frames, run in fp16.
#include <torch/script.h>
#include <torch/torch.h>

#include <cmath>
#include <iostream>
#include <string>
#include <vector>

namespace {

constexpr int64_t kMels = 40;
constexpr int64_t kHop = 160;

// Crude framing of the waveform into (1, kMels, frames) energies; the real
// front end lives in the DSP library, this keeps the service self-contained.
torch::Tensor make_features(const std::vector<float>& samples, torch::Device device) {
  const int64_t frames = static_cast<int64_t>(samples.size()) / kHop;
  std::vector<float> energies(kMels * frames, 0.0f);
  for (int64_t f = 0; f < frames; ++f) {
    for (int64_t m = 0; m < kMels; ++m) {
      const float s = samples[f * kHop + (m * kHop) / kMels];
      energies[m * frames + f] = std::log(1e-6f + s * s);
    }
  }
  auto feats = torch::from_blob(energies.data(), {1, kMels, frames}).clone();
  return feats.to(device);
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) {
    std::cerr << "usage: kws model.pt\n";
    return 2;
  }
  torch::Device device(torch::cuda::is_available() ? torch::kCUDA : torch::kCPU);
  torch::jit::Module model = torch::jit::load(argv[1], device);
  model.to(torch::kHalf);
  model.eval();

  std::vector<float> samples(16000);
  for (size_t i = 0; i < samples.size(); ++i) {
    samples[i] = 0.1f * std::sin(0.05f * static_cast<float>(i));
  }
  torch::NoGradGuard no_grad;
  auto feats = make_features(samples, device);
  auto scores = model.forward({feats}).toTensor();
  std::cout << "keyword " << scores.argmax(1).item<int64_t>() << "\n";
  return 0;
}
