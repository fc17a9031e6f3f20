// Cases for torch-hardcoded-device: a CUDA device named where no
// torch::cuda::is_available() (or equivalent) guard dominates the use.
#include <torch/torch.h>

#include <stdexcept>

void positives() {
  torch::Device gpu(torch::kCUDA); // expected-warning {{CUDA device 'torch::kCUDA' is used without a torch::cuda::is_available() guard [torch-hardcoded-device]}}
  torch::Device second(torch::kCUDA, 1); // expected-warning {{CUDA device 'torch::kCUDA' is used without a torch::cuda::is_available() guard [torch-hardcoded-device]}}
  torch::Device named("cuda:1"); // expected-warning {{CUDA device "cuda:1" is used without a torch::cuda::is_available() guard [torch-hardcoded-device]}}
  auto x = torch::ones({2});
  auto y = x.to("cuda"); // expected-warning {{CUDA device "cuda" is used without a torch::cuda::is_available() guard [torch-hardcoded-device]}}
  auto z = x.cuda(); // expected-warning {{'x.cuda()' moves the tensor to a CUDA device without a torch::cuda::is_available() guard [torch-hardcoded-device]}}
  auto w = x.to(at::kCUDA); // expected-warning {{CUDA device 'at::kCUDA' is used without a torch::cuda::is_available() guard [torch-hardcoded-device]}}
  torch::cuda::synchronize(); // expected-warning {{CUDA-only call 'torch::cuda::synchronize' is made without a torch::cuda::is_available() guard [torch-hardcoded-device]}}
  (void)y, (void)z, (void)w;
}

// A condition that says nothing about CUDA is no guard.
void unrelatedCondition(bool Verbose, torch::Tensor x) {
  if (Verbose)
    x = x.to(torch::kCUDA); // expected-warning {{CUDA device 'torch::kCUDA' is used without a torch::cuda::is_available() guard [torch-hardcoded-device]}}
  // The guard is in the wrong branch.
  if (torch::cuda::is_available()) {
  } else {
    x = x.cuda(); // expected-warning {{'x.cuda()' moves the tensor to a CUDA device without a torch::cuda::is_available() guard [torch-hardcoded-device]}}
  }
}

// With a run-time device variable in scope, the fix routes through it.
void routeThroughVariable(torch::Tensor x) {
  torch::Device device(torch::cuda::is_available() ? torch::kCUDA
                                                   : torch::kCPU); // expected-note@-1 2 {{use the device chosen here, 'device'}}
  x = x.to(torch::kCUDA); // expected-warning {{CUDA device 'torch::kCUDA' is used without a torch::cuda::is_available() guard [torch-hardcoded-device]}}
  x = x.cuda(); // expected-warning {{'x.cuda()' moves the tensor to a CUDA device without a torch::cuda::is_available() guard [torch-hardcoded-device]}}
}

// ---- Must stay silent ----------------------------------------------------

// The idiom: a run-time choice between CUDA and the CPU.
torch::Device choose() {
  return torch::cuda::is_available() ? torch::kCUDA : torch::kCPU;
}

// Any ternary choosing between CUDA and the CPU is an explicit choice made
// by the program (a command-line flag, say); which one is not ours to judge.
torch::Device fromFlag(bool UseGpu) {
  return torch::Device(UseGpu ? torch::kCUDA : torch::kCPU);
}

void guardedIf(torch::Tensor x) {
  if (torch::cuda::is_available())
    x = x.to(torch::kCUDA);
  if (torch::cuda::device_count() > 0)
    x = x.cuda();
  if (torch::cuda::device_count() >= 2)
    x = x.to(torch::Device(torch::kCUDA, 1));
  if (!torch::cuda::is_available()) {
    x = x.cpu();
  } else {
    torch::cuda::synchronize();
  }
  // A conjunction holds both of its sides.
  if (x.numel() > 0 && torch::cuda::is_available())
    x = x.to("cuda");
  // The right side of && runs only when the left side holds.
  bool Moved = torch::cuda::is_available() && x.cuda().defined();
  (void)Moved;
}

void guardedByVariable(torch::Tensor x) {
  // A bool remembered from a guard is a guard.
  const bool UseCuda = torch::cuda::is_available();
  if (UseCuda)
    x = x.cuda();
  torch::Device device(UseCuda ? torch::kCUDA : torch::kCPU);
  x = x.to(device);
}

void guardedByDevice(torch::Device device, torch::Tensor x) {
  // Asking the device what it is.
  if (device.is_cuda())
    torch::cuda::synchronize();
  if (!device.is_cpu())
    x = x.cuda();
  if (x.is_cuda())
    x = x.to(torch::kCUDA);
  // Comparing with kCUDA inspects a device; it does not choose one.
  if (device.type() == torch::kCUDA)
    torch::cuda::synchronize();
  switch (device.type()) {
  case torch::kCUDA:
    torch::cuda::synchronize();
    break;
  default:
    break;
  }
}

void earlyExit(torch::Tensor x) {
  if (!torch::cuda::is_available())
    return;
  x = x.cuda();
}

void earlyThrow(torch::Tensor x) {
  if (torch::cuda::device_count() == 0) {
    throw std::runtime_error("this tool needs a GPU");
  }
  x = x.to(torch::kCUDA);
}

void loopContinue(std::vector<torch::Tensor> &Ts) {
  for (auto &T : Ts) {
    if (!T.is_cuda() || !torch::cuda::is_available())
      continue;
    T = T.to(torch::kCUDA);
  }
}

void torchCheck(torch::Tensor x) {
  TORCH_CHECK(torch::cuda::is_available(), "a GPU is required");
  x = x.cuda();
}

void lambdaInsideGuard(torch::Tensor x) {
  if (torch::cuda::is_available()) {
    auto Move = [](torch::Tensor t) { return t.cuda(); };
    x = Move(x);
  }
}

// Seeding CUDA and querying it are safe without a GPU.
void safeQueries() {
  torch::cuda::manual_seed_all(7);
  (void)torch::cuda::device_count();
}

// ---- Templates and macros ------------------------------------------------

template <typename T> T toGpu(T Value) {
  return Value.cuda(); // expected-warning {{'Value.cuda()' moves the tensor to a CUDA device without a torch::cuda::is_available() guard [torch-hardcoded-device]}}
}
template torch::Tensor toGpu(torch::Tensor);

#define GPU torch::kCUDA
void macroUse(torch::Tensor x) {
  x = x.to(GPU); // expected-warning {{CUDA device 'GPU' is used without a torch::cuda::is_available() guard [torch-hardcoded-device]}}
}

// ---- Guards public code writes, which must stay silent --------------------

struct RunConfig {
  int gpu_count = 0;
  int gpu_id = -1;
};

// A count set only where CUDA was found guards what it counts.
struct Runner {
  RunConfig config;
  Runner() {
    if (torch::cuda::is_available())
      config.gpu_count = static_cast<int>(torch::cuda::device_count());
  }
  torch::Tensor run(torch::Tensor x) {
    if (config.gpu_count > 0)
      return x.cuda();
    return x;
  }
};

// A device the user asked for by number (a --gpu option) is the user's
// choice, not a hard-coded one.
void chosenGpu(const RunConfig &c) {
  if (c.gpu_id >= 0) {
    torch::Device d(torch::kCUDA, c.gpu_id);
    (void)d;
  }
}

// An early throw when there is no GPU guards what follows.
torch::Tensor needsGpu(torch::Tensor x) {
  if (torch::getNumGPUs() == 0)
    throw std::runtime_error("this program needs a GPU");
  return x.cuda();
}

// An index checked against the number of GPUs, with an early throw: past
// the check, the device it names exists.
torch::Tensor onGpu(torch::Tensor x, int gpu_id) {
  if (gpu_id >= torch::getNumGPUs())
    throw std::runtime_error("no such GPU");
  return x.cuda();
}

// A loop over the devices runs its body only where there are some.
void everyGpu() {
  for (int i = 0; i < static_cast<int>(torch::cuda::device_count()); ++i)
    (void)torch::ones({2}).to(torch::Device(torch::kCUDA, i));
}

// A helper whose every caller checked for CUDA.
torch::Tensor gpuOnlyHelper(torch::Tensor x) { return x.cuda(); }
torch::Tensor callsHelper(torch::Tensor x) {
  if (torch::cuda::is_available())
    return gpuOnlyHelper(x);
  return x;
}

// A flag remembered from the guard, and one set only under it.
void flags(torch::Tensor x) {
  bool cuda = torch::cuda::is_available();
  if (cuda)
    x = x.to(torch::kCUDA);
  bool use_gpu = false;
  if (torch::cuda::is_available())
    use_gpu = true;
  if (use_gpu)
    x = x.cuda();
}

// The same flag, but also set without a guard: it proves nothing.
void unguardedFlag(torch::Tensor x, bool force) {
  bool use_gpu = false;
  if (force)
    use_gpu = true;
  if (use_gpu)
    x = x.cuda(); // expected-warning {{'x.cuda()' moves the tensor to a CUDA device without a torch::cuda::is_available() guard [torch-hardcoded-device]}}
}

// A CUDA default argument that every caller overrides is never used: silent.
torch::Tensor sample(torch::Tensor x,
                     torch::Device device = torch::Device(torch::kCUDA, 0)) {
  return x.to(device);
}
torch::Tensor sampleEverywhere(torch::Tensor x, torch::Device chosen) {
  return sample(x, chosen);
}

// One that a call takes is used, and reported.
torch::Tensor denoise(torch::Tensor x,
                      torch::Device device = torch::Device(torch::kCUDA, 0)) { // expected-warning {{CUDA device 'torch::kCUDA' is used without a torch::cuda::is_available() guard [torch-hardcoded-device]}}
  return x.to(device);
}
torch::Tensor denoiseDefault(torch::Tensor x) { return denoise(x); }

// ---- The device chosen by name or where the object is built ---------------

// CUDA when the user names it or when it is there: the program falls back
// to the CPU, and a user who names CUDA on a machine without it gets the
// error they asked for. Silent.
torch::Device fromFlag(const std::string &Flag) {
  torch::Device device(torch::kCPU);
  if (Flag == "cuda" || (Flag == "auto" && torch::cuda::is_available()))
    device = torch::Device(torch::kCUDA);
  return device;
}

// A flag compared with something that names no GPU is no request for one.
torch::Device fromOtherFlag(const std::string &Flag) {
  torch::Device device(torch::kCPU);
  if (Flag == "fast" || (Flag == "auto" && torch::cuda::is_available()))
    device = torch::Device(torch::kCUDA); // expected-warning {{CUDA device 'torch::kCUDA' is used without a torch::cuda::is_available() guard [torch-hardcoded-device]}}
  return device;
}

// A class whose CUDA member is a choice made where its objects are built:
// this unit builds it only once CUDA is found. Silent.
class GpuPredictor {
public:
  torch::Tensor run(torch::Tensor x) { return x.to(device_); }

private:
  torch::Device device_{torch::kCUDA, 0};
};
std::unique_ptr<GpuPredictor> makePredictor() {
  if (torch::cuda::is_available())
    return std::make_unique<GpuPredictor>();
  return nullptr;
}

// The same member in a class built with no guard is reported.
class GpuWorker {
public:
  torch::Tensor run(torch::Tensor x) { return x.to(device_); }

private:
  torch::Device device_{torch::kCUDA, 0}; // expected-warning {{CUDA device 'torch::kCUDA' is used without a torch::cuda::is_available() guard [torch-hardcoded-device]}}
};
torch::Tensor runWorker(torch::Tensor x) {
  GpuWorker Worker;
  return Worker.run(x);
}

// A backend interface with a CUDA implementation that names its device in a
// member function: this unit builds the CUDA class only once CUDA is found,
// so its member functions run only then. Silent.
class Backend {
public:
  virtual ~Backend() = default;
  virtual torch::Device device() const = 0;
};
class CudaBackend final : public Backend {
public:
  torch::Device device() const override { return {torch::kCUDA, 0}; }
};
class CpuBackend final : public Backend {
public:
  torch::Device device() const override { return torch::kCPU; }
};
std::unique_ptr<Backend> openBackend(bool AllowGpu) {
  if (AllowGpu && torch::cuda::is_available())
    return std::make_unique<CudaBackend>();
  return std::make_unique<CpuBackend>();
}

// The same member function in a class that a derived class's unguarded
// construction also runs: reported.
class GpuStage {
public:
  virtual ~GpuStage() = default;
  torch::Device device() const { return {torch::kCUDA, 0}; } // expected-warning {{CUDA device 'torch::kCUDA' is used without a torch::cuda::is_available() guard [torch-hardcoded-device]}}
};
class TracedGpuStage : public GpuStage {};
std::unique_ptr<GpuStage> openStage(bool Traced) {
  if (Traced)
    return std::make_unique<TracedGpuStage>();
  if (torch::cuda::is_available())
    return std::make_unique<GpuStage>();
  return nullptr;
}
