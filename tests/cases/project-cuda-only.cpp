// A project that needs CUDA by design (a NeRF renderer, a tracker benchmarked
// on one GPU): every tensor and module goes to the GPU and nothing asks
// whether CUDA is there or falls back to the CPU. torch-hardcoded-device then
// has nothing to say under its default, RequiresCuda: auto; the CPU below is
// only where results are copied to, which chooses no device. Any
// is_available() call, or a CPU device chosen as a fallback, would make the
// project one that runs without CUDA and report every use below (see
// torch-hardcoded-device.cpp and tests/cli/config.sh).
// expected-no-diagnostics
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
  return torch::full({1}, 1e-10, torch::TensorOptions().device(torch::kCUDA));
}

// Rays generated on the GPU with a device string and an index.
torch::Tensor rays(int64_t N) {
  torch::Tensor Origins = torch::rand({N, 3}, torch::Device("cuda"));
  torch::Tensor Dirs = torch::rand({N, 3}).to(torch::Device(torch::kCUDA, 0));
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
  Model->to(torch::kCUDA);
  torch::optim::Adam Opt(Model->parameters(), 1e-3);
  for (int Step = 0; Step < 2; ++Step) {
    torch::Tensor Loss = Model->forward(rays(4)).pow(2).mean();
    Opt.zero_grad();
    Loss.backward();
    Opt.step();
    torch::cuda::synchronize();
  }
  torch::save(Model, Path);
  toPixels(Model->forward(rays(2).cuda()));
}
