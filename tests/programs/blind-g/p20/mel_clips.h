#pragma once

#include <torch/torch.h>

#include <cstdio>
#include <string>
#include <vector>

// Pre-computed log-mel clips of the radio archive (128 mel bands x 256 frames,
// float32) with a genre label each; everything stays on the host.
struct MelClips {
  torch::Tensor mels;    // [N, 1, 128, 256]
  torch::Tensor genres;  // [N] int64
};

inline MelClips load_clips(const std::string& path) {
  std::FILE* f = std::fopen(path.c_str(), "rb");
  int64_t n = 0;
  if (f == nullptr || std::fread(&n, sizeof(n), 1, f) != 1) {
    if (f != nullptr) std::fclose(f);
    return {torch::zeros({0, 1, 128, 256}), torch::zeros({0}, torch::kInt64)};
  }
  MelClips c{torch::empty({n, 1, 128, 256}, torch::kFloat32), torch::empty({n}, torch::kInt64)};
  size_t ok = std::fread(c.mels.data_ptr<float>(), sizeof(float), static_cast<size_t>(c.mels.numel()), f);
  ok += std::fread(c.genres.data_ptr<int64_t>(), sizeof(int64_t), static_cast<size_t>(n), f);
  std::fclose(f);
  if (ok != static_cast<size_t>(c.mels.numel() + n)) return {torch::zeros({0, 1, 128, 256}), torch::zeros({0}, torch::kInt64)};
  return c;
}
