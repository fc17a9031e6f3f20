#include <torch/torch.h>
#include <iostream>
#include "data.h"
#include "regressor.h"

int main() {
  torch::Device device = torch::kCPU;
  if (torch::cuda::is_available()) device = torch::Device(torch::kCUDA, 0);

  CsvTable table(synthetic_csv(200));
  auto x = table.features();
  auto y = table.targets();
  Regressor reg(table.cols(), device);
  for (int epoch = 0; epoch < 50; ++epoch) {
    double loss = reg.fit_epoch(x, y);
    if (epoch % 10 == 0) std::cout << "epoch " << epoch << " mse " << loss << "\n";
  }
  std::cout << "prediction " << reg.predict_one({0.5, 0.2, 1.0}) << "\n";
  return 0;
}
