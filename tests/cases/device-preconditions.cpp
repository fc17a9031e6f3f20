// Cases for the device preconditions of the user's functions: two
// parameters that meet in one operation inside a helper must be on one
// device, which is checked where the helper is called, with the arguments
// the caller passes (torch-device-mismatch). The conflict is the caller's:
// the helper is right for tensors on one device. Each positive throws
// "Expected all tensors to be on the same device" on a GPU machine.
#include <torch/torch.h>

#include <vector>

struct Batch {
  torch::Tensor images;
  torch::Tensor ids;
};

// The ids are made on the CPU, beside images the caller moves.
Batch sample() {
  Batch B;
  B.images = torch::randn({4, 3});
  B.ids = torch::tensor(std::vector<int64_t>{1, 2, 1, 2}); // expected-note {{'B.ids' is created on the CPU here ('torch::tensor' with no device)}}
  return B;
}

// The embeddings and the ids meet in 'Dist * Same'.
torch::Tensor pairLoss(const torch::Tensor &Emb, const torch::Tensor &Ids) {
  auto Dist = torch::cdist(Emb, Emb);
  auto Same = Ids.unsqueeze(0).eq(Ids.unsqueeze(1)).to(torch::kFloat);
  return (Dist * Same).sum();
}

// A wrapper that hands both on: its callers decide.
torch::Tensor scaledPairLoss(const torch::Tensor &Emb, const torch::Tensor &Ids,
                             double Scale) {
  return pairLoss(Emb, Ids) * Scale;
}

// A full reduction of one input joins the other's device as a number.
torch::Tensor centred(const torch::Tensor &X, const torch::Tensor &Host) {
  auto Mean = Host.mean();
  auto Spread = Host.std().clamp_min(1e-6);
  return (X - Mean) / Spread;
}

torch::Device pickDevice() {
  return torch::cuda::is_available() ? torch::kCUDA : torch::kCPU;
}

// Bug: the ids stay on the CPU.
torch::Tensor trainStep(torch::nn::Linear &Embed, torch::Device Device) {
  Batch B = sample(); // expected-note {{'B.ids' is returned by 'sample' here, in its field 'ids'}}
  auto Emb = Embed(B.images.to(Device)); // expected-note {{'Emb' is moved to 'Device' here}} expected-note {{'Emb' is computed by 'Embed' here}}
  return pairLoss(Emb, B.ids); // expected-warning {{'operator*' in 'pairLoss' receives tensors on different devices: 'B.ids' (argument 'Ids') is on the CPU but 'Emb' is on 'Device' [torch-device-mismatch]}} expected-note {{'B.ids' is passed to 'pairLoss' as 'Ids' here, where it meets 'Emb' in 'operator*' at line 28}} expected-note {{'Emb' is passed to 'pairLoss' as 'Emb' here, where it meets 'Ids' in 'operator*' at line 28}}
}

// Bug, through the wrapper.
torch::Tensor scaledStep(torch::nn::Linear &Embed, torch::Device Device) {
  auto Ids = torch::arange(4); // expected-note {{'Ids' is created on the CPU here ('torch::arange' with no device)}}
  auto Emb = Embed(torch::randn({4, 3}, Device)); // expected-note {{'Emb' is computed by 'Embed' here}}
  return scaledPairLoss(Emb, Ids, 0.5); // expected-warning {{'operator*' in 'pairLoss' in 'scaledPairLoss' receives tensors on different devices: 'Ids' is on the CPU but 'Emb' is on 'Device' [torch-device-mismatch]}} expected-note {{'Ids' is passed to 'scaledPairLoss' as 'Ids' here, where it meets 'Emb' in 'operator*' in 'pairLoss' at line 34}} expected-note {{'Emb' is passed to 'scaledPairLoss' as 'Emb' here, where it meets 'Ids' in 'operator*' in 'pairLoss' at line 34}}
}

// Both on the device: right.
torch::Tensor movedStep(torch::nn::Linear &Embed, torch::Device Device) {
  Batch B = sample();
  auto Emb = Embed(B.images.to(Device));
  return pairLoss(Emb, B.ids.to(Device));
}

// Both on the CPU: right.
torch::Tensor hostStep() {
  Batch B = sample();
  return pairLoss(torch::randn({4, 8}), B.ids);
}

// The caller's own inputs: unknown here, its callers' to say.
torch::Tensor forwardStep(const torch::Tensor &Emb, const torch::Tensor &Ids) {
  return pairLoss(Emb, Ids);
}

// A 0-dim host statistic beside device values: right.
torch::Tensor centredStep(torch::nn::Linear &Embed, torch::Device Device) {
  auto Emb = Embed(torch::randn({4, 3}, Device));
  return centred(Emb, torch::rand({32}));
}

// A template helper: each instantiation has its preconditions.
template <typename T>
torch::Tensor weighted(const torch::Tensor &X, const torch::Tensor &W, T Scale) {
  return X * W * Scale;
}

torch::Tensor templateStep(torch::nn::Linear &Embed, torch::Device Device) {
  auto W = torch::ones({4, 8}); // expected-note {{'W' is created on the CPU here ('torch::ones' with no device)}}
  auto Emb = Embed(torch::randn({4, 3}, Device)); // expected-note {{'Emb' is computed by 'Embed' here}}
  return weighted(Emb, W, 2.0); // expected-warning {{'operator*' in 'weighted' receives tensors on different devices: 'W' is on the CPU but 'Emb' (argument 'X') is on 'Device' [torch-device-mismatch]}} expected-note {{'W' is passed to 'weighted' as 'W' here, where it meets 'X' in 'operator*' at line 89}} expected-note {{'Emb' is passed to 'weighted' as 'X' here, where it meets 'W' in 'operator*' at line 89}}
}

// A call written through a macro is the call it expands to.
#define PAIR_LOSS(E, I) pairLoss((E), (I))

torch::Tensor macroStep(torch::nn::Linear &Embed, torch::Device Device) {
  auto Ids = torch::arange(4); // expected-note {{'Ids' is created on the CPU here ('torch::arange' with no device)}}
  auto Emb = Embed(torch::randn({4, 3}, Device)); // expected-note {{'Emb' is computed by 'Embed' here}}
  return PAIR_LOSS(Emb, Ids); // expected-warning {{'operator*' in 'pairLoss' receives tensors on different devices: 'Ids' is on the CPU but 'Emb' is on 'Device' [torch-device-mismatch]}} expected-note {{'Ids' is passed to 'pairLoss' as 'Ids' here, where it meets 'Emb' in 'operator*' at line 28}} expected-note {{'Emb' is passed to 'pairLoss' as 'Emb' here, where it meets 'Ids' in 'operator*' at line 28}}
}

// A 0-dim host tensor handed as a parameter joins any device as a number:
// right.
torch::Tensor scaledBy(const torch::Tensor &X, const torch::Tensor &Factor) {
  return X * Factor;
}

torch::Tensor factorStep(torch::nn::Linear &Embed, torch::Device Device) {
  auto Emb = Embed(torch::randn({4, 3}, Device));
  return scaledBy(Emb, torch::tensor(0.5)) + scaledBy(Emb, torch::ones({}).sum());
}

// A mask converted to the losses' dtype (`to(x.dtype())`, a TypeMeta)
// stays on its device, so the two inputs still meet in 'Losses * M'.
torch::Tensor maskedMean(const torch::Tensor &Losses, const torch::Tensor &Mask) {
  auto M = Mask.to(Losses.dtype());
  return (Losses * M).sum() / M.sum();
}

torch::Tensor maskStep(torch::nn::Linear &Embed, torch::Device Device) {
  auto Losses = Embed(torch::randn({4, 3}, Device)).pow(2).mean(1); // expected-note {{'Losses' is computed by 'Embed' here}}
  auto Mask = torch::arange(4).lt(3); // expected-note {{'Mask' is created on the CPU here ('torch::arange' with no device)}}
  return maskedMean(Losses, Mask); // expected-warning {{'operator*' in 'maskedMean' receives tensors on different devices: 'Mask' is on the CPU but 'Losses' is on 'Device' [torch-device-mismatch]}} expected-note {{'Mask' is passed to 'maskedMean' as 'Mask' here, where it meets 'Losses' in 'operator*' at line 122}} expected-note {{'Losses' is passed to 'maskedMean' as 'Losses' here, where it meets 'Mask' in 'operator*' at line 122}}
}

int main() {
  torch::Device Device = pickDevice();
  torch::nn::Linear Embed(3, 8);
  Embed->to(Device);
  auto L1 = trainStep(Embed, Device);
  auto L2 = scaledStep(Embed, Device);
  auto L3 = movedStep(Embed, Device);
  auto L4 = hostStep();
  auto L5 = centredStep(Embed, Device);
  auto L6 = templateStep(Embed, Device);
  auto L7 = macroStep(Embed, Device);
  auto L8 = factorStep(Embed, Device);
  auto L9 = maskStep(Embed, Device);
  return L4.item<float>() > 0;
}
