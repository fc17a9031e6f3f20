#include <torch/torch.h>

#include <iostream>
#include <string>

#include "config.h"
#include "digits_loader.h"
#include "gan_trainer.h"

int main(int argc, char** argv) {
  GanOptions opts;
  std::string device_name;
  for (int i = 1; i + 1 < argc; i += 2) {
    const std::string key = argv[i];
    if (key == "--device") device_name = argv[i + 1];
    if (key == "--epochs") opts.epochs = std::stoll(argv[i + 1]);
    if (key == "--data") {
      opts.images_path = std::string(argv[i + 1]) + "/train-images-idx3-ubyte";
      opts.labels_path = std::string(argv[i + 1]) + "/train-labels-idx1-ubyte";
    }
  }
  if (!device_name.empty()) {
    opts.set_device(torch::Device(device_name));
  } else if (torch::cuda::is_available()) {
    opts.set_device(torch::Device(torch::kCUDA));
  }
  torch::manual_seed(0);
  std::cout << "cGAN on " << opts.device() << "\n";

  DigitsLoader loader(opts.images_path, opts.labels_path, opts.batch_size, 42);
  GanTrainer trainer(opts);
  trainer.run(loader);
  return 0;
}
