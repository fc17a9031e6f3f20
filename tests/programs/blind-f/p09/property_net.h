#pragma once

#include <torch/torch.h>

#include <cstdint>

// Two-branch MLP: a wide fingerprint branch and a small descriptor branch,
// concatenated into a shared trunk with one output per task.
struct PropertyNetImpl : torch::nn::Module {
  PropertyNetImpl(int64_t fp_bits, int64_t num_desc, int64_t hidden,
                  int64_t num_tasks, double dropout)
      : fp_in(fp_bits, hidden),
        desc_in(num_desc, 64),
        trunk(hidden + 64, hidden / 2),
        head(hidden / 2, num_tasks),
        drop(dropout) {
    register_module("fp_in", fp_in);
    register_module("desc_in", desc_in);
    register_module("trunk", trunk);
    register_module("head", head);
    register_module("drop", drop);
  }

  torch::Tensor forward(const torch::Tensor& fingerprints, const torch::Tensor& desc) {
    auto a = drop(torch::relu(fp_in(fingerprints)));
    auto b = torch::relu(desc_in(desc));  //@bug P09A torch-dtype-mismatch
    auto h = drop(torch::relu(trunk(torch::cat({a, b}, 1))));
    return head(h);
  }

  torch::nn::Linear fp_in, desc_in, trunk, head;
  torch::nn::Dropout drop;
};
TORCH_MODULE(PropertyNet);
