#pragma once

#include <torch/torch.h>

#include <string>

#include "config.h"
#include "crnn.h"
#include "ctc_decoder.h"
#include "line_dataset.h"

class Recognizer {
 public:
  explicit Recognizer(const OcrConfig& cfg);

  double train_epoch(const LineDataset& data);
  double evaluate_loss(const LineDataset& data);
  std::string transcribe(const LineImage& img);
  void save() const;

 private:
  torch::Tensor ctc(const torch::Tensor& log_probs, const LineBatch& batch,
                    const torch::Tensor& targets) const;

  OcrConfig cfg_;
  torch::Device device_;
  CRNN model_;
  torch::optim::Adam optimizer_;
  CtcGreedyDecoder decoder_;
};
