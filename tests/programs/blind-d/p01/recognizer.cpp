#include "recognizer.h"

#include <algorithm>

namespace F = torch::nn::functional;

Recognizer::Recognizer(const OcrConfig& cfg)
    : cfg_(cfg),
      device_(cfg.device),
      model_(static_cast<int64_t>(cfg.alphabet.size()) + 1, cfg.hidden),
      optimizer_(model_->parameters(), torch::optim::AdamOptions(cfg.lr)),
      decoder_(cfg.alphabet, cfg.min_confidence) {
  model_->to(device_);
}

torch::Tensor Recognizer::ctc(const torch::Tensor& log_probs,
                              const LineBatch& batch,
                              const torch::Tensor& targets) const {
  const int64_t T = log_probs.size(0);
  const int64_t B = log_probs.size(1);
  // Every line is padded to max_width, so all sequences have T frames.
  // ctc_loss copies the length tensors to the host itself.
  auto input_lengths = torch::full({B}, T, torch::kLong);
  return F::ctc_loss(log_probs, targets, input_lengths, batch.target_lengths,
                     F::CTCLossFuncOptions().blank(0).zero_infinity(true));
}

double Recognizer::train_epoch(const LineDataset& data) {
  model_->train();
  double total = 0.0;
  int64_t steps = 0;
  const auto bs = static_cast<size_t>(cfg_.batch_size);
  for (size_t start = 0; start < data.size(); start += bs) {
    LineBatch batch = data.batch(start, bs);
    auto images = batch.images.to(device_, /*non_blocking=*/true);
    auto targets = batch.targets.to(device_);

    optimizer_.zero_grad();
    auto log_probs = model_->forward(images);
    auto loss = ctc(log_probs, batch, targets);
    loss.backward();
    torch::nn::utils::clip_grad_norm_(model_->parameters(), cfg_.clip_norm);
    optimizer_.step();

    total += loss.item<double>();
    ++steps;
  }
  return steps ? total / static_cast<double>(steps) : 0.0;
}

double Recognizer::evaluate_loss(const LineDataset& data) {
  torch::NoGradGuard no_grad;
  model_->eval();
  double total = 0.0;
  int64_t steps = 0;
  const auto bs = static_cast<size_t>(cfg_.batch_size);
  for (size_t start = 0; start < data.size(); start += bs) {
    LineBatch batch = data.batch(start, bs);
    auto log_probs = model_->forward(batch.images.to(device_));
    total += ctc(log_probs, batch, batch.targets.to(device_)).item<double>();
    ++steps;
  }
  return steps ? total / static_cast<double>(steps) : 0.0;
}

std::string Recognizer::transcribe(const LineImage& img) {
  torch::NoGradGuard no_grad;
  model_->eval();
  auto x = preprocess_line(img, cfg_.line_height, cfg_.max_width).unsqueeze(0);  //@bug P01A torch-device-mismatch
  auto log_probs = model_->forward(x);  //@bug P01A torch-device-mismatch
  return decoder_.decode(log_probs).front();
}

void Recognizer::save() const { torch::save(model_, cfg_.checkpoint); }
