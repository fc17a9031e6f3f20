// Silent: from_blob views a member buffer (owned by the object) or the caller's vector (passed by reference), never a local that dies.
#include <torch/torch.h>

#include <iostream>
#include <vector>

class FrameBuffer {
 public:
  FrameBuffer(int64_t h, int64_t w) : h_(h), w_(w), pixels_(static_cast<size_t>(h * w * 3), 0.0f) {}

  void fill(float v) { std::fill(pixels_.begin(), pixels_.end(), v); }

  torch::Tensor as_tensor() {
    return torch::from_blob(pixels_.data(), {h_, w_, 3}).permute({2, 0, 1});
  }

 private:
  int64_t h_;
  int64_t w_;
  std::vector<float> pixels_;
};

namespace util {

torch::Tensor wrap(std::vector<float>& values, int64_t rows) {
  const int64_t cols = static_cast<int64_t>(values.size()) / rows;
  auto t = torch::from_blob(values.data(), {rows, cols});
  return t.t();
}

}  // namespace util

int main() {
  FrameBuffer fb(32, 48);
  fb.fill(0.25f);
  torch::Tensor view = fb.as_tensor();
  std::cout << "frame mean " << view.mean().item<float>() << "\n";

  std::vector<float> scores = {1, 2, 3, 4, 5, 6};
  torch::Tensor m = util::wrap(scores, 2);
  m.mul_(10);
  std::cout << "scores[5] = " << scores[5] << " via tensor " << m[2][1].item<float>() << "\n";
  return 0;
}
