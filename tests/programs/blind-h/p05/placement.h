#pragma once

#include <torch/torch.h>

#include <string>
#include <vector>

// One solder joint from the pick-and-place export joined with the footprint
// library: the pad centre, its rotation and the pad size, in board
// millimetres (origin at the lower-left fiducial).
struct Joint {
  std::string ref;    // R12, U3, ...
  int pin = 1;
  double x_mm = 0.0, y_mm = 0.0, rot_deg = 0.0;
  double pad_w_mm = 0.0, pad_h_mm = 0.0;
};

std::vector<Joint> read_joints(const std::string& csv_path);

// Camera geometry of the AOI station for one board.
struct BoardGeometry {
  int64_t height_px = 0, width_px = 0;
  double mm_per_px = 0.02;
  double margin = 1.6;  // crop = margin x pad size
};

// [N, 2, 3] affine matrices (affine_grid convention, normalised image
// coordinates) that map a crop_px x crop_px window onto each pad.
torch::Tensor joint_affines(const std::vector<Joint>& joints, const BoardGeometry& geo);
