// Cases for torch-load-without-device: checkpoints loaded without a device
// come back on the device they were saved from.
#include <torch/script.h>
#include <torch/torch.h>

#include <cstdlib>
#include <sstream>
#include <string>

struct NetImpl : torch::nn::Module {
  NetImpl() { fc = register_module("fc", torch::nn::Linear(2, 2)); }
  torch::nn::Linear fc{nullptr};
};
TORCH_MODULE(Net);

void positives(const std::string &Path, torch::Device device) { // expected-note 5 {{load onto the device chosen here, 'device'}}
  auto Scripted = torch::jit::load(Path); // expected-warning {{checkpoint loaded by 'torch::jit::load' without a device comes back on the device it was saved from [torch-load-without-device]}}
  Net Model;
  torch::load(Model, Path); // expected-warning {{checkpoint loaded by 'torch::load' without a device comes back on the device it was saved from [torch-load-without-device]}}
  std::vector<torch::Tensor> Tensors;
  torch::load(Tensors, "tensors.pt"); // expected-warning {{checkpoint loaded by 'torch::load' without a device comes back on the device it was saved from [torch-load-without-device]}}
  std::istringstream Stream("");
  auto FromStream = torch::jit::load(Stream); // expected-warning {{checkpoint loaded by 'torch::jit::load' without a device comes back on the device it was saved from [torch-load-without-device]}}
  torch::optim::SGD Opt(Model->parameters(), 0.1);
  torch::load(Opt, "opt.pt"); // expected-warning {{checkpoint loaded by 'torch::load' without a device comes back on the device it was saved from [torch-load-without-device]}}
}

void withDeviceInScope(const std::string &Path) {
  torch::Device device(torch::cuda::is_available() ? torch::kCUDA
                                                   : torch::kCPU); // expected-note@-1 {{load onto the device chosen here, 'device'}}
  auto M = torch::jit::load(Path); // expected-warning {{checkpoint loaded by 'torch::jit::load' without a device comes back on the device it was saved from [torch-load-without-device]}}
  M.eval();
  M.to(device); // expected-note 2 {{the project moves 'M' to 'device', a device chosen at run time, here}}
}

// A checkpoint the project saves with torch::save comes from wherever it
// trained, whatever the code does with the model after loading it.
void checkpointThenMoved(const std::string &Path, torch::Device device) { // expected-note {{load onto the device chosen here, 'device'}}
  Net Model;
  torch::load(Model, Path); // expected-warning {{checkpoint loaded by 'torch::load' without a device comes back on the device it was saved from [torch-load-without-device]}}
  Model->to(device);
}

// Moving another module right after the load says nothing of this one.
void scriptedThenOtherMoved(const std::string &Path, torch::Device device) { // expected-note {{load onto the device chosen here, 'device'}}
  Net Model;
  auto Scripted = torch::jit::load(Path); // expected-warning {{checkpoint loaded by 'torch::jit::load' without a device comes back on the device it was saved from [torch-load-without-device]}}
  Model->to(device);
}

// No device in scope, but this unit (the project, under -verify) moves a
// model to a device chosen at run time above: a checkpoint it saved there
// may come from a GPU. No fix-it: no device is in scope to name; the note
// says where the project's device is.
void noDeviceInScope(const std::string &Path) {
  auto Scripted = torch::jit::load(Path); // expected-warning {{checkpoint loaded by 'torch::jit::load' without a device comes back on the device it was saved from [torch-load-without-device]}}
  Net Model;
  torch::load(Model, Path); // expected-warning {{checkpoint loaded by 'torch::load' without a device comes back on the device it was saved from [torch-load-without-device]}}
}

// ---- Must stay silent (no device in scope) ----------------------------

// Tensors read from a file are data (a dataset's prepared images), not a
// model the project trained: with no device in scope the project's moves
// say nothing of where they were saved.
void datasetTensors(const std::string &Path) {
  torch::Tensor Image;
  torch::load(Image, Path);
  std::vector<torch::Tensor> Pair;
  torch::load(Pair, Path);
}

// ---- Templates of the project ---------------------------------------------

// A class template no unit instantiates, as header-only projects write
// them: its device member is a choice (the CPU, or CUDA when asked for), and
// the load in its own body, on a model of a dependent type, is found.
template <class Model> class Segmentor {
public:
  explicit Segmentor(int GpuId) {
    if (GpuId >= 0)
      Device = torch::Device(torch::kCUDA, GpuId);
  }
  void loadWeight(const std::string &Path);

private:
  Model Net{nullptr};
  torch::Device Device = torch::Device(torch::kCPU); // expected-note {{load onto the device chosen here, 'Device'}}
};

template <class Model>
void Segmentor<Model>::loadWeight(const std::string &Path) {
  torch::load(Net, Path); // expected-warning {{checkpoint loaded by 'torch::load' without a device comes back on the device it was saved from [torch-load-without-device]}}
  Net->to(Device);
}

// ---- Must stay silent ----------------------------------------------------

// A dependent load that may already name a device: the third argument's type
// is not known until instantiation.
template <class Model, class Where>
void maybeDevice(Model &M, const std::string &Path, Where W) {
  torch::load(M, Path, W);
}

void negatives(const std::string &Path, torch::Device device) {
  auto A = torch::jit::load(Path, device);
  auto B = torch::jit::load(Path, torch::kCPU);
  Net Model;
  torch::load(Model, Path, device);
  torch::load(Model, Path, torch::Device(torch::kCPU));
  // An explicit c10::nullopt is a decision, not an omission.
  auto C = torch::jit::load(Path, c10::nullopt);
  // Saving needs no device.
  torch::save(Model, Path);
}

// Inside `if (torch::cuda::is_available())` a checkpoint comes back on the
// GPU it was saved from (or the CPU), and is moved; the CPU branch is the one
// that needs a device, and has it.
void guardedLoad(const std::string &Path) {
  torch::Device device(torch::cuda::is_available() ? torch::kCUDA
                                                   : torch::kCPU);
  torch::jit::script::Module M;
  if (torch::cuda::is_available()) {
    M = torch::jit::load(Path);
    M.to(device);
  } else {
    M = torch::jit::load(Path, torch::kCPU);
  }
}

// A TorchScript module that the very next statement moves to a device is a
// file exported for C++ from Python, traced on the CPU so that it loads
// anywhere (the PyTorch tutorial's way); the author placed it on purpose.
// Both spellings: an initialised variable and an assignment.
void scriptedThenMoved(const std::string &Path, torch::Device device) {
  auto Traced = torch::jit::load(Path);
  Traced.to(device);
  torch::jit::script::Module Assigned;
  Assigned = torch::jit::load(Path);
  Assigned.to(device, /*non_blocking=*/true);
}

// The same in a detector's constructor (yasenh/libtorch-yolov5): the member
// is loaded inside a try block that exits on failure, and moved after it;
// the statement between does not touch the module.
class Detector {
public:
  Detector(const std::string &Path, torch::DeviceType Type) : Device_(Type) {
    try {
      Module_ = torch::jit::load(Path);
    } catch (const c10::Error &) {
      std::exit(EXIT_FAILURE);
    }
    Half_ = Device_ != torch::kCPU;
    Module_.to(Device_);
  }

private:
  torch::Device Device_;
  torch::jit::script::Module Module_;
  bool Half_ = false;
};

// A checkpoint this function saved itself, at the same path, comes back on
// the device the model was on.
void saveThenLoad(const std::string &Path, torch::Device device) {
  Net Model;
  Model->to(device);
  torch::save(Model, Path);
  torch::load(Model, Path);
}

// ---- Templates and macros ------------------------------------------------

template <typename M>
void restore(M &Module, const std::string &Path, torch::Device device) { // expected-note {{load onto the device chosen here, 'device'}}
  torch::load(Module, Path); // expected-warning {{checkpoint loaded by 'torch::load' without a device comes back on the device it was saved from [torch-load-without-device]}}
}
template void restore(Net &, const std::string &, torch::Device);

#define LOAD_SCRIPTED(path) torch::jit::load(path)
void macro(const std::string &Path, torch::Device device) { // expected-note {{load onto the device chosen here, 'device'}}
  auto M = LOAD_SCRIPTED(Path); // expected-warning {{checkpoint loaded by 'torch::jit::load' without a device comes back on the device it was saved from [torch-load-without-device]}}
}
