// Segmentation service: a scripted model served in half precision; the
// pre-processing converts the frame to the model's device and dtype.
#include <torch/script.h>
#include <torch/torch.h>

#include <cstdint>
#include <iostream>
#include <string>
#include <vector>

class SegmenterService {
 public:
  SegmenterService(const std::string& model_path, torch::Device device)
      : device_(device) {
    module_ = torch::jit::load(model_path, device_);
    module_.to(device_, torch::kHalf);
    module_.eval();
  }

  torch::Tensor segment(const std::vector<uint8_t>& gray, int64_t height, int64_t width) {
    torch::NoGradGuard no_grad;
    std::vector<torch::jit::IValue> inputs;
    inputs.push_back(preprocess(gray, height, width));
    auto logits = module_.forward(inputs).toTensor();
    return logits.argmax(1).to(torch::kCPU);
  }

 private:
  torch::Tensor preprocess(const std::vector<uint8_t>& gray, int64_t height, int64_t width) {
    std::vector<float> pixels(gray.size());
    for (size_t i = 0; i < gray.size(); ++i) {
      pixels[i] = gray[i] / 255.0f;
    }
    auto img = torch::from_blob(pixels.data(), {1, 1, height, width});
    return img.repeat({1, 3, 1, 1}).to(device_, torch::kHalf);
  }

  torch::jit::script::Module module_;
  torch::Device device_;
};

int main(int argc, char** argv) {
  if (argc < 2) {
    std::cerr << "usage: segmenter_service model.pt\n";
    return 2;
  }
  torch::Device device(torch::cuda::is_available() ? torch::kCUDA : torch::kCPU);
  SegmenterService service(argv[1], device);
  const int64_t h = 128, w = 128;
  std::vector<uint8_t> frame(h * w, 90);
  auto mask = service.segment(frame, h, w);
  std::cout << "foreground pixels " << mask.sum().item<int64_t>() << "\n";
  return 0;
}
