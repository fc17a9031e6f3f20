#pragma once

#include <torch/torch.h>

#include <cstdint>
#include <string>
#include <vector>

// Kaldi-style log mel filterbank front end for the speaker embedder.
struct FbankOptions {
  int64_t sample_rate = 16000;
  int64_t frame_length = 400;  // 25 ms
  int64_t frame_shift = 160;   // 10 ms
  int64_t n_fft = 512;
  int64_t num_mels = 80;
  double preemphasis = 0.97;
  double low_freq = 20.0;
  double high_freq = 7600.0;
};

// Reads the samples of a mono 16-bit PCM WAV file (header skipped).
std::vector<int16_t> read_pcm16(const std::string& path);

class FbankExtractor {
 public:
  explicit FbankExtractor(const FbankOptions& opts);

  // wave: [num_samples] in [-1, 1). Returns [frames, num_mels] log energies,
  // mean-normalised over time (CMN).
  torch::Tensor compute(const torch::Tensor& wave) const;

  int64_t num_mels() const { return opts_.num_mels; }

 private:
  FbankOptions opts_;
  torch::Tensor window_;   // [frame_length] Hamming, Float
  torch::Tensor mel_fb_;   // [n_fft / 2 + 1, num_mels], Float
};
