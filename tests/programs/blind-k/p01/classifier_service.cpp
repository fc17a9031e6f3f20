// Image classification service: a TorchScript ResNet-style model exported as
// Float, served in half precision on the GPU to halve its memory footprint.
#include <torch/script.h>
#include <torch/torch.h>

#include <cstdint>
#include <iostream>
#include <string>
#include <vector>

class ClassifierService {
 public:
  ClassifierService(const std::string& model_path, torch::Device device)
      : device_(device) {
    module_ = torch::jit::load(model_path, device_);
    module_.to(device_, torch::kHalf);
    module_.eval();
  }

  // rgb: interleaved HWC bytes, as the camera driver hands them over.
  int64_t classify(const std::vector<uint8_t>& rgb, int64_t height, int64_t width) {
    torch::NoGradGuard no_grad;
    std::vector<torch::jit::IValue> inputs;
    inputs.push_back(preprocess(rgb, height, width));
    auto logits = module_.forward(inputs).toTensor();
    return logits.argmax(1).item<int64_t>();
  }

 private:
  torch::Tensor preprocess(const std::vector<uint8_t>& rgb, int64_t height, int64_t width) {
    static const float kMean[3] = {0.485f, 0.456f, 0.406f};
    static const float kStd[3] = {0.229f, 0.224f, 0.225f};
    std::vector<float> pixels(rgb.size());
    for (size_t i = 0; i < rgb.size(); ++i) {
      const size_t c = i % 3;
      pixels[i] = (rgb[i] / 255.0f - kMean[c]) / kStd[c];
    }
    auto hwc = torch::from_blob(pixels.data(), {1, height, width, 3});
    return hwc.permute({0, 3, 1, 2}).contiguous().to(device_);
  }

  torch::jit::script::Module module_;
  torch::Device device_;
};

int main(int argc, char** argv) {
  if (argc < 2) {
    std::cerr << "usage: classifier_service model.pt\n";
    return 2;
  }
  torch::Device device(torch::cuda::is_available() ? torch::kCUDA : torch::kCPU);
  ClassifierService service(argv[1], device);
  const int64_t h = 224, w = 224;
  std::vector<uint8_t> frame(h * w * 3, 128);
  std::cout << "class " << service.classify(frame, h, w) << "\n";
  return 0;
}
