#pragma once

#include <torch/torch.h>

#include <cstdint>
#include <string>
#include <vector>

#include "config.h"

struct TraceBatch {
  torch::Tensor waveforms;  // [B, 3, T] Float, raw counts
  torch::Tensor targets;    // [B, 3, T] Float, Gaussian P / S probabilities and noise
  torch::Tensor p_index;    // [B] Long, analyst's P sample (-1 if none)
  torch::Tensor s_index;    // [B] Long, analyst's S sample (-1 if none)

  // Moves what the network and the loss need; the analyst picks stay on the
  // host for the pick statistics.
  TraceBatch to(const torch::Device& device) const;
};

// Catalogue export: int64 count, then per trace 3*T float32 samples,
// int32 P index, int32 S index, float32 SNR.
class WaveformSet {
 public:
  WaveformSet(const std::string& path, const PickerConfig& cfg);

  size_t size() const { return p_.size(); }
  TraceBatch batch(const std::vector<size_t>& idx) const;
  std::vector<int64_t> arrivals_per_class() const;  // P picks, S picks, noise samples

 private:
  PickerConfig cfg_;
  std::vector<float> samples_;
  std::vector<int32_t> p_, s_;
};
