#define MOVE(t) t.to(torch::kCPU) // NOLINT(torch-discarded-move)
// NOLINTBEGIN(torch-hardcoded-device, torch-mps-*)
#define DEV torch::kCUDA
// NOLINTEND(torch-hardcoded-device, torch-mps-*)
void f(torch::Tensor t) {
  MOVE(t); /* NOLINTNEXTLINE(*) */
  auto d = DEV; // NOLINT(  )
}
