// Cases for TorchScript modules (torch::jit::Module): a scripted model is a
// module like any other. It is on the device of jit::load(path, device) or
// of its last .to(device); forward(), run_method() and get_method(name)(...)
// over IValues are module calls, and toTensor(), toTuple()->elements() carry
// what the module computes. The commonest deployment shape, a service that
// loads a model onto the GPU and feeds it tensors built on the host, crashes
// on the first GPU machine and nowhere else.
#include <torch/script.h>
#include <torch/torch.h>

#include <string>
#include <vector>

// The service: loaded onto the device chosen at run time, fed a CPU tensor
// through a vector of IValues.
void service(const std::string &Path, std::vector<float> &Pixels) {
  torch::Device device(torch::cuda::is_available() ? torch::kCUDA
                                                   : torch::kCPU);
  torch::jit::script::Module module = torch::jit::load(Path, device); // expected-note {{'module' is loaded onto 'device' here}}
  module.eval();
  auto input = torch::from_blob(Pixels.data(), {1, 3, 8, 8}); // expected-note {{'input' is created on the CPU here ('torch::from_blob' with no device)}}
  std::vector<torch::jit::IValue> inputs;
  inputs.push_back(input);
  auto out = module.forward(inputs).toTensor(); // expected-warning {{'module' receives tensors on different devices: 'inputs' is on the CPU but the parameters of 'module' are on 'device', chosen at run time at line 17 [torch-device-mismatch]}}
  (void)out;
}

// Moved after the load, fed a brace list.
void movedThenBraced(const std::string &Path, torch::Device device) {
  auto module = torch::jit::load(Path);
  module.to(device); // expected-note {{'module' is moved to 'device' here}} expected-note {{the project moves 'module' to 'device', a device chosen at run time, here}}
  auto x = torch::ones({1, 4}); // expected-note {{'x' is created on the CPU here ('torch::ones' with no device)}}
  auto y = module.forward({x}).toTensor(); // expected-warning {{'module' receives tensors on different devices: 'x' is on the CPU but the parameters of 'module' are on 'device' [torch-device-mismatch]}}
  (void)y;
}

// run_method and get_method(name)(...) are module calls too.
void namedMethods(const std::string &Path, torch::Device device) {
  torch::jit::Module module = torch::jit::load(Path, device); // expected-note 2 {{'module' is loaded onto 'device' here}}
  auto a = torch::zeros({2, 4}); // expected-note {{'a' is created on the CPU here ('torch::zeros' with no device)}}
  auto r = module.run_method("encode", a); // expected-warning {{'module' receives tensors on different devices: 'a' is on the CPU but the parameters of 'module' are on 'device' [torch-device-mismatch]}}
  auto b = torch::randn({2, 4}); // expected-note {{'b' is created on the CPU here ('torch::randn' with no device)}}
  auto s = module.get_method("decode")({b}); // expected-warning {{'module' receives tensors on different devices: 'b' is on the CPU but the parameters of 'module' are on 'device' [torch-device-mismatch]}}
  (void)r, (void)s;
}

// What the module computes is on its device: a CPU tensor meeting its
// output, through a tuple's elements, is the stray.
void outputsCarryTheDevice(const std::string &Path, torch::Device device) {
  auto module = torch::jit::load(Path, device); // expected-note {{'module' is loaded onto 'device' here}}
  auto x = torch::randn({1, 4}).to(device);
  auto result = module.forward({x}); // expected-note {{'result' is computed by 'module' here}}
  auto boxes = result.toTuple()->elements()[0].toTensor();
  auto scale = torch::tensor({2.0f, 2.0f, 2.0f, 2.0f}); // expected-note {{'scale' is created on the CPU here ('torch::tensor' with no device)}}
  auto scaled = boxes * scale; // expected-warning {{'operator*' receives tensors on different devices: 'scale' is on the CPU but 'boxes' is on 'device' [torch-device-mismatch]}}
  (void)scaled;
}

// torch::load(module, path, device) leaves the parameters on device.
struct NetImpl : torch::nn::Module {
  NetImpl() { fc = register_module("fc", torch::nn::Linear(4, 2)); }
  torch::Tensor forward(torch::Tensor x) { return fc(x); }
  torch::nn::Linear fc{nullptr};
};
TORCH_MODULE(Net);
void checkpointOntoDevice(const std::string &Path, torch::Device device) {
  Net model;
  torch::load(model, Path, device);
  auto x = torch::randn({1, 4}).to(device);
  auto y = model(x); // Silent: the load put the parameters on 'device'.
  (void)y;
}

// ---- Must stay silent ------------------------------------------------------

// Inputs moved to the module's device before the call.
void inputsMoved(const std::string &Path, torch::Device device) {
  auto module = torch::jit::load(Path, device);
  std::vector<torch::jit::IValue> inputs;
  inputs.push_back(torch::ones({1, 4}).to(device));
  inputs.push_back(3); // A number is no tensor: any device takes it.
  auto out = module.forward(inputs).toTensor();
  (void)out;
}

// A load with no device gives a module wherever it was saved: unknown, so
// its CPU input is no device mismatch. torch-load-without-device speaks of
// the load, since this unit (the project, under -verify) moves modules to a
// device chosen at run time.
void unknownWhereSaved(const std::string &Path) {
  auto module = torch::jit::load(Path); // expected-warning {{checkpoint loaded by 'torch::jit::load' without a device comes back on the device it was saved from [torch-load-without-device]}}
  auto out = module.forward({torch::ones({1, 4})}).toTensor();
  (void)out;
}

// A CPU-only tool: the module is loaded onto the CPU and fed CPU tensors.
void cpuTool(const std::string &Path) {
  auto module = torch::jit::load(Path, torch::kCPU);
  auto out = module.forward({torch::ones({1, 4})}).toTensor();
  auto doubled = out * torch::ones({1, 2});
  (void)doubled;
}

// The module's output copied to the host before it meets host tensors.
void outputCopiedBack(const std::string &Path, torch::Device device) {
  auto module = torch::jit::load(Path, device);
  auto out = module.forward({torch::ones({1, 4}).to(device)}).toTensor().cpu();
  auto shifted = out + torch::ones({1, 2});
  (void)shifted;
}

// Dtypes: a scripted model's parameters are Float unless it was saved in
// another dtype. A Double input fails in its first layer ("Input type
// (double) and bias type (float) should be the same") on any machine.
void doubleFeatures(const std::string &Path) {
  auto module = torch::jit::load(Path, torch::kCPU);
  auto x = torch::rand({1, 4}, torch::kFloat64); // expected-note {{'x' is created as Double here ('torch::rand' with dtype Double)}}
  auto out = module.forward({x}).toTensor(); // expected-warning {{'module' receives tensors of different dtypes: 'x' is Double but the parameters of 'module' are Float [torch-dtype-mismatch]}} expected-note {{'module' is a TorchScript module: its parameters are Float unless it was saved in another dtype}}
  (void)out;
}

// A wrapper whose input reaches the module: its callers are checked.
struct Scorer {
  explicit Scorer(const std::string &Path)
      : Module(torch::jit::load(Path, torch::kCPU)) {}
  torch::Tensor score(const torch::Tensor &Features) {
    std::vector<torch::jit::IValue> Inputs{Features};
    return Module.forward(Inputs).toTensor(); // expected-warning {{'Module.forward' receives tensors of different dtypes: 'Features' is Double but the parameters of 'Module' are Float [torch-dtype-mismatch]}} expected-note {{'Module' is a TorchScript module: its parameters are Float unless it was saved in another dtype}}
  }
  torch::jit::Module Module;
};

void scoreDoubles(Scorer &S) {
  auto Stats = torch::zeros({1, 4}, torch::kDouble); // expected-note {{'Stats' is created as Double here ('torch::zeros' with dtype Double)}}
  S.score(Stats); // expected-note {{'Stats' is passed to 'score' as 'Features' here}}
}

// Silent: token ids are Long, and a scripted encoder takes them as they
// are (an embedding's indices); Float features are the model's dtype.
void idsAndFeatures(Scorer &S, const std::string &Path) {
  auto module = torch::jit::load(Path, torch::kCPU);
  auto ids = torch::arange(8).unsqueeze(0);
  auto encoded = module.forward({ids}).toTensor();
  S.score(torch::rand({1, 4}));
  S.score(torch::arange(4).unsqueeze(0));
  (void)encoded;
}

// Silent: converted to Float before the model.
void convertedFirst(const std::string &Path) {
  auto module = torch::jit::load(Path, torch::kCPU);
  auto x = torch::rand({1, 4}, torch::kFloat64);
  auto out = module.forward({x.to(torch::kFloat)}).toTensor();
  (void)out;
}
