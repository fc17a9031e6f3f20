#include <torch/torch.h>

#include <iostream>
#include <string>

#include "augment.h"
#include "config.h"
#include "trainer.h"

int main(int argc, char** argv) {
  SimClrConfig cfg;
  int gpu = 0;
  for (int i = 1; i + 1 < argc; i += 2) {
    const std::string key = argv[i];
    if (key == "--gpu") gpu = std::stoi(argv[i + 1]);
    if (key == "--resume") cfg.resume_from = argv[i + 1];
    if (key == "--epochs") cfg.epochs = std::stoll(argv[i + 1]);
  }
  if (torch::cuda::is_available() && gpu >= 0 &&
      gpu < static_cast<int>(torch::cuda::device_count())) {
    cfg.device = torch::Device(torch::kCUDA, static_cast<c10::DeviceIndex>(gpu));
  }

  auto unlabeled = load_float_images(cfg.unlabeled_path, cfg.image_size);
  auto labeled = load_float_images(cfg.labeled_path, cfg.image_size);
  auto labels = load_labels(cfg.labels_path);
  std::cout << unlabeled.size(0) << " unlabeled, " << labeled.size(0)
            << " labelled images, device " << cfg.device << "\n";

  ContrastiveTrainer trainer(cfg);
  for (int64_t epoch = 1; epoch <= cfg.epochs; ++epoch) {
    const double loss = trainer.train_epoch(unlabeled);
    std::cout << "epoch " << epoch << "  nt-xent " << loss;
    if (epoch % 10 == 0) {
      std::cout << "  kNN acc " << trainer.knn_accuracy(labeled, labels);
      trainer.checkpoint("simclr_epoch" + std::to_string(epoch) + ".pt");
    }
    std::cout << "\n";
  }
  return 0;
}
