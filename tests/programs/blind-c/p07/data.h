#pragma once

#include <torch/torch.h>

#include <string>
#include <utility>
#include <vector>

using Batch = std::pair<torch::Tensor, torch::Tensor>;  // images, labels

// CIFAR-10 binary batches -> shuffled mini-batches of host tensors.
// Images are float [B, 3, 32, 32] normalised per channel, labels int64 [B].
std::vector<Batch> load_cifar_batches(const std::string& dir, bool train,
                                      int64_t batch_size, unsigned seed);

// Number of examples of each class in a list of batches.
std::vector<int64_t> count_labels(const std::vector<Batch>& batches,
                                  int64_t num_classes);
