#pragma once

#include <torch/torch.h>

#include <cstddef>
#include <deque>
#include <string>
#include <vector>

#include "autoencoder.h"
#include "config.h"
#include "sensor_windows.h"

// Debounces per-window decisions: the alarm fires when at least `k` of the
// last `n` flags are set.
template <typename Flag>
class RollingAlarm {
 public:
  RollingAlarm(size_t n, size_t k) : n_(n), k_(k) {}

  bool push(Flag flag) {
    history_.push_back(flag);
    if (history_.size() > n_) history_.pop_front();
    size_t hits = 0;
    for (const auto& f : history_) hits += f ? 1 : 0;
    return hits >= k_;
  }

 private:
  size_t n_;
  size_t k_;
  std::deque<Flag> history_;
};

class AnomalyDetector {
 public:
  AnomalyDetector(const DetectorConfig& cfg, torch::Device device);

  void fit(const torch::Tensor& windows);
  float calibrate(const torch::Tensor& windows);
  std::vector<float> score(const torch::Tensor& windows);
  std::vector<bool> flag(const torch::Tensor& windows);

  void save() const;
  void load();
  float threshold() const { return threshold_; }

 private:
  torch::Tensor reconstruction_error(const torch::Tensor& x);

  DetectorConfig cfg_;
  torch::Device device_;
  ChannelScaler scaler_;
  WindowAutoencoder model_;
  torch::optim::Adam optimizer_;
  torch::Tensor channel_w_;  // [1, 1, C] on device_
  torch::Tensor ema_loss_;   // 0-dim on device_
  float threshold_ = 0.0f;
};
