#include "upscaler.h"

#include <algorithm>

Upscaler::Upscaler(std::unique_ptr<SrBackend> backend, const UpscaleOptions& opts)
    : backend_(std::move(backend)), opts_(opts) {
  const int64_t s = backend_->scale();
  window_ = blend_window(s * opts_.tile, s * opts_.overlap).to(backend_->device());
}

torch::Tensor Upscaler::upscale(const torch::Tensor& image) {
  torch::NoGradGuard no_grad;
  const int64_t s = backend_->scale();
  const int64_t h = image.size(2), w = image.size(3);
  const torch::Device dev = backend_->device();

  auto canvas = make_canvas(3, s * h, s * w);  //@bug P05A torch-device-mismatch|torch-factory-missing-device
  auto weight = make_canvas(1, s * h, s * w);  //@bug P05A torch-device-mismatch|torch-factory-missing-device
  for (const TileRect& r : plan_tiles(h, w, opts_.tile, opts_.overlap)) {
    auto tile = image.slice(2, r.y0, r.y0 + r.h).slice(3, r.x0, r.x0 + r.w);
    auto out = backend_->run_tile(tile.to(dev));  //@bug P05B torch-dtype-mismatch
    auto win = window_.slice(2, 0, s * r.h).slice(3, 0, s * r.w);
    auto dst = canvas.slice(2, s * r.y0, s * (r.y0 + r.h)).slice(3, s * r.x0, s * (r.x0 + r.w));
    dst.add_(out * win);  //@bug P05A torch-device-mismatch
    auto norm = weight.slice(2, s * r.y0, s * (r.y0 + r.h)).slice(3, s * r.x0, s * (r.x0 + r.w));
    norm.add_(win);  //@bug P05A torch-device-mismatch
  }
  return canvas / weight.clamp_min(1e-6);
}
