#include "har_dataset.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <fstream>
#include <stdexcept>

HarDataset::HarDataset(const std::string& path, const HarConfig& cfg) : cfg_(cfg) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw std::runtime_error("cannot open " + path);
  int64_t n = 0;
  in.read(reinterpret_cast<char*>(&n), sizeof(n));
  const size_t per = static_cast<size_t>(cfg_.channels * cfg_.window);
  signals_.resize(static_cast<size_t>(n) * per);
  labels_.resize(static_cast<size_t>(n));
  in.read(reinterpret_cast<char*>(signals_.data()),
          static_cast<std::streamsize>(signals_.size() * sizeof(float)));
  in.read(reinterpret_cast<char*>(labels_.data()),
          static_cast<std::streamsize>(labels_.size() * sizeof(int32_t)));
  if (!in) throw std::runtime_error("truncated " + path);
  for (auto& l : labels_) l -= 1;  // file stores 1..6
}

WindowBatch HarDataset::batch(const std::vector<size_t>& idx) const {
  const auto b = static_cast<int64_t>(idx.size());
  const size_t per = static_cast<size_t>(cfg_.channels * cfg_.window);
  std::vector<float> sig(idx.size() * per);
  std::vector<int32_t> lab(idx.size());
  for (size_t i = 0; i < idx.size(); ++i) {
    std::memcpy(sig.data() + i * per, signals_.data() + idx[i] * per, per * sizeof(float));
    lab[i] = labels_[idx[i]];
  }
  WindowBatch out;
  out.signals = torch::from_blob(sig.data(), {b, cfg_.channels, cfg_.window},
                                 torch::kFloat32)
                    .clone();
  out.labels = torch::from_blob(lab.data(), {b}, torch::kInt32).clone();  //@bug P06A torch-loss-target-dtype|torch-dtype-mismatch
  return out;
}

std::vector<int64_t> HarDataset::class_counts(int64_t num_classes) const {
  std::vector<int64_t> counts(static_cast<size_t>(num_classes), 0);
  for (int32_t l : labels_) {
    if (l >= 0 && l < num_classes) ++counts[static_cast<size_t>(l)];
  }
  return counts;
}

ChannelStats channel_stats(const HarDataset& data) {
  const HarConfig& cfg = data.config();
  const std::vector<float>& raw = data.raw();
  std::vector<float> mean(static_cast<size_t>(cfg.channels), 0.f);
  std::vector<float> stdv(static_cast<size_t>(cfg.channels), 0.f);
  const size_t n = data.size();
  for (int64_t c = 0; c < cfg.channels; ++c) {
    double s = 0.0, ss = 0.0;
    for (size_t i = 0; i < n; ++i) {
      const float* row = raw.data() + (i * cfg.channels + c) * cfg.window;
      for (int64_t t = 0; t < cfg.window; ++t) {
        s += row[t];
        ss += static_cast<double>(row[t]) * row[t];
      }
    }
    const double cnt = static_cast<double>(n * cfg.window);
    const double m = s / cnt;
    mean[static_cast<size_t>(c)] = static_cast<float>(m);
    stdv[static_cast<size_t>(c)] = static_cast<float>(std::sqrt(std::max(ss / cnt - m * m, 1e-8)));
  }
  ChannelStats st;
  st.mean = torch::tensor(mean).view({1, cfg.channels, 1});  //@bug P06B torch-factory-missing-device|torch-device-mismatch
  st.stdv = torch::tensor(stdv).view({1, cfg.channels, 1});  //@bug P06B torch-factory-missing-device|torch-device-mismatch
  return st;
}
