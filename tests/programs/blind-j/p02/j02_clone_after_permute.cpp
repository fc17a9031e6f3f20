// Silent: every from_blob tensor that leaves its function is .clone()d (after a permute, or directly), so it owns its memory.
#include <torch/torch.h>

#include <cstdint>
#include <iostream>
#include <vector>

namespace prep {

constexpr int64_t kHeight = 32;
constexpr int64_t kWidth = 32;

torch::Tensor synthetic_frame(float phase) {
  std::vector<float> hwc(kHeight * kWidth * 3);
  for (int64_t y = 0; y < kHeight; ++y) {
    for (int64_t x = 0; x < kWidth; ++x) {
      for (int64_t c = 0; c < 3; ++c) {
        hwc[(y * kWidth + x) * 3 + c] = static_cast<float>((x + y + c) % 7) * phase;
      }
    }
  }
  return torch::from_blob(hwc.data(), {1, kHeight, kWidth, 3})
      .permute({0, 3, 1, 2})
      .clone();
}

torch::Tensor class_target(int64_t cls) {
  auto target = torch::from_blob(&cls, {1}, torch::kLong).clone();
  return target;
}

}  // namespace prep

int main() {
  torch::nn::Conv2d conv(torch::nn::Conv2dOptions(3, 4, 3).padding(1));
  torch::nn::Linear head(4, 5);
  torch::optim::SGD opt(conv->parameters(), 0.01);
  for (int step = 0; step < 3; ++step) {
    torch::Tensor frame = prep::synthetic_frame(0.1f * (step + 1));
    torch::Tensor y = prep::class_target(step % 5);
    auto feats = conv->forward(frame).mean({2, 3});
    auto loss = torch::nn::functional::cross_entropy(head->forward(feats), y);
    opt.zero_grad();
    loss.backward();
    opt.step();
    std::cout << "step " << step << " loss " << loss.item<float>() << "\n";
  }
  return 0;
}
