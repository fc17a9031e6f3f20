#include "audio_features.h"

#include <algorithm>
#include <cmath>

torch::Tensor log_filterbank(const std::vector<float>& pcm,
                             const FeatureSpec& spec) {
  std::vector<float> feats(static_cast<size_t>(spec.frames * spec.bands), 0.f);
  const int64_t band_w = spec.frame_len / spec.bands;
  for (int64_t f = 0; f < spec.frames; ++f) {
    const int64_t start = f * spec.hop;
    for (int64_t b = 0; b < spec.bands; ++b) {
      double energy = 1e-10;
      for (int64_t k = 0; k < band_w; ++k) {
        const int64_t i = start + b * band_w + k;
        if (i < static_cast<int64_t>(pcm.size())) {
          energy += static_cast<double>(pcm[static_cast<size_t>(i)]) *
                    pcm[static_cast<size_t>(i)];
        }
      }
      feats[static_cast<size_t>(f * spec.bands + b)] =
          static_cast<float>(std::log(energy));
    }
  }
  auto t = torch::from_blob(feats.data(), {1, spec.frames, spec.bands},
                            torch::kFloat32)
               .clone();
  return (t - spec.mean) / spec.stddev;
}

torch::Tensor make_batch(const std::vector<torch::Tensor>& clips) {
  return torch::cat(clips, /*dim=*/0);
}
