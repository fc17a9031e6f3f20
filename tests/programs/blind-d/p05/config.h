#pragma once

#include <torch/torch.h>

#include <cstdint>
#include <string>

// PointNet classification on ModelNet-style meshes sampled to point clouds.
struct PointNetConfig {
  std::string data_root = "data/modelnet10";
  std::string checkpoint = "checkpoints/pointnet.pt";
  int64_t num_points = 1024;
  int64_t num_classes = 10;
  int64_t batch_size = 32;
  int64_t epochs = 60;
  double lr = 1e-3;
  double feature_reg = 1e-3;  // weight of the feature-transform regulariser
  double jitter_sigma = 0.01;
  bool resume = false;
  int gpu = 0;
};
