// CUDA named where nothing checks that CUDA is there: fine on the GPU box,
// a crash on every CPU-only CI machine.
#include <torch/torch.h>

torch::Tensor onGpu(torch::Tensor X) {
  torch::Device Gpu("cuda:0");  // expected-warning {{CUDA device "cuda:0" is used without a torch::cuda::is_available() guard [torch-hardcoded-device]}}
  return X.to(Gpu);
}

// The quoted call holds a '%': clang-tidy must print it as written, not read
// it as a diagnostic format directive.
// expected-warning@+1 {{'(X % 2).cuda()' moves the tensor to a CUDA device without a torch::cuda::is_available() guard [torch-hardcoded-device]}}
torch::Tensor alsoOnGpu(torch::Tensor X) { return (X % 2).cuda() * 2; }

torch::Tensor guarded(torch::Tensor X) {
  // Not a finding: the availability check dominates the use.
  if (torch::cuda::is_available())
    return X.cuda();
  return X;
}

int main() {
  auto X = torch::rand({2, 2});
  auto Y = guarded(X);
  if (X.numel() % 2 == 0)
    Y = onGpu(X) + alsoOnGpu(Y);
  return Y.numel() > 0 ? 0 : 1;
}
