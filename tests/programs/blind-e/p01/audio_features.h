#pragma once

#include <torch/torch.h>

#include <cstdint>
#include <vector>

// Log-energy filterbank features for the keyword spotter. The model was
// trained on 1 s clips at 16 kHz: 98 frames of 40 bands.
struct FeatureSpec {
  int64_t sample_rate = 16000;
  int64_t frame_len = 400;   // 25 ms
  int64_t hop = 160;         // 10 ms
  int64_t bands = 40;
  int64_t frames = 98;
  // per-band statistics of the training set (flattened from the export script)
  float mean = -6.2f;
  float stddev = 2.9f;
};

// PCM float samples in [-1, 1] -> host tensor [1, frames, bands] (Float).
torch::Tensor log_filterbank(const std::vector<float>& pcm,
                             const FeatureSpec& spec);

// Stacks several [1, F, B] clips into one [N, F, B] batch.
torch::Tensor make_batch(const std::vector<torch::Tensor>& clips);
