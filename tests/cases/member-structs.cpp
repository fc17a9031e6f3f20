// Cases for a struct of tensors held in a field of a class: the field holds
// what its tensors agree on, from the constructor on. Statistics made on the
// CPU and kept whole meet the trainer's device; moved tensor by tensor they
// do not. The positive throws "Expected all tensors to be on the same
// device" on a GPU machine.
#include <torch/torch.h>

struct Stats {
  torch::Tensor mean;
  torch::Tensor stdv;
};

Stats channelStats(const torch::Tensor &Data) {
  return {Data.mean(0), Data.std(0)};
}

Stats hostStats(int64_t C) {
  Stats S;
  S.mean = torch::zeros({1, C}); // expected-note {{'S' is created on the CPU here ('torch::zeros' with no device)}}
  S.stdv = torch::ones({1, C});
  return S;
}

class Normaliser {
public:
  Normaliser(torch::Device Device) : Device(Device) { Statistics = hostStats(4); } // expected-note {{'Statistics' is returned by 'hostStats' here}}
  torch::Tensor apply(const torch::Tensor &Signals) const {
    return (Signals.to(Device) - Statistics.mean) / Statistics.stdv; // expected-warning {{'operator-' receives tensors on different devices: 'Statistics.mean' is on the CPU but 'Signals.to(Device)' is on 'Device' [torch-device-mismatch]}} // expected-note {{'Signals.to(Device)' is moved to 'Device' here}}
  }

private:
  torch::Device Device;
  Stats Statistics;
};

// Moved tensor by tensor in the constructor: on the device.
class MovedNormaliser {
public:
  MovedNormaliser(torch::Device Device) : Device(Device) {
    Statistics = hostStats(4);
    Statistics.mean = Statistics.mean.to(Device);
    Statistics.stdv = Statistics.stdv.to(Device);
  }
  torch::Tensor apply(const torch::Tensor &Signals) const {
    return (Signals.to(Device) - Statistics.mean) / Statistics.stdv;
  }

private:
  torch::Device Device;
  Stats Statistics;
};

// Statistics of the input, wherever the input is: nothing known.
class InputNormaliser {
public:
  InputNormaliser(torch::Device Device, const torch::Tensor &Data)
      : Device(Device) {
    Statistics = channelStats(Data);
  }
  torch::Tensor apply(const torch::Tensor &Signals) const {
    return (Signals.to(Device) - Statistics.mean) / Statistics.stdv;
  }

private:
  torch::Device Device;
  Stats Statistics;
};

int main() {
  torch::Device Device(torch::cuda::is_available() ? torch::kCUDA : torch::kCPU);
  Normaliser N(Device);
  MovedNormaliser M(Device);
  InputNormaliser I(Device, torch::randn({8, 4}));
  auto X = torch::randn({2, 4});
  return (N.apply(X) + M.apply(X) + I.apply(X)).numel() > 0 ? 0 : 1;
}
