// Object detector service: scripted model run in fp16; frames are resized to
// the network's input size when the camera does not deliver it already.
#include <torch/script.h>
#include <torch/torch.h>

#include <iostream>
#include <string>
#include <vector>

namespace F = torch::nn::functional;

constexpr int64_t kSize = 320;

torch::Tensor detect(torch::jit::Module& model, std::vector<float>& frame,
                     int64_t h, int64_t w, torch::Device device) {
  torch::NoGradGuard no_grad;
  auto x = torch::from_blob(frame.data(), {1, 3, h, w}).clone().to(device);
  if (h != kSize || w != kSize) {
    x = F::interpolate(x, F::InterpolateFuncOptions()
                              .size(std::vector<int64_t>{kSize, kSize})
                              .mode(torch::kBilinear)
                              .align_corners(false))
            .to(torch::kHalf);
  }
  auto out = model.forward({x}).toTensor();
  return out.to(torch::kFloat).cpu();
}

int main(int argc, char** argv) {
  if (argc < 2) {
    std::cerr << "usage: detector model.pt\n";
    return 2;
  }
  torch::Device device(torch::cuda::is_available() ? torch::kCUDA : torch::kCPU);
  auto model = torch::jit::load(argv[1]);
  model.to(device, torch::kHalf);
  model.eval();

  std::vector<float> frame(3 * kSize * kSize, 0.5f);
  auto boxes = detect(model, frame, kSize, kSize, device);
  std::cout << "detections " << boxes.size(0) << "\n";
  return 0;
}
