// A program that names CUDA everywhere (a NeRF renderer, a tracker
// benchmarked on one GPU) and shows nothing about the machine it needs: no
// check that stops without CUDA, no CPU fallback, and (linted from here) no
// build that declares CUDA. Under RequiresCuda: auto that is the lesson's
// classic, reported: on a machine without a GPU each use below throws. A
// project that needs CUDA by design says so: `LANGUAGES CUDA` or
// `find_package(CUDA REQUIRED)` in its CMakeLists.txt, .cu sources, a throw
// when CUDA is missing (project-cuda-required.cpp, tests/cli/config.sh), or
// RequiresCuda: true. The CPU below is only where results are copied to,
// which chooses no device.
#include <torch/torch.h>

#include <string>

struct EncoderImpl : torch::nn::Module {
  EncoderImpl() { fc = register_module("fc", torch::nn::Linear(3, 8)); }
  torch::Tensor forward(torch::Tensor X) { return fc(X); }
  torch::nn::Linear fc{nullptr};
};
TORCH_MODULE(Encoder);

// A constant on the GPU, as a renderer keeps its epsilon.
torch::Tensor epsilon() {
  return torch::full({1}, 1e-10, torch::TensorOptions().device(torch::kCUDA)); // expected-warning {{CUDA device 'torch::kCUDA' is used without a torch::cuda::is_available() guard [torch-hardcoded-device]}}
}

// Rays generated on the GPU with a device string and an index.
torch::Tensor rays(int64_t N) {
  torch::Tensor Origins = torch::rand({N, 3}, torch::Device("cuda")); // expected-warning {{CUDA device "cuda" is used without a torch::cuda::is_available() guard [torch-hardcoded-device]}}
  torch::Tensor Dirs = torch::rand({N, 3}).to(torch::Device(torch::kCUDA, 0)); // expected-warning {{CUDA device 'torch::kCUDA' is used without a torch::cuda::is_available() guard [torch-hardcoded-device]}}
  return Origins + Dirs + epsilon();
}

// The image is copied back to the CPU to be written: no device is chosen.
std::vector<float> toPixels(torch::Tensor Image) {
  torch::Tensor Cpu = Image.to(torch::kCPU).contiguous();
  torch::Tensor Also = Image.cpu();
  std::vector<float> Out(Cpu.data_ptr<float>(),
                         Cpu.data_ptr<float>() + Cpu.numel());
  Out.push_back(Also.sum().item<float>());
  return Out;
}

// Training synchronises the GPU to time each step.
void train(const std::string &Path) {
  Encoder Model;
  Model->to(torch::kCUDA); // expected-warning {{CUDA device 'torch::kCUDA' is used without a torch::cuda::is_available() guard [torch-hardcoded-device]}}
  torch::optim::Adam Opt(Model->parameters(), 1e-3);
  for (int Step = 0; Step < 2; ++Step) {
    torch::Tensor Loss = Model->forward(rays(4)).pow(2).mean();
    Opt.zero_grad();
    Loss.backward();
    Opt.step();
    torch::cuda::synchronize(); // expected-warning {{CUDA-only call 'torch::cuda::synchronize' is made without a torch::cuda::is_available() guard [torch-hardcoded-device]}}
  }
  torch::save(Model, Path);
  toPixels(Model->forward(rays(2).cuda())); // expected-warning {{'rays(2).cuda()' moves the tensor to a CUDA device without a torch::cuda::is_available() guard [torch-hardcoded-device]}}
}
