// NOLINT comments and .clang-tidy files steer the torch-* checks like any
// other clang-tidy check. config.sh runs this file under two .clang-tidy
// files and lists the diagnostics each must give (CHECK lines below).
#include <torch/script.h>
#include <torch/torch.h>

torch::Tensor moves(torch::Tensor X, torch::Device Device) {
  X.to(Device); // NOLINT(torch-discarded-move)
  // A NOLINT for another check does not silence this one.
  X.cpu(); // NOLINT(torch-hardcoded-device)
  // NOLINTNEXTLINE(torch-discarded-move)
  X.to(Device);
  X.to(torch::kFloat);
  return X;
}

int main(int Argc, char **Argv) {
  torch::Device Device(torch::cuda::is_available() ? torch::kCUDA
                                                   : torch::kCPU);
  // Reported only where .clang-tidy enables torch-hardcoded-device.
  torch::Device Gpu("cuda");
  auto X = moves(torch::rand({2}), Device).to(Gpu);
  if (Argc > 1) {
    torch::jit::script::Module Traced = torch::jit::load(Argv[1]);
    Traced.eval(); // Not moved right after loading: still reported.
    Traced.to(Device);
  }
  return X.numel() > 0 ? 0 : 1;
}
