// A project that never leaves the CPU: every device it names is the CPU, so
// the checkpoints it loads are its own CPU ones, and torch-load-without-device
// has nothing to say, however many loads name no device. Each device below
// is the CPU written explicitly, which is no run-time choice. The program is
// whole here (main() at the end calls nothing defined elsewhere), which is
// what shows, linted alone, that every tensor of it stays on the CPU.
// expected-no-diagnostics
#include <torch/script.h>
#include <torch/torch.h>

#include <string>

struct NetImpl : torch::nn::Module {
  NetImpl() { fc = register_module("fc", torch::nn::Linear(2, 2)); }
  torch::Tensor forward(torch::Tensor X) { return fc(X); }
  torch::nn::Linear fc{nullptr};
};
TORCH_MODULE(Net);

// ---- Must stay silent ----------------------------------------------------

// `torch::Device cpu(torch::kCPU)` is the CPU: moving to it is no sign that
// the project runs on a GPU, and it is not offered as the load's device.
void explicitCpuVariable(const std::string &Path) {
  torch::Device cpu(torch::kCPU);
  Net Model;
  Model->to(cpu);
  torch::load(Model, Path);
}

// The same written as a string.
void cpuFromString(const std::string &Path) {
  torch::Device Cpu("cpu");
  auto Scripted = torch::jit::load(Path);
  Scripted.to(Cpu);
}

// A device built from a device kind that is only ever the CPU is the CPU
// ("default run on cpu, you may use kCUDA", as public code writes it).
void cpuFromKind(const std::string &Path) {
  torch::DeviceType Kind = torch::kCPU;
  torch::Device Device(Kind, 0);
  Net Model;
  Model->to(Device);
  torch::load(Model, Path);
}

// A member that is only ever the CPU (initialised in the class, reassigned
// to the CPU again) is no choice either.
class Trainer {
public:
  Trainer() {
    Device = torch::Device(torch::kCPU);
    Model->to(Device);
  }
  void restore(const std::string &Path) {
    torch::load(Model, Path);
    Model->to(Device);
  }

private:
  Net Model;
  torch::Device Device{torch::kCPU};
};

// A load with no device anywhere near it, in a project that never names one.
torch::Tensor predict(const std::string &Path, torch::Tensor X) {
  Net Model;
  torch::load(Model, Path);
  return Model->forward(X);
}

// A class template whose device member is the CPU, never instantiated here.
template <class Model> class Runner {
public:
  void restore(const std::string &Path) {
    torch::load(M, Path);
    M->to(Device);
  }

private:
  Model M{nullptr};
  torch::Device Device = torch::Device(torch::kCPU);
};

// Factories with no device inside forward(): in a program that never leaves
// the CPU, the input is on the CPU too, so nothing mixes (facts::LeavesCpu
// is never shown in this unit, and facts::StaysOnCpu is: without main()
// below, a file linted alone, this is the classic and is reported).
struct MaskedHeadImpl : torch::nn::Module {
  MaskedHeadImpl() { fc = register_module("fc", torch::nn::Linear(4, 4)); }
  torch::Tensor forward(torch::Tensor X) {
    auto Mask = torch::ones({4});
    auto H0 = torch::zeros({1, X.size(0), 4});
    return fc(X) * Mask + H0.sum();
  }
  torch::nn::Linear fc{nullptr};
};
TORCH_MODULE(MaskedHead);

// The same module's helper, given only CPU tensors by its callers.
torch::Tensor runHead(const std::string &Path) {
  MaskedHead Head;
  torch::load(Head, Path);
  return Head->forward(torch::randn({2, 4}));
}

int main(int Argc, char **Argv) {
  std::string Path = Argc > 1 ? Argv[1] : "model.pt";
  explicitCpuVariable(Path);
  cpuFromString(Path);
  cpuFromKind(Path);
  Trainer T;
  T.restore(Path);
  predict(Path, torch::randn({2, 2}));
  runHead(Path);
  return 0;
}
