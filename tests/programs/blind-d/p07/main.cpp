#include <torch/torch.h>

#include <iostream>
#include <string>

#include "config.h"
#include "keypoint_dataset.h"
#include "pose_trainer.h"

int main(int argc, char** argv) {
  PoseConfig cfg;
  const bool cpu_only = argc > 1 && std::string(argv[1]) == "--cpu";
  cfg.device = (!cpu_only && torch::cuda::is_available()) ? torch::kCUDA
                                                           : torch::kCPU;

  KeypointDataset train(cfg.train_list, cfg);
  KeypointDataset val(cfg.val_list, cfg);
  PoseTrainer trainer(cfg);
  std::cout << train.size() << " training crops on " << cfg.device << "\n";

  double best = 0.0;
  for (int64_t epoch = 1; epoch <= cfg.epochs; ++epoch) {
    const double loss = trainer.train_epoch(train);
    const double score = trainer.pck(val);
    std::cout << "epoch " << epoch << " loss " << loss << " PCK@"
              << cfg.pck_ratio << " " << score << "\n";
    if (score > best) {
      best = score;
      trainer.save();
    }
  }
  return 0;
}
