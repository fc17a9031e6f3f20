#pragma once

#include <torch/torch.h>

#include <string>

#include "config.h"
#include "denoiser.h"
#include "schedule.h"

class DdpmSampler {
 public:
  DdpmSampler(const DiffusionConfig& cfg, torch::Device device);

  // Ancestral sampling from pure noise; returns images in [-1, 1].
  torch::Tensor sample(int64_t n);

  // Writes a batch of [-1, 1] images as binary PPM files.
  void save_ppm(const torch::Tensor& images, const std::string& prefix) const;

 private:
  torch::Tensor p_mean(const torch::Tensor& x, const torch::Tensor& t,
                       const torch::Tensor& eps) const;

  DiffusionConfig cfg_;
  torch::Device device_;
  Denoiser model_{nullptr};
  NoiseSchedule sched_;
};
