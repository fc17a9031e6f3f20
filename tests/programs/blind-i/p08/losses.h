#pragma once

#include <torch/torch.h>

torch::Tensor tagging_loss(const torch::Tensor& logits, const torch::Tensor& labels);

// QCD rejection 1 / eps_B at a fixed efficiency for signal_class; host tensors.
double background_rejection(const torch::Tensor& scores, const torch::Tensor& labels,
                            int64_t signal_class, double signal_efficiency);
