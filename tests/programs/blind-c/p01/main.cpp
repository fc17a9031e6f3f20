#include <torch/torch.h>

#include <cstring>
#include <fstream>
#include <iostream>
#include <iterator>
#include <vector>

#include "config.h"
#include "recognizer.h"

namespace {

std::vector<float> read_pcm_f32(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::vector<char> bytes((std::istreambuf_iterator<char>(in)),
                          std::istreambuf_iterator<char>());
  std::vector<float> samples(bytes.size() / sizeof(float));
  std::memcpy(samples.data(), bytes.data(), samples.size() * sizeof(float));
  return samples;
}

}  // namespace

int main(int argc, char** argv) {
  AsrConfig cfg;
  bool force_cpu = false;
  std::vector<std::string> files;
  for (int i = 1; i < argc; ++i) {
    if (std::strcmp(argv[i], "--cpu") == 0) {
      force_cpu = true;
    } else if (std::strcmp(argv[i], "--model") == 0 && i + 1 < argc) {
      cfg.model_path = argv[++i];
    } else {
      files.emplace_back(argv[i]);
    }
  }
  cfg.device = (!force_cpu && torch::cuda::is_available())
                   ? torch::Device(torch::kCUDA)
                   : torch::Device(torch::kCPU);
  std::cout << "ASR on " << cfg.device << "\n";

  SpeechRecognizer recognizer(cfg);
  recognizer.warm_up();

  for (const auto& f : files) {
    auto pcm = read_pcm_f32(f);
    auto result = recognizer.transcribe(pcm);
    std::cout << f << "\t" << result.text << "\t(" << result.latency_ms
              << " ms)\n";
  }
  return 0;
}
