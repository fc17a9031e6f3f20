#include <torch/torch.h>

#include <iostream>
#include <string>
#include <vector>

#include "embedder.h"
#include "enrollment.h"
#include "fbank.h"

// Speaker verification service: who is speaking in this utterance, and is the
// cosine score above the acceptance threshold?
int main(int argc, char** argv) {
  const std::string model_path = argc > 1 ? argv[1] : "models/ecapa_tdnn.pt";
  const std::string enroll_path = argc > 2 ? argv[2] : "data/enrolled.bin";
  const std::string wav_path = argc > 3 ? argv[3] : "data/query.wav";
  const double threshold = argc > 4 ? std::stod(argv[4]) : 0.62;

  auto embedder = make_embedder(model_path, /*prefer_gpu=*/true);
  std::cout << "embedder backend: " << embedder->name() << "\n";

  EnrollmentStore store;
  store.load(enroll_path);
  if (store.size() == 0) {
    std::cerr << "no enrolled speakers\n";
    return 1;
  }

  FbankExtractor fbank{FbankOptions{}};
  std::vector<int16_t> pcm = read_pcm16(wav_path);
  std::vector<double> samples(pcm.size());
  for (size_t i = 0; i < pcm.size(); ++i) samples[i] = pcm[i] / 32768.0;
  const auto n = static_cast<int64_t>(samples.size());
  auto wave = torch::from_blob(samples.data(), {n}, torch::kFloat64).clone();  //@bug P01B torch-dtype-mismatch
  auto feats = fbank.compute(wave);  //@bug P01B torch-dtype-mismatch

  auto batch = feats.unsqueeze(0).to(embedder->device());
  auto emb = embedder->embed(batch);  // [1, D] on the embedder's device
  auto enrolled = store.matrix();     //@bug P01A torch-device-mismatch
  auto scores = torch::matmul(emb, enrolled.t()).squeeze(0);  //@bug P01A torch-device-mismatch

  auto best = scores.max(0);
  const float score = std::get<0>(best).item<float>();
  const int64_t who = std::get<1>(best).item<int64_t>();
  if (score >= threshold) {
    std::cout << "accepted: " << store.name(static_cast<size_t>(who))
              << " (cosine " << score << ")\n";
  } else {
    std::cout << "rejected: best match " << store.name(static_cast<size_t>(who))
              << " (cosine " << score << " < " << threshold << ")\n";
  }
  return 0;
}
