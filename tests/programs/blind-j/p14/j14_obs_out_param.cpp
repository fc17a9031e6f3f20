// Atari-style observation encoder: writes the network input into the caller's tensor.
#include <torch/torch.h>

#include <cstdint>
#include <iostream>
#include <vector>

namespace rl {

struct Observation {
  int64_t height;
  int64_t width;
  int64_t channels;
  std::vector<uint8_t> raw;  // HWC, 0..255
};

bool observation_to_tensor(const Observation& obs, torch::Tensor& out) {
  if (obs.raw.size() != static_cast<size_t>(obs.height * obs.width * obs.channels)) {
    return false;
  }
  std::vector<float> planes(obs.raw.size());
  for (size_t i = 0; i < obs.raw.size(); ++i) {
    planes[i] = static_cast<float>(obs.raw[i]) / 255.0f;
  }
  auto flat = torch::from_blob(static_cast<void*>(planes.data()), {static_cast<int64_t>(planes.size())});  //@bug J14 torch-from-blob-lifetime
  auto hwc = flat.view({obs.height, obs.width, obs.channels});
  auto chw = hwc.permute({2, 0, 1});
  out = chw;
  return true;
}

}  // namespace rl

int main() {
  rl::Observation obs{84, 84, 4, std::vector<uint8_t>(84 * 84 * 4, 128)};
  torch::Tensor input;
  if (!rl::observation_to_tensor(obs, input)) {
    std::cerr << "bad observation\n";
    return 1;
  }
  torch::nn::Conv2d conv(torch::nn::Conv2dOptions(4, 32, 8).stride(4));
  auto y = conv->forward(input.unsqueeze(0));
  std::cout << y.sizes() << std::endl;
  return 0;
}
