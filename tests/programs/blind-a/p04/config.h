#pragma once
#include <torch/torch.h>

// One device for the whole program, chosen once at start-up.
inline const torch::Device kDevice = torch::cuda::is_available() ? torch::kCUDA : torch::kCPU;

namespace hp {
constexpr int64_t kObsDim = 6;
constexpr int64_t kActDim = 2;
constexpr double kMaxAction = 2.0;
constexpr double kNoiseSigma = 0.1;
constexpr double kActorLr = 1e-4;
}  // namespace hp
