// A CUDA source whose host code mixes devices: torchlint does not parse .cu
// files yet, and says so instead of counting the file as analysed.
#include <torch/torch.h>

__global__ void scale(float *data, float factor, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    data[i] *= factor;
}

int main() {
  torch::Device device(torch::cuda::is_available() ? torch::kCUDA
                                                   : torch::kCPU);
  auto weights = torch::ones({4}).to(device);
  auto bias = torch::zeros({4});
  auto out = weights + bias;
  scale<<<1, 4>>>(out.data_ptr<float>(), 2.0f, 4);
  return out.size(0) == 4 ? 0 : 1;
}
