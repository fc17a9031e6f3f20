#pragma once

#include <torch/torch.h>

#include <cstdint>
#include <vector>

// Small 1-D CNN over [B, channels, window] IMU windows.
struct HarNetImpl : torch::nn::Module {
  HarNetImpl(int64_t channels, int64_t num_classes)
      : conv1(torch::nn::Conv1dOptions(channels, 64, 5).padding(2)),
        bn1(64),
        conv2(torch::nn::Conv1dOptions(64, 128, 5).padding(2)),
        bn2(128),
        dropout(0.3),
        fc(128, num_classes) {
    register_module("conv1", conv1);
    register_module("bn1", bn1);
    register_module("conv2", conv2);
    register_module("bn2", bn2);
    register_module("dropout", dropout);
    register_module("fc", fc);
  }

  torch::Tensor forward(torch::Tensor x) {
    x = torch::relu(bn1(conv1(x)));
    x = torch::relu(bn2(conv2(x)));
    x = torch::max_pool1d(x, 2);
    x = x.mean(2);  // global average pooling -> [B, 128]
    return fc(dropout(x));
  }

  torch::nn::Conv1d conv1;
  torch::nn::BatchNorm1d bn1;
  torch::nn::Conv1d conv2;
  torch::nn::BatchNorm1d bn2;
  torch::nn::Dropout dropout;
  torch::nn::Linear fc;
};
TORCH_MODULE(HarNet);

// ---- training objectives and metrics (losses.cpp) ----

// Class-balanced weights from the effective number of samples:
// w_c = (1 - beta) / (1 - beta^n_c), normalised to sum to num_classes.
torch::Tensor class_balanced_weights(const std::vector<int64_t>& counts, double beta);

// Weighted negative log-likelihood of integer class targets.
torch::Tensor class_balanced_nll(const torch::Tensor& logits,
                                 const torch::Tensor& targets,
                                 const torch::Tensor& weights);

// Macro-averaged F1 from predictions and targets (any device).
double macro_f1(const torch::Tensor& pred, const torch::Tensor& target,
                int64_t num_classes);
