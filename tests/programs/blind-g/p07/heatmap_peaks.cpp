#include "heatmap_peaks.h"

std::vector<Keypoint> decode_peaks(const torch::Tensor& heatmaps, float stride) {
  const int64_t joints = heatmaps.size(0);
  const int64_t h = heatmaps.size(1);
  const int64_t w = heatmaps.size(2);
  const float* hm = heatmaps.data<float>();  //@bug P07A torch-host-read-device-tensor

  std::vector<Keypoint> out(static_cast<size_t>(joints));
  for (int64_t j = 0; j < joints; ++j) {
    const float* plane = hm + j * h * w;
    int64_t best = 0;
    for (int64_t k = 1; k < h * w; ++k) {
      if (plane[k] > plane[best]) best = k;
    }
    const int64_t py = best / w;
    const int64_t px = best % w;
    float fx = static_cast<float>(px);
    float fy = static_cast<float>(py);
    if (px > 0 && px < w - 1) fx += plane[best + 1] > plane[best - 1] ? 0.25f : -0.25f;
    if (py > 0 && py < h - 1) fy += plane[best + w] > plane[best - w] ? 0.25f : -0.25f;
    Keypoint& kp = out[static_cast<size_t>(j)];
    kp.x = (fx + 0.5f) * stride;
    kp.y = (fy + 0.5f) * stride;
    kp.confidence = plane[best];
  }
  return out;
}
