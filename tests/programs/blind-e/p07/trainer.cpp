#include "trainer.h"

#include <algorithm>

ForecastTrainer::ForecastTrainer(const ForecastConfig& cfg, torch::Device device,
                                 const NormStats& host_stats)
    : cfg_(cfg),
      device_(device),
      model_(cfg.num_meters, cfg.meter_embedding, cfg.hidden, cfg.layers,
             cfg.horizon),
      host_stats_(host_stats),
      dev_stats_(host_stats.to(device)),
      loss_scale_(torch::tensor(cfg.loss_scale)),
      optimizer_(model_->parameters(), torch::optim::AdamOptions(cfg.lr)) {
  if (cfg_.resume) torch::load(model_, cfg_.checkpoint, device_);
  model_->to(device_);
}

torch::Tensor ForecastTrainer::normalise(const SeriesBatch& b,
                                         torch::Tensor* target) {
  // The statistics are gathered on the host with host indices, then moved.
  auto mu = host_stats_.mean.index_select(0, b.meter_ids).unsqueeze(1).to(device_);
  auto sd = host_stats_.scale.index_select(0, b.meter_ids).unsqueeze(1).to(device_);
  *target = (b.target.to(device_) - mu) / sd;
  return (b.history.to(device_) - mu.unsqueeze(2)) / sd.unsqueeze(2);
}

double ForecastTrainer::train_epoch(const SeriesDataset& data) {
  model_->train();
  auto perm = torch::randperm(data.num_windows());  // host, indexes host data
  const int64_t* order = perm.data_ptr<int64_t>();
  double total = 0.0;
  int64_t steps = 0;
  for (int64_t s = 0; s < data.num_windows(); s += cfg_.batch_size) {
    const int64_t n = std::min(cfg_.batch_size, data.num_windows() - s);
    SeriesBatch b = data.batch(order + s, n);
    torch::Tensor y;
    auto x = normalise(b, &y);
    auto mask = b.mask.to(device_);
    auto ids = b.meter_ids.to(device_);

    optimizer_.zero_grad();
    auto pred = model_->forward(x, ids);
    auto sq = (pred - y).pow(2) * mask * loss_scale_;  // [B, H] Float
    auto loss = sq.sum() / mask.sum().clamp_min(1.0);
    loss.backward();
    optimizer_.step();
    total += loss.item<double>();
    ++steps;
  }
  return steps ? total / steps : 0.0;
}

double ForecastTrainer::mae_kw(const SeriesDataset& data) {
  torch::NoGradGuard no_grad;
  model_->eval();
  auto all = torch::arange(data.num_windows());
  double abs_err = 0.0, count = 0.0;
  for (int64_t s = 0; s < data.num_windows(); s += cfg_.batch_size) {
    const int64_t n = std::min(cfg_.batch_size, data.num_windows() - s);
    SeriesBatch b = data.batch(all.data_ptr<int64_t>() + s, n);
    torch::Tensor y;
    auto x = normalise(b, &y);
    auto ids = b.meter_ids.to(device_);
    // de-normalise on the device with the moved statistics
    auto kw = model_->forward(x, ids) * dev_stats_.scale.index_select(0, ids).unsqueeze(1) +
              dev_stats_.mean.index_select(0, ids).unsqueeze(1);
    auto err = (kw.cpu() - b.target).abs() * b.mask;
    auto e = err.contiguous();
    const float* p = e.data_ptr<float>();
    for (int64_t i = 0; i < e.numel(); ++i) abs_err += p[i];
    count += b.mask.sum().item<double>();
  }
  return count > 0 ? abs_err / count : 0.0;
}
