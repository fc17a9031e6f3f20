#include <torch/torch.h>

#include <cstdlib>
#include <iostream>
#include <string>

#include "options.h"
#include "wgan_trainer.h"

int main(int argc, char** argv) {
  TrainOptions opts;
  if (argc > 1) opts.iterations = std::atoll(argv[1]);
  if (argc > 2) opts.out_dir = argv[2];
  opts.device = torch::cuda::is_available() ? torch::Device(torch::kCUDA)
                                            : torch::Device(torch::kCPU);
  torch::manual_seed(1);

  std::cout << "WGAN-GP on " << opts.device << ", " << opts.iterations
            << " iterations" << std::endl;
  WGANTrainer trainer(opts);
  trainer.train();
  return 0;
}
