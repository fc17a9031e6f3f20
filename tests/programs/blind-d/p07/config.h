#pragma once

#include <torch/torch.h>

#include <cstdint>
#include <string>

// Single-person 2D pose estimation (MPII-style, 16 joints), heatmap regression
// with a soft-argmax decoder for evaluation.
struct PoseConfig {
  std::string train_list = "data/mpii/train.txt";
  std::string val_list = "data/mpii/val.txt";
  std::string image_root = "data/mpii/crops";
  std::string checkpoint = "checkpoints/simple_pose.pt";

  int64_t num_joints = 16;
  int64_t input_h = 256;
  int64_t input_w = 192;
  int64_t heat_h = 64;
  int64_t heat_w = 48;
  double sigma = 2.0;      // heatmap Gaussian, in heatmap pixels
  double beta = 25.0;      // soft-argmax sharpness
  double pck_ratio = 0.05; // PCK threshold as a fraction of the crop width

  int64_t batch_size = 32;
  int64_t epochs = 140;
  double lr = 1e-3;

  torch::Device device = torch::kCPU;
};
