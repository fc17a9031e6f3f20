// Cases for the current CUDA device and devices handed to constructors. A
// program that never sets the current device (no set_device, no device
// guard) and is all in this file runs torch::kCUDA on cuda:0, so a tensor
// moved there meets a rank's GPU ("cuda:" + rank) or cuda:1. A device field
// holds what every construction in view passes its constructor. Where two
// constructions disagree, or a library template builds the object, the
// field's device is not known and nothing is said.
#include <torch/torch.h>

#include <cstdlib>
#include <memory>
#include <string>

class RankWorker {
public:
  RankWorker(int rank, torch::Device device) : rank_(rank), device_(device), fc_(4, 1) {
    fc_->to(device_); // expected-note {{'fc_' is moved to 'device_' here}}
  }

  double step(const torch::Tensor &x_host, const torch::Tensor &y_host) {
    auto x = x_host.to(device_);
    auto y = y_host.to(torch::kCUDA); // expected-note {{'y' is moved to cuda:0 (torch::kCUDA, the current device) here}}
    return torch::mse_loss(fc_->forward(x), y).item<double>(); // expected-warning {{'torch::mse_loss' receives tensors on different devices: 'y' (argument 'target') is on cuda:0 (torch::kCUDA, the current device) but 'fc_->forward(x)' is on 'device_' (a CUDA device chosen at run time) [torch-device-mismatch]}} expected-note {{'fc_->forward(x)' is computed by 'fc_' here}}
  }

  // Must stay silent: both sides are on the rank's device.
  double stepRight(const torch::Tensor &x_host, const torch::Tensor &y_host) {
    return torch::mse_loss(fc_->forward(x_host.to(device_)), y_host.to(device_))
        .item<double>();
  }

  int rank() const { return rank_; }

private:
  int rank_;
  torch::Device device_;
  torch::nn::Linear fc_;
};

/// Every construction hands it the second GPU, by a constant index.
class SecondGpuHead {
public:
  explicit SecondGpuHead(int gpu) : device_(torch::kCUDA, gpu), fc_(4, 2) {
    fc_->to(device_); // expected-note {{'fc_' is moved to cuda:1 here}}
  }
  torch::Tensor run(const torch::Tensor &x) {
    return fc_->forward(x.cuda()); // expected-warning {{'fc_' receives tensors on different devices: 'x.cuda()' (argument 'input') is on cuda:0 (torch::kCUDA, the current device) but the parameters of 'fc_' are on cuda:1 [torch-device-mismatch]}} expected-note {{'x.cuda()' is moved to cuda:0 (torch::kCUDA, the current device) here}}
  }

private:
  torch::Device device_;
  torch::nn::Linear fc_;
};

/// Must stay silent: its two constructions pass different devices, so the
/// field is a run-time choice that may be the current device.
class EitherGpuHead {
public:
  explicit EitherGpuHead(torch::Device device) : device_(device), fc_(4, 2) {
    fc_->to(device_);
  }
  torch::Tensor run(const torch::Tensor &x) { return fc_->forward(x.cuda()); }

private:
  torch::Device device_;
  torch::nn::Linear fc_;
};

/// Must stay silent: std::make_unique builds it inside the library, so its
/// constructions are not all in view.
class HeapHead {
public:
  explicit HeapHead(torch::Device device) : device_(device), fc_(4, 2) {
    fc_->to(device_);
  }
  torch::Tensor run(const torch::Tensor &x) { return fc_->forward(x.cuda()); }

private:
  torch::Device device_;
  torch::nn::Linear fc_;
};

int main() {
  const char *local_rank = std::getenv("LOCAL_RANK");
  const int rank = local_rank ? std::atoi(local_rank) : 0;
  if (!torch::cuda::is_available() ||
      rank >= static_cast<int>(torch::cuda::device_count()) ||
      torch::cuda::device_count() < 2)
    return 0;
  torch::Device device("cuda:" + std::to_string(rank));
  RankWorker worker(rank, device);
  auto x = torch::randn({8, 4});
  double loss = worker.step(x, x.sum(1, true)) + worker.stepRight(x, x.sum(1, true));

  SecondGpuHead second(1);
  EitherGpuHead first(torch::Device(torch::kCUDA, 0));
  EitherGpuHead other(torch::Device(torch::kCUDA, 1));
  auto heap = std::make_unique<HeapHead>(torch::Device(torch::kCUDA, 1));
  auto out = second.run(x) + first.run(x).sum() + other.run(x).sum() +
             heap->run(x).sum();
  return loss > 0 && out.numel() > 0 ? 0 : 1;
}
