#pragma once

#include <torch/torch.h>

#include <cstdint>
#include <string>

// Character-level GPT trained on a plain-text corpus.
struct LmConfig {
  std::string corpus = "data/tiny_corpus.txt";
  std::string checkpoint = "checkpoints/char_gpt.pt";

  int64_t block_size = 128;
  int64_t d_model = 256;
  int64_t heads = 8;
  int64_t layers = 4;
  double dropout = 0.1;

  int64_t batch_size = 32;
  int64_t max_steps = 5000;
  int64_t warmup_steps = 200;
  int64_t eval_every = 250;
  double lr = 3e-4;
  double weight_decay = 0.1;
  unsigned seed = 1234;
};

inline torch::Device pick_device(const std::string& flag) {
  if (flag == "cpu") return torch::Device(torch::kCPU);
  if (flag.rfind("cuda", 0) == 0) return torch::Device(flag);
  return torch::cuda::is_available() ? torch::Device(torch::kCUDA)
                                     : torch::Device(torch::kCPU);
}
