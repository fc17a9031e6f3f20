// Must stay silent: the same rank worker as current-device.cpp, but main
// makes the rank's GPU the current device with a device guard, so
// torch::kCUDA is the rank's GPU and the labels meet the model there.
// expected-no-diagnostics
#include <torch/torch.h>

#include <c10/core/DeviceGuard.h>

#include <cstdlib>
#include <string>

class RankWorker {
public:
  explicit RankWorker(torch::Device device) : device_(device), fc_(4, 1) {
    fc_->to(device_);
  }

  double step(const torch::Tensor &x_host, const torch::Tensor &y_host) {
    auto x = x_host.to(device_);
    auto y = y_host.to(torch::kCUDA);
    return torch::mse_loss(fc_->forward(x), y).item<double>();
  }

private:
  torch::Device device_;
  torch::nn::Linear fc_;
};

int main() {
  const char *local_rank = std::getenv("LOCAL_RANK");
  const int rank = local_rank ? std::atoi(local_rank) : 0;
  if (!torch::cuda::is_available() ||
      rank >= static_cast<int>(torch::cuda::device_count()))
    return 0;
  torch::Device device("cuda:" + std::to_string(rank));
  c10::DeviceGuard guard(device);
  RankWorker worker(device);
  auto x = torch::randn({8, 4});
  return worker.step(x, x.sum(1, true)) > 0 ? 0 : 1;
}
