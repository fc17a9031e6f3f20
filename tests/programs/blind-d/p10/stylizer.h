#pragma once

#include <torch/torch.h>

#include <string>
#include <vector>

#include "config.h"
#include "networks.h"

class Stylizer {
 public:
  explicit Stylizer(const StyleConfig& cfg);

  // content: host [B, 3, S, S] in [0, 1]; returns the total loss
  double train_step(const torch::Tensor& content);
  // Stylises one image file and writes the result as PPM.
  void stylize_file(const std::string& in_path, const std::string& out_path);
  void save() const { torch::save(net_, cfg_.output); }

 private:
  StyleConfig cfg_;
  torch::Device device_;
  TransformerNet net_;
  VGGFeatures vgg_;
  torch::optim::Adam optimizer_;
  std::vector<torch::Tensor> style_grams_;
};
