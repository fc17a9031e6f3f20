#include "trainer.h"

SimClrTrainer::SimClrTrainer(const SimClrConfig& cfg, torch::Device device)
    : cfg_(cfg),
      device_(device),
      model_(cfg.feature_dim, cfg.projection_dim),
      stain_inv_(he_stain_inverse().to(device)),
      optimizer_(model_->parameters(), torch::optim::AdamOptions(cfg.lr)) {
  model_->to(device_);
}

torch::Tensor SimClrTrainer::deconvolve(const torch::Tensor& rgb) const {
  auto od = -torch::log(rgb);                       // [B, 3, H, W] Float
  auto conc = torch::matmul(od.permute({0, 2, 3, 1}), stain_inv_);  //@bug P09B torch-dtype-mismatch
  return conc.permute({0, 3, 1, 2}).contiguous();
}

double SimClrTrainer::train_epoch(PatchDataset& data) {
  model_->train();
  double total = 0.0;
  int64_t steps = 0;
  for (int64_t s = 0; s + cfg_.batch_size <= data.size(); s += cfg_.batch_size) {
    ViewPair v = data.views(s, cfg_.batch_size);
    auto xa = deconvolve(v.a.to(device_));
    auto xb = deconvolve(v.b.to(device_));
    optimizer_.zero_grad();
    auto loss = nt_xent(model_->forward(xa), model_->forward(xb), cfg_.temperature);
    loss.backward();
    optimizer_.step();
    total += loss.item<double>();
    ++steps;
  }
  return steps ? total / steps : 0.0;
}
