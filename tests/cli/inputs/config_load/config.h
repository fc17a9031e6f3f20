#pragma once

#include <torch/torch.h>

#include <string>

/// What the command line fills in.
struct ServeConfig {
  std::string model_path = "model.pt";
  torch::Device device = torch::kCPU;
};
