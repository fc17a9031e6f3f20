// ImageNet-style pre-processing module that keeps its mean and std as members.
#include <torch/torch.h>

#include <array>
#include <iostream>

class Preprocessor {
 public:
  Preprocessor(int64_t height, int64_t width) : height_(height), width_(width) {
    std::array<float, 3> mean{0.485f, 0.456f, 0.406f};
    std::array<float, 3> stdev{0.229f, 0.224f, 0.225f};
    this->mean_ = torch::from_blob(mean.data(), {3}).view({3, 1, 1});  //@bug J06 torch-from-blob-lifetime
    std_ = torch::from_blob(stdev.data(), {3}).clone().view({3, 1, 1});
  }

  torch::Tensor operator()(const torch::Tensor& image) const {
    auto resized = torch::nn::functional::interpolate(
        image.unsqueeze(0),
        torch::nn::functional::InterpolateFuncOptions()
            .size(std::vector<int64_t>{height_, width_})
            .mode(torch::kBilinear)
            .align_corners(false));
    return (resized.squeeze(0) - mean_) / std_;
  }

 private:
  int64_t height_;
  int64_t width_;
  torch::Tensor mean_;
  torch::Tensor std_;
};

int main() {
  Preprocessor pre(224, 224);
  auto img = torch::rand({3, 300, 400});
  auto out = pre(img);
  std::cout << out.sizes() << " mean=" << out.mean().item<float>() << std::endl;
  return 0;
}
