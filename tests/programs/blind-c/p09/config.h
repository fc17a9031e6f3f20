#pragma once

#include <torch/torch.h>

#include <cstdint>
#include <string>

// Conditional GAN with a projection-free critic that sees the class as extra
// one-hot input planes. Hinge loss, separate Adam optimisers.
class GanOptions {
 public:
  GanOptions() = default;

  torch::Device device() const { return device_; }
  void set_device(torch::Device d) { device_ = d; }

  int64_t z_dim = 100;
  int64_t num_classes = 10;
  int64_t image_size = 28;
  int64_t channels = 1;
  int64_t g_width = 64;
  int64_t d_width = 64;

  int64_t batch_size = 64;
  int64_t epochs = 25;
  int64_t critic_steps = 1;
  double g_lr = 2e-4;
  double d_lr = 2e-4;
  double beta1 = 0.0;
  double beta2 = 0.9;

  std::string images_path = "data/train-images-idx3-ubyte";
  std::string labels_path = "data/train-labels-idx1-ubyte";
  std::string out_dir = "out";

 private:
  torch::Device device_ = torch::kCPU;
};
