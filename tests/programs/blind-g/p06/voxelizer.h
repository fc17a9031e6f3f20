#pragma once

#include <torch/torch.h>

#include <vector>

// Device kernels, compiled from voxel_kernels.cu into the same library.
// Both work in place on a contiguous float buffer that lives on the GPU.
void launch_normalize_intensity(float* points, int num_points);
void launch_quantize_xyz(float* points, int num_points);

struct VoxelGridSpec {
  float x_min = -40.0f, y_min = -40.0f, z_min = -3.0f;
  float voxel = 0.2f;
  int64_t nx = 400, ny = 400, nz = 30;
};

// Point-cloud voxelizer for the roof lidar of the yard tractors.
class Voxelizer {
 public:
  Voxelizer(const VoxelGridSpec& spec, torch::Device device);

  // cloud: [N, 4] float32 (x, y, z, intensity) on the host, as decoded from a packet.
  // Returns per-voxel point counts, [nz, ny, nx] int64, on the voxelizer's device.
  torch::Tensor occupancy(const torch::Tensor& cloud) const;

  // Occupied-voxel count per height slice, on the host.
  std::vector<int64_t> height_profile(const torch::Tensor& counts) const;

 private:
  VoxelGridSpec spec_;
  torch::Device device_;
};

// Public helpers of the library, for callers that hold their own tensors.
std::vector<float> points_to_vector(const torch::Tensor& points);
float max_intensity(const torch::Tensor& points);
