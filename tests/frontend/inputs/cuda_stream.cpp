// A program that uses LibTorch's CUDA API. A CPU build of LibTorch (Debian's
// libtorch-dev) lacks the headers it needs, so torchlint parses it with its
// CUDA stand-ins; a CUDA toolkit that the flags reach wins over them.
#include <torch/torch.h>

#include <c10/cuda/CUDAStream.h>

int main() { if (!torch::cuda::is_available()) return 1; // needs a GPU
  auto stream = c10::cuda::getCurrentCUDAStream();
  (void)stream;
#ifdef TORCHLINT_TEST_TOOLKIT
  // Only the test's own toolkit folder defines the macro, so this finding
  // shows that its cuda_runtime_api.h, not the stand-in, was parsed.
  torch::Tensor t = torch::ones({2});
  t.to(torch::kDouble);
#endif
  return 0;
}
