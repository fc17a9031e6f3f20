#pragma once

#include <torch/torch.h>

#include <cstdint>
#include <vector>

// Triangular mel filterbank of shape [n_mels, n_fft / 2 + 1].
torch::Tensor make_mel_filterbank(int64_t n_fft, int64_t n_mels,
                                  int64_t sample_rate, double f_min,
                                  double f_max);

// A chirp with a little noise, used to exercise every kernel during warm-up.
std::vector<float> synth_chirp(int64_t sample_rate, int64_t seconds,
                               unsigned seed);
