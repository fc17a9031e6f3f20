#include <torch/torch.h>

#include <iostream>
#include <string>

#include "config.h"
#include "line_dataset.h"
#include "recognizer.h"

int main(int argc, char** argv) {
  OcrConfig cfg;
  bool force_cpu = false;
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    if (arg == "--cpu") force_cpu = true;
    else if (arg == "--epochs" && i + 1 < argc) cfg.epochs = std::stoll(argv[++i]);
    else if (arg == "--train" && i + 1 < argc) cfg.train_manifest = argv[++i];
    else if (arg == "--val" && i + 1 < argc) cfg.val_manifest = argv[++i];
  }
  cfg.device = (!force_cpu && torch::cuda::is_available())
                   ? torch::Device(torch::kCUDA)
                   : torch::Device(torch::kCPU);
  std::cout << "training on " << cfg.device << "\n";

  LineDataset train(cfg.train_manifest, cfg);
  LineDataset val(cfg.val_manifest, cfg);
  Recognizer rec(cfg);

  double best = 1e30;
  for (int64_t epoch = 1; epoch <= cfg.epochs; ++epoch) {
    const double tr = rec.train_epoch(train);
    const double va = rec.evaluate_loss(val);
    std::cout << "epoch " << epoch << " ctc " << tr << " val " << va << "\n";
    for (size_t i = 0; i < std::min<size_t>(3, val.size()); ++i) {
      std::cout << "  gt:   " << val.sample(i).text << "\n"
                << "  pred: " << rec.transcribe(val.sample(i).image) << "\n";
    }
    if (va < best) {
      best = va;
      rec.save();
    }
  }
  return 0;
}
