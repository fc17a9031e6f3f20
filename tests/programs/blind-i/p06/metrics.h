#pragma once

#include <torch/torch.h>

// Area under the ROC curve of predicted probabilities against 0/1 labels
// (Mann-Whitney U with average ranks for ties). Both [N] float32.
double roc_auc(const torch::Tensor& scores, const torch::Tensor& labels);

// Accuracy of thresholding the probabilities at 0.5.
double accuracy(const torch::Tensor& scores, const torch::Tensor& labels);
