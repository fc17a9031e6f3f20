// Univariate load forecasting with a stacked LSTM.
//
// Reads one value per line from a text file (hourly consumption), trains on
// sliding windows and writes a 24-step forecast to forecast.txt.
#include <torch/torch.h>

#include <algorithm>
#include <cmath>
#include <fstream>
#include <iostream>
#include <numeric>
#include <string>
#include <vector>

namespace {

constexpr int64_t kWindow = 48;
constexpr int64_t kHorizon = 24;

struct Scaler {
  double mean = 0.0;
  double stddev = 1.0;

  template <typename T>
  T transform(T v) const { return static_cast<T>((v - mean) / stddev); }
  template <typename T>
  T inverse(T v) const { return static_cast<T>(v * stddev + mean); }
};

std::vector<float> read_series(const std::string& path) {
  std::vector<float> values;
  std::ifstream in(path);
  double v;
  while (in >> v) values.push_back(static_cast<float>(v));
  if (values.empty()) {
    // No data file: fall back to a synthetic daily-seasonal signal.
    for (int t = 0; t < 24 * 365; ++t) {
      values.push_back(static_cast<float>(100.0 + 20.0 * std::sin(2 * M_PI * t / 24.0) +
                                          5.0 * std::sin(2 * M_PI * t / (24.0 * 7))));
    }
  }
  return values;
}

class WindowDataset : public torch::data::datasets::Dataset<WindowDataset> {
 public:
  WindowDataset(torch::Tensor series, int64_t window, int64_t horizon)
      : series_(std::move(series)), window_(window), horizon_(horizon) {}

  torch::data::Example<> get(size_t index) override {
    const auto i = static_cast<int64_t>(index);
    auto x = series_.narrow(0, i, window_).unsqueeze(-1);
    auto y = series_.narrow(0, i + window_, horizon_);
    return {x, y};
  }

  torch::optional<size_t> size() const override {
    return static_cast<size_t>(series_.size(0) - window_ - horizon_ + 1);
  }

 private:
  torch::Tensor series_;
  int64_t window_;
  int64_t horizon_;
};

struct ForecasterImpl : torch::nn::Module {
  ForecasterImpl(int64_t hidden, int64_t layers, int64_t horizon)
      : lstm(register_module(
            "lstm", torch::nn::LSTM(torch::nn::LSTMOptions(1, hidden)
                                        .num_layers(layers)
                                        .batch_first(true)
                                        .dropout(0.1)))),
        head(register_module("head", torch::nn::Linear(hidden, horizon))) {}

  torch::Tensor forward(const torch::Tensor& x) {
    auto out = std::get<0>(lstm->forward(x));
    return head->forward(out.select(1, -1));
  }

  torch::nn::LSTM lstm;
  torch::nn::Linear head;
};
TORCH_MODULE(Forecaster);

template <typename Loader>
double run_epoch(Forecaster& model, Loader& loader, torch::optim::Optimizer& optimizer,
                 const torch::Device& device) {
  model->train();
  double total = 0.0;
  int64_t batches = 0;
  for (auto& batch : loader) {
    auto inputs = batch.data.to(device);
    auto targets = batch.target.to(device);
    optimizer.zero_grad();
    auto loss = torch::mse_loss(model->forward(inputs), targets);
    loss.backward();
    torch::nn::utils::clip_grad_norm_(model->parameters(), 1.0);
    optimizer.step();
    total += loss.template item<double>();
    ++batches;
  }
  return total / std::max<int64_t>(batches, 1);
}

template <typename Loader>
double validate(Forecaster& model, Loader& loader, const torch::Device& device) {
  torch::NoGradGuard no_grad;
  model->eval();
  double abs_err = 0.0;
  int64_t count = 0;
  for (auto& batch : loader) {
    auto inputs = batch.data;  //@bug P10A torch-device-mismatch
    inputs.to(device);  //@bug P10A torch-discarded-move|torch-device-mismatch
    auto targets = batch.target.to(device);
    auto preds = model->forward(inputs);  //@bug P10A torch-device-mismatch
    abs_err += (preds - targets).abs().sum().template item<double>();
    count += targets.numel();
  }
  return abs_err / std::max<int64_t>(count, 1);
}

}  // namespace

int main(int argc, char** argv) {
  const std::string path = argc > 1 ? argv[1] : "load.txt";
  const torch::Device device(torch::cuda::is_available() ? torch::kCUDA : torch::kCPU);

  auto raw = read_series(path);
  Scaler scaler;
  scaler.mean = std::accumulate(raw.begin(), raw.end(), 0.0) / raw.size();
  double var = 0.0;
  for (float v : raw) var += (v - scaler.mean) * (v - scaler.mean);
  scaler.stddev = std::sqrt(var / raw.size()) + 1e-8;

  std::vector<float> scaled(raw.size());
  std::transform(raw.begin(), raw.end(), scaled.begin(),
                 [&](float v) { return scaler.transform(v); });
  auto series = torch::tensor(scaled);

  const int64_t split = static_cast<int64_t>(series.size(0) * 0.8);
  auto train_set = WindowDataset(series.narrow(0, 0, split), kWindow, kHorizon)
                       .map(torch::data::transforms::Stack<>());
  auto val_set = WindowDataset(series.narrow(0, split, series.size(0) - split), kWindow, kHorizon)
                     .map(torch::data::transforms::Stack<>());
  auto train_loader = torch::data::make_data_loader<torch::data::samplers::RandomSampler>(
      std::move(train_set), torch::data::DataLoaderOptions().batch_size(128));
  auto val_loader = torch::data::make_data_loader<torch::data::samplers::SequentialSampler>(
      std::move(val_set), torch::data::DataLoaderOptions().batch_size(256));

  Forecaster model(/*hidden=*/64, /*layers=*/2, kHorizon);
  model->to(device);
  torch::optim::Adam optimizer(model->parameters(), torch::optim::AdamOptions(1e-3));
  torch::optim::StepLR scheduler(optimizer, /*step_size=*/10, /*gamma=*/0.5);

  for (int epoch = 1; epoch <= 40; ++epoch) {
    const double train_mse = run_epoch(model, *train_loader, optimizer, device);
    const double val_mae = validate(model, *val_loader, device);
    scheduler.step();
    std::cout << "epoch " << epoch << " train_mse " << train_mse << " val_mae(scaled) "
              << val_mae << std::endl;
  }

  // Forecast the next day from the most recent window.
  torch::NoGradGuard no_grad;
  model->eval();
  auto last_window = series.narrow(0, series.size(0) - kWindow, kWindow)
                         .view({1, kWindow, 1})
                         .to(device);
  auto forecast = model->forward(last_window).squeeze(0).cpu();  //@bug P10B torch-data-ptr-type|torch-dtype-mismatch
  const double* values = forecast.data_ptr<double>();  //@bug P10B torch-data-ptr-type

  std::ofstream out("forecast.txt");
  for (int64_t h = 0; h < kHorizon; ++h) {
    out << h + 1 << "\t" << scaler.inverse(values[h]) << "\n";
  }
  std::cout << "wrote forecast.txt" << std::endl;
  return 0;
}
