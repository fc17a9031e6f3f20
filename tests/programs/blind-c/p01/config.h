#pragma once

#include <torch/torch.h>

#include <cstdint>
#include <string>

// Settings for the streaming speech recognizer. The acoustic model is a
// TorchScript export of a conformer-CTC network; the front end (STFT + mel)
// runs in C++ so that the server does not depend on torchaudio.
struct AsrConfig {
  std::string model_path = "models/conformer_ctc.pt";
  std::string vocab_path = "models/tokens.txt";

  int64_t sample_rate = 16000;
  int64_t n_fft = 400;        // 25 ms window
  int64_t hop_length = 160;   // 10 ms shift
  int64_t n_mels = 80;
  double f_min = 20.0;
  double f_max = 7600.0;
  double log_floor = 1e-6;

  int64_t warmup_iters = 5;
  int64_t warmup_seconds = 4;
  int64_t blank_id = 0;

  torch::Device device = torch::kCPU;
};
