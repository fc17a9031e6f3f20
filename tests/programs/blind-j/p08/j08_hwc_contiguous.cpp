// Silent: .permute() of the 64x64x3 from_blob tensor is not contiguous, so .contiguous() copies before it is returned.
#include <torch/torch.h>

#include <cmath>
#include <iostream>
#include <vector>

namespace sim {

constexpr int64_t kH = 64;
constexpr int64_t kW = 64;
constexpr int64_t kC = 3;

class Renderer {
 public:
  explicit Renderer(float scale) : scale_(scale) {}

  torch::Tensor render(float t) const {
    std::vector<float> canvas(kH * kW * kC);
    for (int64_t i = 0; i < kH; ++i) {
      for (int64_t j = 0; j < kW; ++j) {
        float v = std::sin(scale_ * (i + j) + t);
        canvas[(i * kW + j) * kC + 0] = v;
        canvas[(i * kW + j) * kC + 1] = 0.5f * v;
        canvas[(i * kW + j) * kC + 2] = -v;
      }
    }
    auto hwc = torch::from_blob(canvas.data(), {kH, kW, kC}, torch::dtype(torch::kFloat));
    auto chw = hwc.permute({2, 0, 1}).contiguous();
    return chw;
  }

 private:
  float scale_;
};

}  // namespace sim

int main() {
  sim::Renderer r(0.1f);
  std::vector<torch::Tensor> frames;
  for (int k = 0; k < 4; ++k) {
    frames.push_back(r.render(0.25f * k));
  }
  auto batch = torch::stack(frames);
  torch::nn::Conv2d enc(torch::nn::Conv2dOptions(3, 16, 5).stride(2));
  std::cout << enc->forward(batch).sizes() << std::endl;
  return 0;
}
