#include "detector.h"

#include <algorithm>
#include <fstream>
#include <iostream>

AnomalyDetector::AnomalyDetector(const DetectorConfig& cfg,
                                 torch::Device device)
    : cfg_(cfg),
      device_(device),
      model_(cfg.window, cfg.channels, cfg.hidden, cfg.latent),
      optimizer_(model_->parameters(), torch::optim::AdamOptions(cfg.lr)) {
  model_->to(device_);
  // torch::tensor over std::vector<double> yields the default dtype (Float)
  channel_w_ = torch::tensor(cfg_.channel_weights).view({1, 1, -1}).to(device_);
  ema_loss_ = torch::zeros({}, torch::TensorOptions().device(device_));
}

torch::Tensor AnomalyDetector::reconstruction_error(const torch::Tensor& x) {
  auto recon = model_->forward(x);
  return ((recon - x).pow(2) * channel_w_).mean({1, 2});  // [B]
}

void AnomalyDetector::fit(const torch::Tensor& windows) {
  scaler_.fit(windows);
  scaler_.to(device_);
  model_->train();

  auto to_dev = [this](const torch::Tensor& t) {
    return t.to(device_, /*non_blocking=*/true);
  };
  const int64_t n = windows.size(0);
  for (int64_t epoch = 1; epoch <= cfg_.epochs; ++epoch) {
    auto perm = torch::randperm(n);
    for (int64_t start = 0; start < n; start += cfg_.batch_size) {
      const int64_t len = std::min(cfg_.batch_size, n - start);
      auto idx = perm.narrow(0, start, len);
      auto x = scaler_.transform(to_dev(windows.index_select(0, idx)));

      optimizer_.zero_grad();
      auto loss = reconstruction_error(x).mean();
      loss.backward();
      optimizer_.step();
      ema_loss_.mul_(0.98).add_(loss.detach(), 0.02);
    }
    std::cout << "epoch " << epoch << " loss(ema) " << ema_loss_.item<float>()
              << "\n";
  }
}

float AnomalyDetector::calibrate(const torch::Tensor& windows) {
  torch::NoGradGuard no_grad;
  model_->eval();
  const int64_t n = windows.size(0);
  auto errors = torch::empty({n}, torch::kFloat32);
  for (int64_t start = 0; start < n; start += cfg_.batch_size) {
    const int64_t len = std::min(cfg_.batch_size, n - start);
    auto x = scaler_.transform(windows.narrow(0, start, len).to(device_));
    errors.narrow(0, start, len).copy_(reconstruction_error(x));
  }
  threshold_ = torch::quantile(errors, cfg_.quantile).item<float>();
  return threshold_;
}

std::vector<float> AnomalyDetector::score(const torch::Tensor& windows) {
  torch::NoGradGuard no_grad;
  model_->eval();
  auto err = reconstruction_error(scaler_.transform(windows.to(device_)))
                 .cpu()
                 .contiguous();
  const float* p = err.data_ptr<float>();
  return std::vector<float>(p, p + err.numel());
}

std::vector<bool> AnomalyDetector::flag(const torch::Tensor& windows) {
  torch::NoGradGuard no_grad;
  model_->eval();
  auto err = reconstruction_error(scaler_.transform(windows.to(device_)));
  // compare per-step errors so the threshold does not depend on the window
  auto per_step = torch::tensor(1.0 / static_cast<double>(cfg_.window),
                                torch::kFloat64);
  auto limit = torch::tensor(threshold_ / static_cast<float>(cfg_.window));
  auto hits = (err * per_step).gt(limit).cpu();
  auto acc = hits.accessor<bool, 1>();
  std::vector<bool> out(static_cast<size_t>(hits.size(0)));
  for (int64_t i = 0; i < hits.size(0); ++i) out[i] = acc[i];
  return out;
}

void AnomalyDetector::save() const {
  torch::save(model_, cfg_.checkpoint);
  torch::save(std::vector<torch::Tensor>{scaler_.mean().cpu(),
                                         scaler_.stddev().cpu()},
              cfg_.checkpoint + ".scaler");
  std::ofstream(cfg_.checkpoint + ".threshold") << threshold_;
}

void AnomalyDetector::load() {
  torch::load(model_, cfg_.checkpoint, device_);
  std::vector<torch::Tensor> stats;
  torch::load(stats, cfg_.checkpoint + ".scaler");  // written from the host
  scaler_.set(stats.at(0), stats.at(1));
  scaler_.to(device_);
  std::ifstream(cfg_.checkpoint + ".threshold") >> threshold_;
}
