#include <torch/torch.h>

#include <iostream>
#include <string>
#include <vector>

#include "image_prep.h"
#include "predictor.h"
#include "topk.h"

int main(int argc, char** argv) {
  std::string model = "models/shelf_resnet18.pt";
  bool prefer_gpu = true;
  int64_t image_size = 224;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    if (a == "--model" && i + 1 < argc) model = argv[++i];
    else if (a == "--cpu") prefer_gpu = false;
    else if (a == "--size" && i + 1 < argc) image_size = std::stoll(argv[++i]);
  }

  auto predictor = make_predictor(model, prefer_gpu);
  predictor->warm_up(image_size);
  std::cout << "serving on " << predictor->device() << "\n";

  std::vector<std::string> skus;
  for (int i = 0; i < 1000; ++i) skus.push_back("sku-" + std::to_string(i));

  // Synthetic frames stand in for the camera feed.
  std::vector<RgbImage> frames(3);
  for (size_t f = 0; f < frames.size(); ++f) {
    frames[f].width = 320;
    frames[f].height = 240;
    frames[f].pixels.assign(320 * 240 * 3, static_cast<uint8_t>(40 * f + 30));
  }
  std::vector<torch::Tensor> inputs;
  for (const auto& fr : frames) inputs.push_back(preprocess(fr, image_size));

  torch::NoGradGuard no_grad;
  auto batch = to_model_batch(inputs, predictor->device());
  auto ranked = top_k(predictor->logits(batch), skus, 3);
  for (size_t i = 0; i < ranked.size(); ++i) {
    std::cout << "frame " << i << ":";
    for (const auto& r : ranked[i]) std::cout << " " << r.first << "=" << r.second;
    std::cout << "\n";
  }
  return 0;
}
