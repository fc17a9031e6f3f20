#include "device_arena.h"

#include <torch/script.h>

#include <cstdio>
#include <iostream>
#include <vector>

// Denoises a 96 kHz hydrophone recording in 1 s chunks before the click
// detector of the marine-mammal monitoring buoy runs over it.
int main(int argc, char** argv) {
  if (argc != 4) {
    std::cerr << "usage: hydro_denoise DENOISER.pt IN.f32 OUT.f32\n";
    return 2;
  }
  const torch::Device device = torch::cuda::is_available() ? torch::kCUDA : torch::kCPU;
  torch::jit::script::Module denoiser = torch::jit::load(argv[1], device);
  denoiser.eval();

  constexpr int64_t kChunk = 96000;
  constexpr int64_t kFft = 1024, kHop = 256;
  DeviceArena arena(device, 64 << 20);
  const torch::Tensor window = torch::hann_window(kFft, torch::TensorOptions().dtype(torch::kFloat32).device(device));

  std::FILE* in = std::fopen(argv[2], "rb");
  std::FILE* out = std::fopen(argv[3], "wb");
  if (in == nullptr || out == nullptr) return 1;
  std::vector<float> pcm(kChunk);
  std::vector<float> clean(kChunk);
  size_t got = 0;
  while ((got = std::fread(pcm.data(), sizeof(float), pcm.size(), in)) > 0) {
    torch::NoGradGuard no_grad;
    arena.reset();
    const int64_t n = static_cast<int64_t>(got);
    torch::Tensor host = torch::from_blob(pcm.data(), {1, n}, torch::TensorOptions().dtype(torch::kFloat32));
    torch::Tensor staged = arena.take_float({1, n});
    staged.copy_(host);

    torch::Tensor spec = torch::stft(staged, kFft, kHop, kFft, window, /*normalized=*/false,
                                     /*onesided=*/true, /*return_complex=*/true);
    torch::Tensor mag = spec.abs();
    torch::Tensor mask = denoiser.forward({mag.unsqueeze(1)}).toTensor().squeeze(1);  // [1, F, T] in [0, 1]
    torch::Tensor gain = arena.take_float(mask.sizes());
    gain.copy_(mask.clamp(0.05, 1.0));
    torch::Tensor wave = torch::istft(spec * gain, kFft, kHop, kFft, window, /*center=*/true,
                                      /*normalized=*/false, /*onesided=*/true, n);

    torch::Tensor result = wave.squeeze(0).cpu().contiguous();
    const float* r = result.data_ptr<float>();
    clean.assign(r, r + result.numel());
    std::fwrite(clean.data(), sizeof(float), clean.size(), out);
  }
  std::fclose(in);
  std::fclose(out);
  return 0;
}
