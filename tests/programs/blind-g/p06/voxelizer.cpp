#include "voxelizer.h"

#include <algorithm>

Voxelizer::Voxelizer(const VoxelGridSpec& spec, torch::Device device) : spec_(spec), device_(device) {}

torch::Tensor Voxelizer::occupancy(const torch::Tensor& cloud) const {
  // copy=true: the kernels below work in place and must not touch the caller's cloud.
  torch::Tensor pts = cloud.to(device_, torch::kFloat32, /*non_blocking=*/false, /*copy=*/true).contiguous();
  const int n = static_cast<int>(pts.size(0));
  if (device_.is_cuda()) {
    launch_normalize_intensity(pts.data_ptr<float>(), n);
    launch_quantize_xyz(pts.data_ptr<float>(), n);
  } else {
    pts.select(1, 3).div_(255.0);
    const torch::Tensor origin = torch::tensor({spec_.x_min, spec_.y_min, spec_.z_min}, pts.options());
    pts.slice(1, 0, 3).sub_(origin).div_(spec_.voxel).floor_();
  }
  torch::Tensor ijk = pts.slice(1, 0, 3).to(torch::kInt64);
  const torch::Tensor inside = (ijk.select(1, 0) >= 0) & (ijk.select(1, 0) < spec_.nx) &
                               (ijk.select(1, 1) >= 0) & (ijk.select(1, 1) < spec_.ny) &
                               (ijk.select(1, 2) >= 0) & (ijk.select(1, 2) < spec_.nz);
  ijk = ijk.index({inside});
  torch::Tensor flat = (ijk.select(1, 2) * spec_.ny + ijk.select(1, 1)) * spec_.nx + ijk.select(1, 0);
  torch::Tensor counts = torch::zeros({spec_.nz * spec_.ny * spec_.nx},
                                      torch::TensorOptions().dtype(torch::kInt64).device(device_));
  counts.index_add_(0, flat, torch::ones_like(flat));
  return counts.view({spec_.nz, spec_.ny, spec_.nx});
}

std::vector<int64_t> Voxelizer::height_profile(const torch::Tensor& counts) const {
  torch::Tensor per_slice = (counts > 0).sum({1, 2}).to(torch::kCPU);
  auto acc = per_slice.accessor<int64_t, 1>();
  std::vector<int64_t> out(static_cast<size_t>(acc.size(0)));
  for (int64_t z = 0; z < acc.size(0); ++z) out[static_cast<size_t>(z)] = acc[z];
  return out;
}

std::vector<float> points_to_vector(const torch::Tensor& points) {
  const float* p = points.data_ptr<float>();
  return std::vector<float>(p, p + points.numel());
}

float max_intensity(const torch::Tensor& points) {
  auto acc = points.accessor<float, 2>();
  float best = 0.0f;
  for (int64_t i = 0; i < acc.size(0); ++i) best = std::max(best, acc[i][3]);
  return best;
}
