#pragma once

#include <torch/script.h>
#include <torch/torch.h>

#include <memory>
#include <string>
#include <vector>

// Scripted CenterNet-style ship detector, output stride 4:
//   forward(tiles: Tensor[N, 1, 256, 256] float32, standardised sigma0 dB)
//     -> List[Tensor]: [0] centre heatmap logits [N, 1, 64, 64]
//                      [1] log length and width in pixels [N, 2, 64, 64]
//                      [2] sub-cell centre offset [N, 2, 64, 64]
class ShipDetectorBackend {
 public:
  virtual ~ShipDetectorBackend() = default;
  virtual torch::Device device() const = 0;
  virtual std::vector<torch::Tensor> forward(const torch::Tensor& tiles) = 0;
};

std::unique_ptr<ShipDetectorBackend> open_detector(const std::string& path, bool prefer_gpu);
