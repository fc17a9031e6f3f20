#include <torch/torch.h>

#include <iostream>
#include <string>

#include "config.h"
#include "vae_trainer.h"

int main(int argc, char** argv) {
  Runtime rt;
  bool cpu = false;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    if (a == "--resume") rt.cfg.resume = true;
    if (a == "--cpu") cpu = true;
    if (a == "--run" && i + 1 < argc) rt.cfg.run_dir = argv[++i];
  }
  if (!cpu && torch::cuda::is_available()) rt.device = torch::Device("cuda:0");
  torch::manual_seed(0);

  torch::data::datasets::MNIST mnist(rt.cfg.mnist_root);
  const torch::Tensor images = mnist.images();  // [60000, 1, 28, 28], host

  VaeTrainer trainer(rt);
  for (int64_t epoch = trainer.start_epoch(); epoch <= rt.cfg.epochs; ++epoch) {
    const double loss = trainer.train_epoch(images, epoch);
    std::cout << "epoch " << epoch << " loss/sample " << loss << "\n";
    trainer.write_latent_walk(
        rt.cfg.run_dir + "/walk_" + std::to_string(epoch) + ".pgm", 10);
  }
  return 0;
}
