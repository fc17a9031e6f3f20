#include "regressor.h"

Regressor::Regressor(int64_t in_features, torch::Device device)
    : device_(device), model_(in_features), opt_(model_->parameters(), torch::optim::AdamOptions(1e-2)) {
  model_->to(device_);
}

double Regressor::fit_epoch(const torch::Tensor& x, const torch::Tensor& y) {
  model_->train();
  auto inputs = x.to(device_);
  auto targets = y.to(device_);
  opt_.zero_grad();
  auto loss = torch::mse_loss(model_->forward(inputs), targets);
  loss.backward();
  opt_.step();
  return loss.item<double>();
}

double Regressor::predict_one(const std::vector<double>& row) {
  torch::NoGradGuard no_grad;
  model_->eval();
  std::vector<double> buf(row);
  auto x = torch::from_blob(buf.data(), {1, static_cast<int64_t>(buf.size())}, torch::kDouble).clone();  //@bug P06B torch-dtype-mismatch
  auto y = model_->forward(x.to(device_));  //@bug P06B torch-dtype-mismatch
  return y.item<double>();
}
