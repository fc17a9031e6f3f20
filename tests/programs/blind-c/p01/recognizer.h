#pragma once

#include <torch/script.h>
#include <torch/torch.h>

#include <string>
#include <vector>

#include "config.h"

struct Transcript {
  std::string text;
  std::vector<int64_t> token_ids;
  double latency_ms = 0.0;
};

class SpeechRecognizer {
 public:
  explicit SpeechRecognizer(AsrConfig cfg);

  // Runs a few dummy utterances so that cuDNN/cuFFT plans are built before
  // the first real request arrives.
  void warm_up();

  Transcript transcribe(const std::vector<float>& samples);

 private:
  torch::Tensor log_mel(const torch::Tensor& wave);
  std::vector<int64_t> greedy_ctc(const torch::Tensor& log_probs) const;
  void load_vocab();

  AsrConfig cfg_;
  torch::jit::script::Module model_;
  torch::Tensor mel_fb_;
  torch::Tensor window_;
  std::vector<std::string> vocab_;
};
