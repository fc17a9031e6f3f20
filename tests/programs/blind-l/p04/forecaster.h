#pragma once

#include <torch/script.h>

#include <string>

#include "observations.h"

namespace wx {

struct Forecast {
  torch::Tensor mean_c;    // [B, H] temperature in degrees C
  torch::Tensor spread_c;  // [B, H] one standard deviation
};

class Forecaster {
 public:
  Forecaster(const std::string& model_path, torch::Device device, Normalizer normalizer);
  Forecast predict(const torch::Tensor& history, const torch::Tensor& station_meta);

 private:
  torch::Device device_;
  torch::jit::Module module_;
  Normalizer normalizer_;
};

}  // namespace wx
