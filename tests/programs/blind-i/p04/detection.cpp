#include "detection.h"

#include <algorithm>

namespace F = torch::nn::functional;

ShipDetector::ShipDetector(std::unique_ptr<ShipDetectorBackend> backend,
                           const torch::Tensor& db_stats)
    : backend_(std::move(backend)) {
  auto stats = db_stats.to(backend_->device(), torch::kFloat32);
  db_mean_ = stats.slice(0, 0, 1);
  db_std_ = stats.slice(0, 1, 2);
  size_calibration_ = torch::scalar_tensor(1.08, torch::kFloat64);
}

std::vector<ShipDetection> ShipDetector::detect(const SarScene& scene) {
  auto db = calibrate_db(scene);
  auto land = land_mask(scene);
  std::vector<std::pair<int64_t, int64_t>> origins;
  for (int64_t r = 0; r + tile_ <= scene.rows; r += tile_)
    for (int64_t c = 0; c + tile_ <= scene.cols; c += tile_) {  // trained on non-overlapping tiles
      // Tiles that are all land cannot hold a ship.
      if (!land.slice(0, r, r + tile_).slice(1, c, c + tile_).all().item<bool>())
        origins.emplace_back(r, c);
    }

  std::vector<ShipDetection> raw;
  for (size_t b = 0; b < origins.size(); b += static_cast<size_t>(batch_)) {
    const size_t e = std::min(origins.size(), b + static_cast<size_t>(batch_));
    detect_tiles(db, land, {origins.begin() + b, origins.begin() + e}, scene, raw);
  }
  return raw;
}

void ShipDetector::detect_tiles(const torch::Tensor& db, const torch::Tensor& land,
                                const std::vector<std::pair<int64_t, int64_t>>& origins,
                                const SarScene& scene, std::vector<ShipDetection>& out) {
  std::vector<torch::Tensor> tiles, land_tiles;
  for (const auto& o : origins) {
    tiles.push_back(db.slice(0, o.first, o.first + tile_).slice(1, o.second, o.second + tile_));
    land_tiles.push_back(land.slice(0, o.first, o.first + tile_).slice(1, o.second, o.second + tile_));
  }
  const auto dev = backend_->device();
  auto x = (torch::stack(tiles).unsqueeze(1).to(dev) - db_mean_) / db_std_;
  auto outs = backend_->forward(x);
  auto heat = torch::sigmoid(outs.at(0));  // [N, 1, h, w]
  const int64_t stride = tile_ / heat.size(3);

  // A cell is on land if any of its pixels is: piers and breakwaters are bright.
  auto land_cells = F::max_pool2d(torch::stack(land_tiles).unsqueeze(1).to(torch::kFloat32),
                                  F::MaxPool2dFuncOptions(stride));
  heat = heat * (1.0 - land_cells.to(heat.device()));

  auto peaks = F::max_pool2d(heat, F::MaxPool2dFuncOptions(3).stride(1).padding(1));
  auto keep = heat.eq(peaks).logical_and(heat.gt(score_threshold_)).squeeze(1);  // [N, h, w]
  auto where = keep.nonzero().cpu();                                                // [K, 3]
  auto scores = heat.squeeze(1).index({keep}).cpu();
  auto sizes = (outs.at(1).permute({0, 2, 3, 1}).index({keep}).exp() * size_calibration_).cpu();
  auto offsets = outs.at(2).permute({0, 2, 3, 1}).index({keep}).cpu();

  auto w = where.accessor<int64_t, 2>();
  auto s = scores.accessor<float, 1>();
  auto sz = sizes.accessor<float, 2>();
  auto off = offsets.accessor<float, 2>();
  for (int64_t k = 0; k < w.size(0); ++k) {
    const auto& o = origins[static_cast<size_t>(w[k][0])];
    ShipDetection d;
    const double row = static_cast<double>(o.first) + (static_cast<double>(w[k][1]) + off[k][1]) * stride;
    const double col = static_cast<double>(o.second) + (static_cast<double>(w[k][2]) + off[k][0]) * stride;
    d.lat = scene.geo.lat0 + row * scene.geo.dlat_row;
    d.lon = scene.geo.lon0 + col * scene.geo.dlon_col;
    d.score = s[k];
    d.length_m = sz[k][0] * static_cast<float>(scene.geo.spacing_m);
    d.width_m = sz[k][1] * static_cast<float>(scene.geo.spacing_m);
    out.push_back(d);
  }
}
