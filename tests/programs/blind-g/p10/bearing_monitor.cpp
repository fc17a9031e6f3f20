#include <torch/script.h>
#include <torch/torch.h>

#include <cstdio>
#include <iostream>

#include "band_energy.h"

// Bearing-wear monitor for the conveyor motors: a 1-D autoencoder scores each
// 0.64 s window of raw vibration; the band-energy head scores its spectrum.
int main(int argc, char** argv) {
  if (argc != 3) {
    std::cerr << "usage: bearing_monitor AUTOENCODER.pt STREAM.f32\n";
    return 2;
  }
  const torch::Device device = torch::cuda::is_available() ? torch::kCUDA : torch::kCPU;
  torch::jit::script::Module ae = torch::jit::load(argv[1], device);
  ae.eval();
  std::FILE* stream = std::fopen(argv[2], "rb");
  if (stream == nullptr) return 1;

  constexpr int kWin = 2048;
  auto opts = torch::TensorOptions().dtype(torch::kFloat32).device(device);
  const torch::Tensor axis_scale = torch::tensor({1.0f / 9.81f, 1.0f / 9.81f, 1.0f / 9.81f}, opts).view({1, 3, 1});

  std::vector<float> window;
  int64_t index = 0;
  while (read_window(stream, window, kWin)) {
    torch::NoGradGuard no_grad;
    torch::Tensor raw = torch::from_blob(window.data(), {1, kWin, 3}, opts);  //@bug P10A torch-from-blob-device
    torch::Tensor x = raw.permute({0, 2, 1}).contiguous() * axis_scale;

    float* spectrum = new float[3 * kBins];
    std::vector<float> axis(kWin);
    for (int c = 0; c < 3; ++c) {
      for (int i = 0; i < kWin; ++i) axis[static_cast<size_t>(i)] = window[static_cast<size_t>(3 * i + c)];
      band_energies(axis.data(), kWin, spectrum + c * kBins);
    }
    torch::Tensor spec = torch::from_blob(  //@bug P10B torch-from-blob-device
        spectrum, {1, 3 * kBins}, [](void* p) { delete[] static_cast<float*>(p); }, opts);

    auto out = ae.forward({x, spec}).toTuple();
    const torch::Tensor recon = out->elements()[0].toTensor();
    const torch::Tensor spec_score = out->elements()[1].toTensor();
    const float err = (recon - x).pow(2).mean().item<float>();
    const float s = spec_score.squeeze().item<float>();
    if (err > 0.02f || s > 0.5f) {
      std::cout << "window " << index << " at " << index * kWin / kSampleRate
                << " s: reconstruction error " << err << ", spectral score " << s << "\n";
    }
    ++index;
  }
  std::fclose(stream);
  return 0;
}
