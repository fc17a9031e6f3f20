// Clean: a CPU-only program (Config fixes the device to kCPU), so unmoved labels and a prior made by a factory without a device all share the CPU; dtypes match (int32 labels cast to Long, float data as kFloat, data_ptr<float> on Float).
#include <torch/torch.h>
#include <cmath>
#include <iostream>
#include <vector>
#include "config.h"
#include "trainer.h"

int main() {
  Config cfg;
  const int64_t n = 64;
  std::vector<float> samples;
  std::vector<int32_t> labels;
  for (int64_t i = 0; i < n; ++i) {
    int32_t cls = static_cast<int32_t>(i % cfg.classes);
    labels.push_back(cls);
    for (int64_t c = 0; c < cfg.channels; ++c)
      for (int64_t t = 0; t < cfg.window; ++t)
        samples.push_back(std::sin(0.3f * static_cast<float>(t) * static_cast<float>(cls + 1)) + 0.05f * c);
  }
  SensorTrainer trainer(cfg);
  for (int64_t e = 0; e < cfg.epochs; ++e) std::cout << "epoch " << e << " nll " << trainer.epoch(samples, labels) << "\n";
  auto conf = trainer.confidences(samples);
  std::cout << "first confidence " << conf.front() << " of " << conf.size() << "\n";
  return 0;
}
