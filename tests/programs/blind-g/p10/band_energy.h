#pragma once

#include <cmath>
#include <cstdio>
#include <vector>

// Goertzel band energies of one accelerometer axis, kBins bands between
// 10 Hz and the Nyquist frequency of a 3.2 kHz sampling rate.
constexpr int kBins = 64;
constexpr float kSampleRate = 3200.0f;
constexpr float kTwoPi = 6.28318530718f;

inline void band_energies(const float* x, int n, float* out) {
  const float f_lo = 10.0f, f_hi = kSampleRate / 2.0f;
  for (int b = 0; b < kBins; ++b) {
    const float f = f_lo + (f_hi - f_lo) * (static_cast<float>(b) + 0.5f) / kBins;
    const float w = kTwoPi * f / kSampleRate;
    const float coeff = 2.0f * std::cos(w);
    float s1 = 0.0f, s2 = 0.0f;
    for (int i = 0; i < n; ++i) {
      const float s0 = x[i] + coeff * s1 - s2;
      s2 = s1;
      s1 = s0;
    }
    out[b] = std::log1p(s1 * s1 + s2 * s2 - coeff * s1 * s2);
  }
}

// Reads interleaved x,y,z float32 samples; returns false at end of stream.
inline bool read_window(std::FILE* f, std::vector<float>& xyz, int samples) {
  xyz.resize(static_cast<size_t>(samples) * 3);
  return std::fread(xyz.data(), sizeof(float), xyz.size(), f) == xyz.size();
}
