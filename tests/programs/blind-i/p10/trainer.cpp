#include "trainer.h"

#include <algorithm>

#include "objectives.h"

Trainer::Trainer(const Config& cfg, const FingerprintSet& train)
    : cfg_(cfg), device_(training_device()) {
  frame_ = fit_local_frame(train.utm);
  floor_masks_ = floor_logit_masks(train, cfg_.max_floors);  //@bug P10B torch-device-mismatch
  model_ = make_localizer(cfg_);
  model_->to(device_);
  optimizer_ = std::make_unique<torch::optim::Adam>(
      model_->parameters(), torch::optim::AdamOptions(cfg_.lr).weight_decay(1e-5));
}

double Trainer::train_epoch(const FingerprintSet& train) {
  model_->train();
  auto perm = torch::randperm(train.size(), torch::kLong);
  double total = 0;
  int64_t steps = 0;
  for (int64_t b = 0; b < train.size(); b += cfg_.batch_size) {
    FingerprintSet batch = take(train, perm.slice(0, b, std::min(train.size(), b + cfg_.batch_size)));
    auto x = batch.rssi.to(device_);
    auto building = batch.building.to(device_);
    auto floor = batch.floor.to(device_);
    auto xy = to_local(frame_, batch.utm).to(device_);  //@bug P10A torch-loss-target-dtype|torch-dtype-mismatch
    auto floor_mask = floor_mask_rows(floor_masks_, batch.building);  //@bug P10B torch-device-mismatch

    LossParts loss = multitask_loss(model_->forward(x), building, floor, floor_mask, xy,
                                    cfg_.coord_weight, cfg_.huber_delta);
    optimizer_->zero_grad();
    loss.total.backward();  //@bug P10A torch-loss-target-dtype|torch-dtype-mismatch
    optimizer_->step();
    total += loss.total.item<double>();
    ++steps;
  }
  return total / static_cast<double>(std::max<int64_t>(steps, 1));
}

EvalResult Trainer::evaluate(const FingerprintSet& data) {
  model_->eval();
  torch::NoGradGuard no_grad;
  LocOutput out = model_->forward(data.rssi.to(device_));
  EvalResult r;
  r.building_acc = out.building_logits.argmax(1).cpu().eq(data.building).to(torch::kFloat64).mean().item<double>();
  r.floor_acc = out.floor_logits.argmax(1).cpu().eq(data.floor).to(torch::kFloat64).mean().item<double>();
  // Positioning error in metres, in double: the UTM values are large.
  auto utm = to_utm(frame_, out.xy.cpu());
  auto err = (utm - data.utm).square().sum(1).sqrt();
  r.mean_error_m = err.mean().item<double>();
  r.median_error_m = err.median().item<double>();
  return r;
}
