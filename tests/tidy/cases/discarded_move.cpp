// Tensor::to, cuda and cpu called as statements: the moved tensor is thrown
// away and the receiver stays where it was.
#include <torch/torch.h>

torch::Tensor normalise(torch::Tensor Input, torch::Device Device) {
  Input.to(Device);  // expected-warning {{result of 'Input.to(Device)' is discarded; Tensor::to returns a new tensor and leaves 'Input' unchanged [torch-discarded-move]}}
  auto Mean = Input.mean();
  Mean.cpu();  // expected-warning {{result of 'Mean.cpu()' is discarded; Tensor::cpu returns a new tensor and leaves 'Mean' unchanged [torch-discarded-move]}}
  return Input - Mean;
}

torch::Tensor keepsResult(torch::Tensor Input, torch::Device Device) {
  // Not a finding: the result is stored.
  Input = Input.to(Device);
  // Not a finding: the result is used.
  return Input.to(torch::kFloat) * 2;
}

void moveModule(torch::nn::Linear &Layer, torch::Device Device) {
  // Not a finding: Module::to moves the parameters in place.
  Layer->to(Device);
}

int main() {
  torch::Device Device(torch::cuda::is_available() ? torch::kCUDA
                                                   : torch::kCPU);
  auto Batch = torch::rand({4, 3});
  // expected-warning@+1 {{result of 'Batch.to(Device, torch::kFloat)' is discarded; Tensor::to returns a new tensor and leaves 'Batch' unchanged [torch-discarded-move]}}
  Batch.to(Device, torch::kFloat);
  auto Out = normalise(Batch, Device) + keepsResult(Batch, Device);
  torch::nn::Linear Layer(3, 2);
  moveModule(Layer, Device);
  return Out.numel() > 0 ? 0 : 1;
}
