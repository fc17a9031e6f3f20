#pragma once

#include <torch/script.h>
#include <torch/torch.h>

#include <memory>
#include <string>

// Scripted nowcasting network (U-Net with FiLM lead-time conditioning):
//   forward(history: Tensor[1, T, H, W]   log(1 + rain rate), oldest first,
//           lead_minutes: Tensor[K]       lead times, embedded by an MLP)
//     -> Tensor[1, K, H, W]               log(1 + rain rate) at each lead time
// Both inputs must be on the engine's device.
class NowcastEngine {
 public:
  virtual ~NowcastEngine() = default;
  virtual torch::Device device() const = 0;
  virtual const char* name() const = 0;
  virtual torch::Tensor extrapolate(const torch::Tensor& history,
                                    const torch::Tensor& lead_minutes) = 0;
};

std::unique_ptr<NowcastEngine> make_engine(const std::string& path, bool use_gpu);
