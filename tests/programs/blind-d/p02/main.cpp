#include <torch/torch.h>

#include <iostream>
#include <string>

#include "config.h"
#include "detector.h"
#include "sensor_windows.h"

int main(int argc, char** argv) {
  DetectorConfig cfg;
  bool force_cpu = false;
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    if (arg == "--cpu") force_cpu = true;
    if (arg == "--resume") cfg.resume = true;
    if (arg == "--live" && i + 1 < argc) cfg.monitor_csv = argv[++i];
  }
  const torch::Device device = select_device(force_cpu);
  std::cout << "device: " << device << "\n";

  AnomalyDetector detector(cfg, device);
  if (cfg.resume) {
    detector.load();
  } else {
    auto series = read_sensor_csv(cfg.train_csv, cfg.channels);
    auto windows = make_windows(series, cfg.window, cfg.stride);
    const int64_t n = windows.size(0);
    const int64_t n_val = static_cast<int64_t>(n * cfg.holdout);
    detector.fit(windows.narrow(0, 0, n - n_val));
    std::cout << "threshold "
              << detector.calibrate(windows.narrow(0, n - n_val, n_val))
              << "\n";
    detector.save();
  }

  auto live = read_sensor_csv(cfg.monitor_csv, cfg.channels);
  auto live_windows = make_windows(live, cfg.window, cfg.stride);
  const auto scores = detector.score(live_windows);
  const auto flags = detector.flag(live_windows);
  RollingAlarm<bool> alarm(8, 3);
  for (size_t i = 0; i < flags.size(); ++i) {
    const size_t step = i * static_cast<size_t>(cfg.stride);
    if (alarm.push(flags[i])) {
      std::cout << "ALARM at " << live.timestamps.at(step) << " score "
                << scores[i] << "\n";
    }
  }
  return 0;
}
