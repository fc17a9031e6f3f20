#pragma once

#include <torch/torch.h>

#include <cstdint>
#include <string>

// Grapheme-to-phoneme model for the TTS front end's out-of-vocabulary words
// (attention encoder-decoder over a CMUdict-style lexicon).
struct G2pConfig {
  std::string train_lexicon = "data/lexicon_train.dict";
  std::string dev_lexicon = "data/lexicon_dev.dict";
  std::string checkpoint = "checkpoints/g2p.pt";
  int64_t max_word_len = 24, max_pron_len = 24;
  int64_t embed = 64, hidden = 256;
  int64_t batch_size = 128, epochs = 30;
  double lr = 1e-3;
  torch::Device device = torch::kCPU;
};

constexpr int64_t kPad = 0, kSos = 1, kEos = 2;  // shared by both alphabets

inline torch::Device pick_device() {
  return torch::cuda::is_available() ? torch::Device(torch::kCUDA, 0) : torch::Device(torch::kCPU);
}
