// Monocular depth service: fp16 is optional (only on GPUs that support it
// well); the same flag decides the model's and the input's dtype.
#include <torch/script.h>
#include <torch/torch.h>

#include <iostream>
#include <string>
#include <vector>

class DepthService {
 public:
  DepthService(const std::string& path, torch::Device device, bool fp16)
      : device_(device), fp16_(fp16) {
    module_ = torch::jit::load(path, device_);
    if (fp16_) {
      module_.to(device_, torch::kHalf);
    }
    module_.eval();
  }

  torch::Tensor predict(std::vector<float>& rgb, int64_t h, int64_t w) {
    torch::NoGradGuard no_grad;
    auto x = torch::from_blob(rgb.data(), {1, 3, h, w}).to(device_);
    if (fp16_) {
      x = x.to(torch::kHalf);
    }
    std::vector<torch::jit::IValue> inputs{x};
    auto depth = module_.forward(inputs).toTensor();
    return depth.to(torch::kFloat).cpu();
  }

 private:
  torch::Device device_;
  const bool fp16_;
  torch::jit::script::Module module_;
};

int main(int argc, char** argv) {
  if (argc < 2) {
    std::cerr << "usage: depth_service model.pt [--fp16]\n";
    return 2;
  }
  const bool fp16 = argc > 2 && std::string(argv[2]) == "--fp16";
  torch::Device device(torch::cuda::is_available() ? torch::kCUDA : torch::kCPU);
  DepthService service(argv[1], device, fp16);
  std::vector<float> rgb(3 * 96 * 96, 0.3f);
  auto depth = service.predict(rgb, 96, 96);
  std::cout << "median depth " << depth.median().item<float>() << "\n";
  return 0;
}
