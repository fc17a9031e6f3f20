#include "trainer.h"

#include <algorithm>
#include <cstdio>
#include <numeric>

#include "augment.h"
#include "losses.h"

Trainer::Trainer(const Config& cfg, const std::vector<TrajWindow>& train)
    : cfg_(cfg), device_(device_for(cfg)), rng_(cfg.seed) {
  // Statistics in double, buffers in float32.
  model_ = build_traj_model(cfg_, displacement_std(train).to(torch::kFloat32));
  model_->to(device_);
  optimizer_ = std::make_unique<torch::optim::Adam>(model_->parameters(),
                                                    torch::optim::AdamOptions(cfg_.lr));
}

double Trainer::train_epoch(const std::vector<TrajWindow>& data) {
  model_->train();
  std::vector<size_t> order(data.size());
  std::iota(order.begin(), order.end(), 0);
  std::shuffle(order.begin(), order.end(), rng_);
  double total = 0.0;
  int64_t steps = 0;
  for (size_t b = 0; b < order.size(); b += static_cast<size_t>(cfg_.batch_size)) {
    const size_t e = std::min(order.size(), b + static_cast<size_t>(cfg_.batch_size));
    TrajBatch batch = augment(make_batch(data, order, b, e, cfg_.obs_len).to(device_));
    auto loss = bivariate_nll(model_->forward(batch.obs_rel, cfg_.pred_len),
                              model_->normalised_future(batch.obs, batch.fut));
    optimizer_->zero_grad();
    loss.backward();
    torch::nn::utils::clip_grad_norm_(model_->parameters(), 1.0);
    optimizer_->step();
    total += loss.item<double>();
    ++steps;
  }
  return total / static_cast<double>(std::max<int64_t>(steps, 1));
}

EvalResult Trainer::evaluate(const std::vector<TrajWindow>& data) {
  model_->eval();
  torch::NoGradGuard no_grad;
  std::vector<size_t> order(data.size());
  std::iota(order.begin(), order.end(), 0);
  EvalResult r;
  double weight = 0.0;
  for (size_t b = 0; b < order.size(); b += static_cast<size_t>(cfg_.batch_size)) {
    const size_t e = std::min(order.size(), b + static_cast<size_t>(cfg_.batch_size));
    TrajBatch batch = make_batch(data, order, b, e, cfg_.obs_len).to(device_);
    const auto errors = ade_fde(model_->predict(batch.obs, batch.obs_rel, cfg_.pred_len), batch.fut);
    const double w = static_cast<double>(e - b);
    r.ade += w * errors.first;
    r.fde += w * errors.second;
    weight += w;
  }
  r.ade /= std::max(weight, 1.0);
  r.fde /= std::max(weight, 1.0);
  return r;
}

void Trainer::export_forecasts(const std::vector<TrajWindow>& data, size_t count,
                               const std::string& path) {
  model_->eval();
  torch::NoGradGuard no_grad;
  std::vector<size_t> order(std::min(count, data.size()));
  std::iota(order.begin(), order.end(), 0);
  if (order.empty()) return;
  TrajBatch batch = make_batch(data, order, 0, order.size(), cfg_.obs_len).to(device_);
  auto pred = model_->predict(batch.obs, batch.obs_rel, cfg_.pred_len).cpu();
  auto obs = batch.obs.cpu();
  auto p = pred.accessor<float, 3>();
  auto o = obs.accessor<float, 3>();
  std::FILE* f = std::fopen(path.c_str(), "w");
  if (!f) return;
  std::fprintf(f, "track,step,x,y\n");  // steps < obs_len are observed, the rest forecast
  for (int64_t i = 0; i < p.size(0); ++i)
    for (int64_t t = 0; t < o.size(1) + p.size(1); ++t) {
      const auto xy = t < o.size(1) ? o[i][t] : p[i][t - o.size(1)];
      std::fprintf(f, "%lld,%lld,%.3f,%.3f\n", static_cast<long long>(i), static_cast<long long>(t),
                   xy[0], xy[1]);
    }
  std::fclose(f);
}
