// Cases for models built by a factory function: the module the factory
// returns is where the factory leaves it. Born on the CPU and never moved,
// it meets inputs moved to the trainer's device in forward(): "Input type
// (torch.cuda.FloatTensor) and weight type (torch.FloatTensor) should be the
// same" on a GPU machine (torch-device-mismatch).
#include <torch/torch.h>

struct TowerImpl : torch::nn::Module {
  explicit TowerImpl(int64_t Width) {
    Fc = register_module("fc", torch::nn::Linear(Width, 2));
  }
  torch::Tensor forward(torch::Tensor X) { return Fc->forward(X); }
  torch::nn::Linear Fc{nullptr};
};
TORCH_MODULE(Tower);

// Builds and initialises the network; leaves it where modules are born.
Tower buildTower(int64_t Width) {
  Tower Net(Width); // expected-note {{'Net' is created on the CPU here (modules are born on the CPU)}}
  torch::NoGradGuard NoGrad;
  Net->Fc->bias.zero_();
  return Net;
}

// Builds it in the return statement.
Tower makeTower(int64_t Width) {
  return Tower(Width); // expected-note {{'Net' is created on the CPU here (modules are born on the CPU)}}
}

// Moves it before returning it: where the caller asked.
Tower buildTowerOn(int64_t Width, torch::Device Device) {
  Tower Net(Width);
  Net->to(Device);
  return Net;
}

class Trainer {
public:
  explicit Trainer(torch::Device Device)
      : Device(Device), Net(buildTower(4)) {} // expected-note {{'Net' is returned by 'buildTower' here, not moved}}
  torch::Tensor step(const torch::Tensor &X) {
    return Net->forward(X.to(Device)); // expected-warning {{'Net' receives tensors on different devices: the parameters of 'Net' are on the CPU but 'X.to(Device)' (argument 'X') is on 'Device' [torch-device-mismatch]}} expected-note {{'X.to(Device)' is moved to 'Device' here}}
  }

private:
  torch::Device Device;
  Tower Net;
};

// Moved in the constructor: right.
class MovedTrainer {
public:
  explicit MovedTrainer(torch::Device Device)
      : Device(Device), Net(buildTower(4)) {
    Net->to(Device);
  }
  torch::Tensor step(const torch::Tensor &X) {
    return Net->forward(X.to(Device));
  }

private:
  torch::Device Device;
  Tower Net;
};

torch::Tensor evaluate(torch::Device Device) {
  Tower Net = makeTower(4); // expected-note {{'Net' is returned by 'makeTower' here, not moved}}
  return Net->forward(torch::rand({2, 4}).to(Device)); // expected-warning {{'Net' receives tensors on different devices: the parameters of 'Net' are on the CPU but 'torch::rand({2, 4}).to(Device)' (argument 'X') is on 'Device' [torch-device-mismatch]}} expected-note {{'torch::rand({2, 4}).to(Device)' is moved to 'Device' here}}
}

// The factory moved it to the device the inputs go to: right.
torch::Tensor evaluateOn(torch::Device Device) {
  Tower Net = buildTowerOn(4, Device);
  return Net->forward(torch::rand({2, 4}).to(Device));
}

int main() {
  torch::Device Device(torch::cuda::is_available() ? torch::kCUDA
                                                   : torch::kCPU);
  Trainer T(Device);
  MovedTrainer M(Device);
  auto Y = T.step(torch::rand({2, 4})) + M.step(torch::rand({2, 4})) +
           evaluate(Device) + evaluateOn(Device);
  return Y.sum().item<float>() > 0;
}
