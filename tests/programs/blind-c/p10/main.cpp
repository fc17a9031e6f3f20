// Day-ahead load forecasting for a single feeder. Runs on the substation's
// edge box, which has no GPU: everything stays on the CPU by design.
#include <torch/torch.h>

#include <algorithm>
#include <fstream>
#include <iomanip>
#include <iostream>
#include <string>

#include "forecaster.h"
#include "series.h"

namespace {

constexpr int64_t kLookback = 168;  // one week of hourly data
constexpr int64_t kHorizon = 24;
constexpr int64_t kBatch = 64;

double run_epoch(LoadForecaster& model, torch::optim::Optimizer& opt,
                 const WindowSet& data, int64_t begin, int64_t end,
                 bool train) {
  torch::nn::MSELoss mse;
  model->train(train);
  auto perm = train ? torch::randperm(end - begin) + begin
                    : torch::arange(begin, end);
  // Penalise jumps between consecutive forecast hours a little.
  auto smooth_w = torch::tensor(0.05, torch::kFloat64);
  double total = 0.0;
  int64_t batches = 0;
  for (int64_t s = 0; s < perm.size(0); s += kBatch) {
    auto idx = perm.slice(0, s, std::min<int64_t>(s + kBatch, perm.size(0)));
    auto x = data.inputs.index_select(0, idx);
    auto y = data.targets.index_select(0, idx);
    torch::Tensor loss;
    if (train) {
      auto pred = model->forward(x);
      auto jumps = pred.slice(1, 1) - pred.slice(1, 0, -1);
      loss = mse(pred, y) + (jumps.pow(2) * smooth_w).mean();
      opt.zero_grad();
      loss.backward();
      torch::nn::utils::clip_grad_norm_(model->parameters(), 1.0);
      opt.step();
    } else {
      torch::NoGradGuard no_grad;
      loss = mse(model->forward(x), y);
    }
    total += loss.item<double>();
    ++batches;
  }
  return batches ? total / batches : 0.0;
}

}  // namespace

int main(int argc, char** argv) {
  const std::string csv = argc > 1 ? argv[1] : "data/feeder_load.csv";
  const std::string ckpt = argc > 2 ? argv[2] : "forecaster.pt";
  const torch::Device device(torch::kCPU);
  torch::set_num_threads(4);
  torch::manual_seed(0);

  auto series = read_load_csv(csv);
  auto windows = make_windows(series, kLookback, kHorizon);
  const int64_t n = windows.inputs.size(0);
  const int64_t split = n * 9 / 10;
  std::cout << n << " windows (" << split << " train) on " << device << "\n";

  LoadForecaster model(3, 64, 2, kHorizon);
  if (std::ifstream(ckpt).good()) {
    torch::load(model, ckpt);  // written by this same CPU-only program
    std::cout << "resumed from " << ckpt << "\n";
  }
  model->to(device);
  torch::optim::Adam opt(model->parameters(), torch::optim::AdamOptions(1e-3));

  double best = 1e30;
  for (int epoch = 1; epoch <= 30; ++epoch) {
    const double tr = run_epoch(model, opt, windows, 0, split, true);
    const double va = run_epoch(model, opt, windows, split, n, false);
    std::cout << "epoch " << epoch << "  train " << tr << "  val " << va << "\n";
    if (va < best) {
      best = va;
      torch::save(model, ckpt);
    }
  }

  // Forecast the next day from the last week and de-normalise.
  torch::NoGradGuard no_grad;
  model->eval();
  auto last = windows.inputs.slice(0, n - 1, n);
  auto forecast = model->forward(last) * windows.scale + windows.mean;  // [1, 24]
  auto acc = forecast.accessor<float, 2>();
  const float* raw = forecast.data_ptr<float>();
  std::ofstream out("forecast.csv");
  out << "hour_ahead,load_kw\n";
  for (int64_t h = 0; h < kHorizon; ++h) {
    out << h + 1 << "," << std::fixed << std::setprecision(2) << acc[0][h]
        << "\n";
  }
  std::cout << "peak forecast " << *std::max_element(raw, raw + kHorizon)
            << " kW\n";
  return 0;
}
