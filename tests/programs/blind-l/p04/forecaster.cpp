#include "forecaster.h"

namespace wx {

Forecaster::Forecaster(const std::string& model_path, torch::Device device,
                       Normalizer normalizer)
    : device_(device),
      module_(torch::jit::load(model_path, device)),
      normalizer_(std::move(normalizer)) {
  module_.eval();
}

Forecast Forecaster::predict(const torch::Tensor& history, const torch::Tensor& station_meta) {
  torch::NoGradGuard no_grad;
  auto x = history.to(device_);
  x = (x - normalizer_.mean()) / normalizer_.stddev();

  std::vector<torch::jit::IValue> inputs{x, station_meta.to(device_)};
  auto output = module_.forward(inputs).toTuple();
  auto mean_z = output->elements()[0].toTensor().cpu();
  auto log_var = output->elements()[1].toTensor().cpu();

  Forecast forecast;
  forecast.mean_c = normalizer_.temperature(mean_z);
  forecast.spread_c = torch::exp(0.5 * log_var) * normalizer_.stddev()[0];
  return forecast;
}

}  // namespace wx
