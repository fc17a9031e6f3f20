#include "geo.h"

LocalFrame fit_local_frame(const torch::Tensor& utm) {
  LocalFrame f;
  f.origin = utm.mean(0);
  f.scale = (utm - f.origin).square().mean(0).sqrt().clamp_min(1.0);
  return f;
}

torch::Tensor to_local(const LocalFrame& frame, const torch::Tensor& utm) {
  return (utm - frame.origin) / frame.scale;  //@bug P10A torch-loss-target-dtype|torch-dtype-mismatch
}

torch::Tensor to_utm(const LocalFrame& frame, const torch::Tensor& local) {
  return local.to(torch::kFloat64) * frame.scale + frame.origin;
}
