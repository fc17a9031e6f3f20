#include <algorithm>
#include <cmath>
#include <vector>

#include "tile_dataset.h"

torch::Tensor median_frequency_weights(const TileDataset& data,
                                       int64_t num_classes,
                                       int64_t ignore_label) {
  std::vector<double> pixels(static_cast<size_t>(num_classes), 0.0);
  std::vector<double> tiles_with(static_cast<size_t>(num_classes), 0.0);
  for (size_t i = 0; i < data.size(); ++i) {
    std::vector<bool> seen(static_cast<size_t>(num_classes), false);
    for (uint8_t v : data.tile(i).label) {
      if (v == ignore_label) continue;
      pixels[v] += 1.0;
      seen[v] = true;
    }
    for (int64_t c = 0; c < num_classes; ++c) {
      if (seen[static_cast<size_t>(c)]) tiles_with[static_cast<size_t>(c)] += 1.0;
    }
  }
  const double tile_pixels =
      static_cast<double>(data.size() ? data.tile(0).label.size() : 1);
  std::vector<float> freq(static_cast<size_t>(num_classes));
  for (int64_t c = 0; c < num_classes; ++c) {
    const auto k = static_cast<size_t>(c);
    freq[k] = tiles_with[k] > 0
                  ? static_cast<float>(pixels[k] / (tiles_with[k] * tile_pixels))
                  : 1.f;
  }
  std::vector<float> sorted = freq;
  std::nth_element(sorted.begin(), sorted.begin() + sorted.size() / 2,
                   sorted.end());
  const float median = sorted[sorted.size() / 2];
  std::vector<float> w(freq.size());
  for (size_t k = 0; k < freq.size(); ++k) w[k] = median / freq[k];
  return torch::tensor(w);
}

BandStats band_statistics(const TileDataset& data, int64_t bands) {
  std::vector<double> sum(static_cast<size_t>(bands), 0.0);
  std::vector<double> sq(static_cast<size_t>(bands), 0.0);
  double per_band = 0.0;
  for (size_t i = 0; i < data.size(); ++i) {
    const auto& v = data.tile(i).bands;
    const size_t hw = v.size() / static_cast<size_t>(bands);
    for (size_t b = 0; b < static_cast<size_t>(bands); ++b) {
      for (size_t p = 0; p < hw; ++p) {
        const double x = v[b * hw + p];
        sum[b] += x;
        sq[b] += x * x;
      }
    }
    per_band += static_cast<double>(hw);
  }
  std::vector<double> mean(sum.size()), stdv(sum.size());
  for (size_t b = 0; b < sum.size(); ++b) {
    mean[b] = sum[b] / per_band;
    stdv[b] = std::sqrt(std::max(sq[b] / per_band - mean[b] * mean[b], 1e-12));
  }
  // accumulate in double: reflectance sums over a whole archive lose digits in float
  BandStats s;
  s.mean = torch::tensor(mean, torch::kFloat64).view({1, bands, 1, 1});  //@bug P06B torch-dtype-mismatch
  s.stdv = torch::tensor(stdv, torch::kFloat64).view({1, bands, 1, 1});  //@bug P06B torch-dtype-mismatch
  return s;
}
