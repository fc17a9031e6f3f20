#pragma once

#include <torch/torch.h>

#include <cstdint>
#include <string>

// Extractive question answering over the support knowledge base: a small
// ALiBi transformer encoder trained from scratch on pre-tokenised features.
struct QaConfig {
  std::string train_file = "data/kb_qa_train.bin";
  std::string dev_file = "data/kb_qa_dev.bin";
  std::string checkpoint = "checkpoints/kb_reader.pt";
  int64_t vocab_size = 16000, max_len = 256;
  int64_t d_model = 256, heads = 8, layers = 4, ffn = 1024;
  double dropout = 0.1;
  int64_t batch_size = 32, epochs = 4;
  double lr = 3e-4;
  int64_t warmup_steps = 400;
  torch::Device device = torch::kCPU;
};

inline torch::Device default_device() {
  return torch::cuda::is_available() ? torch::Device(torch::kCUDA) : torch::Device(torch::kCPU);
}
