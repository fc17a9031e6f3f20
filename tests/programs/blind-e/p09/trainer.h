#pragma once

#include <torch/torch.h>

#include "config.h"
#include "encoder.h"
#include "patch_dataset.h"

// NT-Xent (normalised temperature-scaled cross entropy) over 2B projections;
// z1[i] and z2[i] are the positive pair. Implemented in losses.cpp.
torch::Tensor nt_xent(const torch::Tensor& z1, const torch::Tensor& z2,
                      double temperature);

class SimClrTrainer {
 public:
  SimClrTrainer(const SimClrConfig& cfg, torch::Device device);
  double train_epoch(PatchDataset& data);
  void export_encoder() { torch::save(model_->encoder, cfg_.encoder_out); }

 private:
  // RGB -> H&E concentrations (colour deconvolution), [B, 3, H, W].
  torch::Tensor deconvolve(const torch::Tensor& rgb) const;

  SimClrConfig cfg_;
  torch::Device device_;
  SimClrNet model_;
  torch::Tensor stain_inv_;
  torch::optim::Adam optimizer_;
};
