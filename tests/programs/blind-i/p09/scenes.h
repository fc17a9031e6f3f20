#pragma once

#include <torch/torch.h>

#include <string>
#include <vector>

// A pedestrian seen in obs_len + pred_len consecutive frames (metres, world frame).
struct TrajWindow {
  std::vector<float> xy;  // 2 * (obs_len + pred_len)
};

// "frame_id ped_id x y" per line, every 10th video frame (2.5 Hz).
std::vector<TrajWindow> read_scene(const std::string& path, int64_t obs_len, int64_t pred_len);

struct TrajBatch {
  torch::Tensor obs, obs_rel;  // [B, obs_len, 2] positions and displacements (first zero)
  torch::Tensor fut;           // [B, pred_len, 2] positions to predict
  TrajBatch to(const torch::Device& device) const;
};

TrajBatch make_batch(const std::vector<TrajWindow>& windows, const std::vector<size_t>& order,
                     size_t begin, size_t end, int64_t obs_len);

// Per-axis standard deviation of the one-step displacements, [2] float64.
torch::Tensor displacement_std(const std::vector<TrajWindow>& windows);
