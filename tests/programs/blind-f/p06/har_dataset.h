#pragma once

#include <torch/torch.h>

#include <cstdint>
#include <string>
#include <vector>

#include "config.h"

struct WindowBatch {
  torch::Tensor signals;  // [B, channels, window] Float
  torch::Tensor labels;   // [B] activity ids
};

struct ChannelStats {
  torch::Tensor mean;  // [1, channels, 1]
  torch::Tensor stdv;  // [1, channels, 1]
};

class HarDataset {
 public:
  HarDataset(const std::string& path, const HarConfig& cfg);

  size_t size() const { return labels_.size(); }
  WindowBatch batch(const std::vector<size_t>& idx) const;
  std::vector<int64_t> class_counts(int64_t num_classes) const;
  const HarConfig& config() const { return cfg_; }
  const std::vector<float>& raw() const { return signals_; }

 private:
  HarConfig cfg_;
  std::vector<float> signals_;   // [N, channels, window]
  std::vector<int32_t> labels_;  // [N], 0-based
};

// Per-channel mean / standard deviation over a whole split.
ChannelStats channel_stats(const HarDataset& data);
