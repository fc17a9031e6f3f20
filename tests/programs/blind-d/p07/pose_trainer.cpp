#include "pose_trainer.h"

#include <algorithm>

namespace {

// MSE over heatmaps, ignoring joints that are not labelled.
torch::Tensor joints_mse(const torch::Tensor& pred, const torch::Tensor& target,
                         const torch::Tensor& weight) {
  const int64_t B = pred.size(0);
  const int64_t J = pred.size(1);
  auto p = pred.reshape({B, J, -1});
  auto t = target.reshape({B, J, -1});
  return 0.5 * torch::mse_loss(p * weight, t * weight);  //@bug P07B torch-device-mismatch
}

}  // namespace

PoseTrainer::PoseTrainer(const PoseConfig& cfg)
    : cfg_(cfg),
      device_(cfg.device),
      model_(cfg.num_joints, cfg.heat_h, cfg.heat_w, cfg.beta,
             static_cast<double>(cfg.input_w) / cfg.heat_w),
      optimizer_(model_->parameters(), torch::optim::AdamOptions(cfg.lr)) {
  model_->to(device_);
}

double PoseTrainer::train_epoch(const KeypointDataset& data) {
  model_->train();
  double total = 0.0;
  int64_t steps = 0;
  const auto bs = static_cast<size_t>(cfg_.batch_size);
  for (size_t start = 0; start < data.size(); start += bs) {
    PoseBatch b = data.batch(start, bs);
    auto images = b.images.to(device_, /*non_blocking=*/true);
    auto target = b.heatmaps.to(device_, /*non_blocking=*/true);

    optimizer_.zero_grad();
    auto heatmaps = model_->forward(images);
    auto loss = joints_mse(heatmaps, target, b.target_weight);  //@bug P07B torch-device-mismatch
    loss.backward();
    optimizer_.step();
    total += loss.item<double>();
    ++steps;
  }
  return steps ? total / static_cast<double>(steps) : 0.0;
}

double PoseTrainer::pck(const KeypointDataset& data) {
  torch::NoGradGuard no_grad;
  model_->eval();
  const double threshold = cfg_.pck_ratio * static_cast<double>(cfg_.input_w);
  int64_t hits = 0;
  int64_t labelled = 0;
  const auto bs = static_cast<size_t>(cfg_.batch_size);
  for (size_t start = 0; start < data.size(); start += bs) {
    PoseBatch b = data.batch(start, bs);
    auto heatmaps = model_->forward(b.images.to(device_));
    auto pred = model_->keypoints(heatmaps);  //@bug P07A torch-device-mismatch
    auto gt = b.keypoints.to(device_);
    auto visible = b.visible.to(device_);
    auto dist = (pred - gt).norm(2, -1);
    hits += ((dist < threshold) & visible).sum().item<int64_t>();
    labelled += visible.sum().item<int64_t>();
  }
  return labelled ? static_cast<double>(hits) / static_cast<double>(labelled)
                  : 0.0;
}
