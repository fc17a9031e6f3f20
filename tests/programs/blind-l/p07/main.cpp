#include <iostream>

#include "config.h"
#include "market.h"
#include "model.h"

int main(int argc, char** argv) {
  TrainConfig cfg;
  cfg.device = torch::cuda::is_available() ? torch::Device(torch::kCUDA) : torch::Device(torch::kCPU);
  if (argc > 1) cfg.epochs = std::stoll(argv[1]);

  const auto prices = synthetic_prices(2500, 3e-4, 0.015, 17);
  ReturnWindows windows(prices, cfg.window);
  const auto all_targets = windows.targets();
  auto loader = torch::data::make_data_loader<torch::data::samplers::RandomSampler>(
      std::move(windows).map(torch::data::transforms::Stack<>()), cfg.batch_size);

  ReturnLSTM model(cfg.hidden, cfg.layers);
  model->to(cfg.device);
  torch::optim::Adam optimizer(model->parameters(), torch::optim::AdamOptions(cfg.lr));

  for (int64_t epoch = 1; epoch <= cfg.epochs; ++epoch) {
    model->train();
    double total = 0.0;
    int64_t seen = 0;
    torch::Tensor last_pred, last_target;
    for (auto& batch : *loader) {
      auto x = batch.data.to(cfg.device);
      auto y = batch.target.to(cfg.device);
      auto state = zero_state(cfg.layers, x.size(0), cfg.hidden, cfg.device);
      auto pred = model->forward(x, state);
      auto loss = (volatility_weights(y) * (pred - y).pow(2)).mean();
      optimizer.zero_grad();
      loss.backward();
      torch::nn::utils::clip_grad_norm_(model->parameters(), 1.0);
      optimizer.step();
      total += loss.item<double>() * x.size(0);
      seen += x.size(0);
      last_pred = pred.detach().cpu();
      last_target = batch.target;
    }
    auto hit_rate = (last_pred.sign() == last_target.sign()).to(torch::kFloat).mean();
    std::cout << "epoch " << epoch << " weighted mse " << total / seen << " direction hit rate "
              << hit_rate.item<double>() << " (last batch)\n";
  }

  auto baseline = torch::mse_loss(torch::zeros_like(all_targets), all_targets);
  std::cout << "zero-forecast baseline mse " << baseline.item<double>() << "\n";
  return 0;
}
