#include <torch/torch.h>

#include <cmath>
#include <iostream>
#include <memory>
#include <string>
#include <vector>

#include "backend.h"
#include "audio_features.h"
#include "postprocess.h"

// Request-level facade: PCM clips in, keyword decisions out.
class KeywordSpotter {
 public:
  KeywordSpotter(std::unique_ptr<KwsBackend> backend, FeatureSpec spec,
                 std::vector<std::string> keywords, double threshold);

  std::vector<Detection> detect(const std::vector<std::vector<float>>& clips);
  const KwsBackend& backend() const { return *backend_; }

 private:
  std::unique_ptr<KwsBackend> backend_;
  FeatureSpec spec_;
  std::vector<std::string> keywords_;
  double threshold_;
};

KeywordSpotter::KeywordSpotter(std::unique_ptr<KwsBackend> backend,
                               FeatureSpec spec,
                               std::vector<std::string> keywords,
                               double threshold)
    : backend_(std::move(backend)),
      spec_(spec),
      keywords_(std::move(keywords)),
      threshold_(threshold) {
  backend_->warm_up(spec_, /*iterations=*/3);
}

std::vector<Detection> KeywordSpotter::detect(
    const std::vector<std::vector<float>>& clips) {
  torch::NoGradGuard no_grad;
  std::vector<torch::Tensor> feats;
  feats.reserve(clips.size());
  for (const auto& pcm : clips) feats.push_back(log_filterbank(pcm, spec_));
  auto batch = make_batch(feats).to(backend_->device());
  auto logits = backend_->run(batch);
  return decide(logits, keywords_, threshold_);
}

int main(int argc, char** argv) {
  std::string model = "models/kws_dscnn.pt";
  std::string kind = torch::cuda::is_available() ? "cuda" : "cpu";
  double threshold = 0.7;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    if (a == "--model" && i + 1 < argc) model = argv[++i];
    else if (a == "--backend" && i + 1 < argc) kind = argv[++i];
    else if (a == "--threshold" && i + 1 < argc) threshold = std::stod(argv[++i]);
  }

  const std::vector<std::string> keywords = {
      "_silence_", "_unknown_", "yes", "no", "up", "down",
      "left", "right", "on", "off", "stop", "go"};
  KeywordSpotter spotter(make_backend(kind, model), FeatureSpec{}, keywords,
                         threshold);
  std::cout << "backend: " << spotter.backend().name() << "\n";

  // two synthetic clips: a 440 Hz tone and silence
  std::vector<std::vector<float>> clips(2, std::vector<float>(16000, 0.f));
  for (size_t i = 0; i < clips[0].size(); ++i) {
    clips[0][i] = 0.3f * static_cast<float>(std::sin(2.0 * M_PI * 440.0 * i / 16000.0));
  }
  for (const auto& d : spotter.detect(clips)) {
    std::cout << (d.keyword.empty() ? "-" : d.keyword) << " " << d.confidence
              << "\n";
  }
  return 0;
}
