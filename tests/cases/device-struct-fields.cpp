// Cases for the fields of a struct of tensors that the unit's own function
// returns, device-wise: a batch whose images were moved and whose labels
// were made on the CPU is not one device, and its labels meet the model's
// device. The positive throws "Expected all tensors to be on the same
// device" on a GPU machine.
#include <torch/torch.h>

namespace F = torch::nn::functional;

struct Batch {
  torch::Tensor images;
  torch::Tensor labels;
};

// The labels are made here, on the CPU, beside moved images.
Batch collate(const torch::Tensor &Images, torch::Device Device) {
  Batch B;
  B.images = Images.to(Device);
  B.labels = torch::zeros({Images.size(0)}, torch::kLong); // expected-note {{'B.labels' is created on the CPU here ('torch::zeros' with no device)}}
  return B;
}

// Both moved: nothing left behind.
Batch collateMoved(const torch::Tensor &Images, torch::Device Device) {
  Batch B;
  B.images = Images.to(Device);
  B.labels = torch::zeros({Images.size(0)}, torch::kLong).to(Device);
  return B;
}

// The labels are the caller's: wherever the caller put them.
Batch collateGiven(const torch::Tensor &Images, const torch::Tensor &Labels,
                   torch::Device Device) {
  return {Images.to(Device), Labels};
}

int main() {
  torch::Device Device(torch::cuda::is_available() ? torch::kCUDA : torch::kCPU);
  torch::nn::Linear Fc(4, 3);
  Fc->to(Device); // expected-note {{'Fc' is moved to 'Device' here}}
  auto X = torch::randn({8, 4});
  Batch B = collate(X, Device); // expected-note {{'B.labels' is returned by 'collate' here, in its field 'labels'}}
  auto L1 = F::cross_entropy(Fc(B.images), B.labels); // expected-warning {{'F::cross_entropy' receives tensors on different devices: 'B.labels' (argument 'target') is on the CPU but 'Fc(B.images)' (argument 'input') is on 'Device', chosen at run time at line 38 [torch-device-mismatch]}} // expected-note {{'Fc(B.images)' is computed by 'Fc' here}}
  Batch M = collateMoved(X, Device);
  auto L2 = F::cross_entropy(Fc(M.images), M.labels);
  Batch G = collateGiven(X, torch::zeros({8}, torch::kLong).to(Device), Device);
  auto L3 = F::cross_entropy(Fc(G.images), G.labels);
  return (L1 + L2 + L3).numel() > 0 ? 0 : 1;
}
