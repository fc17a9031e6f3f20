#pragma once

#include <torch/torch.h>

#include <cstdint>
#include <string>

// Settings of the line-level OCR model (CRNN + CTC). The device is filled in
// by main() from --cpu / torch::cuda::is_available().
struct OcrConfig {
  std::string train_manifest = "data/lines/train.tsv";
  std::string val_manifest = "data/lines/val.tsv";
  std::string alphabet = " abcdefghijklmnopqrstuvwxyz0123456789.,;:-'\"!?()";
  std::string checkpoint = "checkpoints/crnn.pt";

  int64_t line_height = 32;
  int64_t max_width = 320;
  int64_t hidden = 192;
  int64_t batch_size = 24;
  int64_t epochs = 12;
  double lr = 3e-4;
  double clip_norm = 5.0;
  float min_confidence = 0.35f;

  torch::Device device = torch::kCPU;
};
