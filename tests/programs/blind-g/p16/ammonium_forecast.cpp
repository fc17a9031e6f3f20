#include "scada_window.h"

#include <torch/script.h>
#include <torch/torch.h>

#include <algorithm>
#include <iostream>

// Runs on the fanless box in the plant's control cabinet (no GPU): forecasts
// effluent ammonium for the next 4 hours so the blower set-point can be raised
// ahead of a load peak.
int main(int argc, char** argv) {
  if (argc != 2) {
    std::cerr << "usage: nh4_forecast MODEL.pt < scada.csv\n";
    return 2;
  }
  const torch::Device device(torch::kCPU);
  torch::jit::script::Module model = torch::jit::load(argv[1], device);
  model.eval();
  torch::set_num_threads(2);

  double stats[2 * kSensors] = {2.0, 1.5, 6.0, 850.0, 41.0, 14.0,   // mean
                                0.8, 1.1, 2.5, 300.0, 9.0, 4.0};    // std
  torch::Tensor stats_t = torch::from_blob(stats, {2, kSensors}, torch::device(torch::kCPU).dtype(torch::kFloat64))
                              .to(torch::kFloat32)
                              .contiguous();
  const float* mean = stats_t.data_ptr<float>();
  const float* stdv = mean + kSensors;

  ScadaWindow window;
  std::string line;
  std::getline(std::cin, line);  // header
  int64_t row = 0;
  while (std::getline(std::cin, line)) {
    if (!window.push_csv_line(line) || !window.full()) continue;
    std::vector<float> x = window.normalised(mean, stdv);
    torch::NoGradGuard no_grad;
    torch::Tensor input = torch::from_blob(x.data(), {1, kSteps, kSensors},
                                           torch::TensorOptions().dtype(torch::kFloat32).device(device));
    torch::Tensor forecast = model.forward({input}).toTensor().squeeze(0).contiguous();  // [16] mg/l
    const float* f = forecast.data_ptr<float>();
    float peak = f[0];
    for (int64_t k = 1; k < forecast.numel(); ++k) peak = std::max(peak, f[k]);
    if (peak > 4.0f) {
      std::cout << "row " << row << ": ammonium forecast peaks at " << peak
                << " mg/l within 4 h, raise DO set-point\n";
    }
    ++row;
  }
  return 0;
}
