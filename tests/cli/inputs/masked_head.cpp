// A correct module: the mask joins the input's device before they meet.
#include <torch/torch.h>

struct HeadImpl : torch::nn::Module {
  HeadImpl() { proj = register_module("proj", torch::nn::Linear(8, 8)); }

  torch::Tensor forward(torch::Tensor x) {
    auto mask = torch::ones({8});
    auto h = proj(x);
    return h * mask.to(h.device());
  }

  torch::nn::Linear proj{nullptr};
};
TORCH_MODULE(Head);

// The program runs on a device chosen at run time: forward()'s input may
// be on a GPU (a program that never leaves the CPU has no such finding).
int main() {
  torch::Device device =
      torch::cuda::is_available() ? torch::kCUDA : torch::kCPU;
  Head head;
  head->to(device);
  return head(torch::randn({2, 8}, device)).dim() == 2 ? 0 : 1;
}
