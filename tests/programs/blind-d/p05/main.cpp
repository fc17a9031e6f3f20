#include <torch/torch.h>

#include <iostream>
#include <string>
#include <vector>

#include "config.h"
#include "point_cloud.h"
#include "pointnet.h"
#include "trainer.h"

static PointNetCls build_classifier(const PointNetConfig& cfg,
                                    torch::Device device) {
  PointNetCls model(cfg.num_classes);
  model->to(device);
  return model;
}

int main(int argc, char** argv) {
  PointNetConfig cfg;
  bool cpu = false;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    if (a == "--cpu") cpu = true;
    else if (a == "--gpu" && i + 1 < argc) cfg.gpu = std::stoi(argv[++i]);
    else if (a == "--resume") cfg.resume = true;
    else if (a == "--data" && i + 1 < argc) cfg.data_root = argv[++i];
  }
  const torch::Device device =
      (!cpu && torch::cuda::is_available())
          ? torch::Device(torch::kCUDA, static_cast<c10::DeviceIndex>(cfg.gpu))
          : torch::Device(torch::kCPU);
  torch::manual_seed(3);

  PointCloudSet train(cfg.data_root, "train", cfg.num_points, 11);
  PointCloudSet test(cfg.data_root, "test", cfg.num_points, 12);
  std::cout << train.size() << " training clouds, " << test.size()
            << " test clouds, device " << device << "\n";

  PointNetTrainer trainer(build_classifier(cfg, device), cfg, device);
  if (cfg.resume) trainer.resume();

  double best = 0.0;
  for (int64_t epoch = 1; epoch <= cfg.epochs; ++epoch) {
    const double loss = trainer.train_epoch(train);
    trainer.step_scheduler();
    std::vector<std::vector<int64_t>> confusion(
        cfg.num_classes, std::vector<int64_t>(cfg.num_classes, 0));
    const double acc = trainer.evaluate(test, confusion);
    std::cout << "epoch " << epoch << " loss " << loss << " acc " << acc << "\n";
    if (acc > best) {
      best = acc;
      trainer.save();
    }
  }
  return 0;
}
