#pragma once

#include <torch/torch.h>

#include <memory>
#include <string>
#include <vector>

#include "detector_backend.h"
#include "sar_scene.h"

struct ShipDetection {
  double lat = 0, lon = 0;  // centre
  float score = 0.f, length_m = 0.f, width_m = 0.f;
};

class ShipDetector {
 public:
  ShipDetector(std::unique_ptr<ShipDetectorBackend> backend, const torch::Tensor& db_stats);

  std::vector<ShipDetection> detect(const SarScene& scene);
  const ShipDetectorBackend& backend() const { return *backend_; }

 private:
  void detect_tiles(const torch::Tensor& db, const torch::Tensor& land,
                    const std::vector<std::pair<int64_t, int64_t>>& origins,
                    const SarScene& scene, std::vector<ShipDetection>& out);

  std::unique_ptr<ShipDetectorBackend> backend_;
  int64_t tile_ = 256, batch_ = 16;
  float score_threshold_ = 0.35f;
  torch::Tensor db_mean_, db_std_;  // [1] float32 on the backend's device
  torch::Tensor size_calibration_;  // 0-dim float64: length bias of the network against AIS
};
