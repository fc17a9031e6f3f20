#include "mel_frontend.h"

#include <algorithm>
#include <cmath>
#include <random>

namespace {

double hz_to_mel(double hz) { return 2595.0 * std::log10(1.0 + hz / 700.0); }

double mel_to_hz(double mel) {
  return 700.0 * (std::pow(10.0, mel / 2595.0) - 1.0);
}

}  // namespace

torch::Tensor make_mel_filterbank(int64_t n_fft, int64_t n_mels,
                                  int64_t sample_rate, double f_min,
                                  double f_max) {
  const int64_t n_freqs = n_fft / 2 + 1;
  const double mel_lo = hz_to_mel(f_min);
  const double mel_hi = hz_to_mel(f_max);

  // n_mels + 2 equally spaced points on the mel scale, in Hz.
  std::vector<double> edges(n_mels + 2);
  for (int64_t i = 0; i < n_mels + 2; ++i) {
    const double mel = mel_lo + (mel_hi - mel_lo) * i / (n_mels + 1);
    edges[i] = mel_to_hz(mel);
  }

  std::vector<float> weights(n_mels * n_freqs, 0.f);
  for (int64_t m = 0; m < n_mels; ++m) {
    const double left = edges[m];
    const double center = edges[m + 1];
    const double right = edges[m + 2];
    for (int64_t k = 0; k < n_freqs; ++k) {
      const double hz = static_cast<double>(k) * sample_rate / n_fft;
      double w = 0.0;
      if (hz > left && hz <= center) {
        w = (hz - left) / (center - left);
      } else if (hz > center && hz < right) {
        w = (right - hz) / (right - center);
      }
      // Slaney-style area normalisation.
      w *= 2.0 / (right - left);
      weights[m * n_freqs + k] = static_cast<float>(std::max(0.0, w));
    }
  }

  return torch::from_blob(weights.data(), {n_mels, n_freqs}, torch::kFloat)  //@bug P01A torch-device-mismatch|torch-factory-missing-device
      .clone();
}

std::vector<float> synth_chirp(int64_t sample_rate, int64_t seconds,
                               unsigned seed) {
  std::mt19937 rng(seed);
  std::normal_distribution<float> noise(0.f, 0.01f);
  const int64_t n = sample_rate * seconds;
  std::vector<float> out(n);
  const double f0 = 100.0;
  const double f1 = 3000.0;
  for (int64_t i = 0; i < n; ++i) {
    const double t = static_cast<double>(i) / sample_rate;
    const double f = f0 + (f1 - f0) * t / seconds;
    out[i] = 0.3f * static_cast<float>(std::sin(2.0 * M_PI * f * t)) +
             noise(rng);
  }
  return out;
}
