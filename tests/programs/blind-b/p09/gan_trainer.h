#pragma once

#include <torch/script.h>
#include <torch/torch.h>

#include "checkpoint.h"
#include "image_folder.h"
#include "networks.h"
#include "options.h"

class GanTrainer {
 public:
  explicit GanTrainer(const GanOptions& options);

  void train();
  double feature_distance(int64_t samples);

  torch::Device device() const { return device_; }
  DCGenerator& generator() { return generator_; }

 private:
  void train_step(const torch::Tensor& real, double& d_loss, double& g_loss);
  void write_ppm(const torch::Tensor& images, const std::string& path) const;

  GanOptions options_;
  torch::Device device_;
  DCGenerator generator_;
  DCDiscriminator discriminator_;
  torch::optim::Adam gen_opt_;
  torch::optim::Adam disc_opt_;
  CheckpointPaths paths_;
  torch::Tensor fixed_noise_;
};
