#include "recognizer.h"

#include <chrono>
#include <fstream>
#include <iostream>

#include "mel_frontend.h"

SpeechRecognizer::SpeechRecognizer(AsrConfig cfg) : cfg_(std::move(cfg)) {
  model_ = torch::jit::load(cfg_.model_path);  //@bug P01B torch-load-without-device|torch-device-mismatch
  model_.eval();

  mel_fb_ = make_mel_filterbank(cfg_.n_fft, cfg_.n_mels, cfg_.sample_rate,  //@bug P01A torch-device-mismatch
                                cfg_.f_min, cfg_.f_max);
  window_ = torch::hann_window(
      cfg_.n_fft, torch::TensorOptions().dtype(torch::kFloat).device(cfg_.device));
  load_vocab();
}

void SpeechRecognizer::load_vocab() {
  std::ifstream in(cfg_.vocab_path);
  std::string token;
  while (in >> token) {
    vocab_.push_back(token);
  }
  if (vocab_.empty()) {
    vocab_.push_back("<blank>");
  }
}

torch::Tensor SpeechRecognizer::log_mel(const torch::Tensor& wave) {
  // wave: [B, T] on cfg_.device
  auto spec = torch::stft(wave, cfg_.n_fft, cfg_.hop_length, cfg_.n_fft,
                          window_, /*center=*/true, "reflect",
                          /*normalized=*/false, /*onesided=*/true,
                          /*return_complex=*/true);
  auto power = spec.abs().pow(2);              // [B, F, frames]
  auto mel = torch::matmul(mel_fb_, power);    //@bug P01A torch-device-mismatch
  auto logmel = torch::log(mel.clamp_min(cfg_.log_floor));
  // per-utterance mean/variance normalisation over time
  auto mean = logmel.mean(-1, /*keepdim=*/true);
  auto std = logmel.std(-1, /*unbiased=*/true, /*keepdim=*/true);
  return ((logmel - mean) / (std + 1e-5)).transpose(1, 2);  // [B, frames, M]
}

std::vector<int64_t> SpeechRecognizer::greedy_ctc(
    const torch::Tensor& log_probs) const {
  auto best = log_probs.argmax(-1).squeeze(0).cpu();  // [frames], int64
  auto acc = best.accessor<int64_t, 1>();
  std::vector<int64_t> ids;
  int64_t prev = -1;
  for (int64_t t = 0; t < acc.size(0); ++t) {
    const int64_t id = acc[t];
    if (id != prev && id != cfg_.blank_id) {
      ids.push_back(id);
    }
    prev = id;
  }
  return ids;
}

Transcript SpeechRecognizer::transcribe(const std::vector<float>& samples) {
  torch::NoGradGuard no_grad;
  const auto start = std::chrono::steady_clock::now();

  auto wave = torch::from_blob(const_cast<float*>(samples.data()),
                               {1, static_cast<int64_t>(samples.size())},
                               torch::kFloat)
                  .to(cfg_.device);
  auto feats = log_mel(wave);
  std::vector<torch::jit::IValue> inputs{feats};
  auto log_probs = model_.forward(inputs).toTensor();  //@bug P01B torch-device-mismatch

  Transcript out;
  out.token_ids = greedy_ctc(log_probs);
  for (int64_t id : out.token_ids) {
    if (id >= 0 && id < static_cast<int64_t>(vocab_.size())) {
      out.text += vocab_[id];
    }
  }
  const auto stop = std::chrono::steady_clock::now();
  out.latency_ms =
      std::chrono::duration<double, std::milli>(stop - start).count();
  return out;
}

void SpeechRecognizer::warm_up() {
  for (int64_t i = 0; i < cfg_.warmup_iters; ++i) {
    auto audio = synth_chirp(cfg_.sample_rate, cfg_.warmup_seconds,
                             static_cast<unsigned>(i));
    auto t = transcribe(audio);
    std::cout << "warm-up " << i << ": " << t.latency_ms << " ms, "
              << t.token_ids.size() << " tokens\n";
  }
}
