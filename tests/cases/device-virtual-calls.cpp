// Cases for virtual calls: a backend interface whose overriders run a
// module on their own device. A tensor created on the CPU and handed to the
// virtual method fails inside the CUDA overrider on a GPU machine
// ("Expected all tensors to be on the same device"); the call is where it
// must be moved (torch-device-mismatch).
#include <torch/script.h>
#include <torch/torch.h>

#include <memory>
#include <string>
#include <vector>

class Backend {
public:
  virtual ~Backend() = default;
  virtual torch::Tensor run(const torch::Tensor &X) = 0;
};

// Runs a module that stays on the CPU: CPU input is right here.
class CpuBackend : public Backend {
public:
  torch::Tensor run(const torch::Tensor &X) override { return Net(X); }

private:
  torch::nn::Linear Net{4, 2};
};

// Runs a scripted module loaded onto the GPU.
class CudaBackend : public Backend {
public:
  explicit CudaBackend(const std::string &Path)
      : Module(torch::jit::load(Path, torch::Device(torch::kCUDA, 0))) {} // expected-note {{'Module' is loaded onto cuda:0 here}}
  torch::Tensor run(const torch::Tensor &X) override {
    std::vector<torch::jit::IValue> Inputs{X};
    return Module.forward(Inputs).toTensor();
  }

private:
  torch::jit::Module Module;
};

std::unique_ptr<Backend> openBackend(const std::string &Path) {
  if (torch::cuda::is_available())
    return std::make_unique<CudaBackend>(Path);
  return std::make_unique<CpuBackend>();
}

// Bug: the input stays on the CPU whichever backend runs it.
torch::Tensor infer(Backend &B) {
  auto X = torch::rand({1, 4}); // expected-note {{'X' is created on the CPU here ('torch::rand' with no device)}}
  return B.run(X); // expected-warning {{'Module' in 'CudaBackend::run' receives tensors on different devices: 'X' is on the CPU but the parameters of 'Module' are on cuda:0 [torch-device-mismatch]}} expected-note {{'X' is passed to 'run' as 'X' here; when 'B' is a 'CudaBackend', 'CudaBackend::run' meets it with 'Module' at line 35}}
}

// The caller's own input: wherever its callers put it.
torch::Tensor inferInput(Backend &B, const torch::Tensor &X) { return B.run(X); }

// A call on a CpuBackend runs that overrider only.
torch::Tensor inferCpu(CpuBackend &B) { return B.run(torch::rand({1, 4})); }

// Moved to the device the caller names: not a CPU tensor here.
torch::Tensor inferMoved(Backend &B, torch::Device Device) {
  return B.run(torch::rand({1, 4}).to(Device));
}

// What a virtual call returns: the output of whichever overrider runs. An
// embedder on the CPU returns CPU tensors, one on the GPU returns its
// device's; to the caller the result is on the embedder's device, chosen at
// run time, and a host tensor meeting it fails whenever the GPU one runs.
struct EmbedderOutputs {
  torch::Tensor Logits, Embeddings;
};

class Embedder {
public:
  virtual ~Embedder() = default;
  virtual torch::Device device() const = 0;
  virtual torch::Tensor embed(const torch::Tensor &X) = 0;
  virtual EmbedderOutputs score(const torch::Tensor &X) = 0;
};

// The scripted model returns a (logits, embeddings) tuple.
EmbedderOutputs unpack(const torch::jit::IValue &Out) {
  auto Elems = Out.toTuple()->elements();
  return EmbedderOutputs{Elems[0].toTensor(), Elems[1].toTensor()};
}

class HostEmbedder : public Embedder {
public:
  explicit HostEmbedder(const std::string &Path)
      : Module(torch::jit::load(Path, torch::kCPU)) {}
  torch::Device device() const override { return torch::kCPU; }
  torch::Tensor embed(const torch::Tensor &X) override {
    return Module.run_method("embed", X).toTensor();
  }
  EmbedderOutputs score(const torch::Tensor &X) override {
    return unpack(Module.forward({X}));
  }

private:
  torch::jit::Module Module;
};

class GpuEmbedder : public Embedder {
public:
  explicit GpuEmbedder(const std::string &Path) : Device(torch::kCUDA, 0) {
    Module = torch::jit::load(Path);
    Module.to(Device);
  }
  torch::Device device() const override { return Device; }
  torch::Tensor embed(const torch::Tensor &X) override {
    return Module.run_method("embed", X.to(Device)).toTensor();
  }
  EmbedderOutputs score(const torch::Tensor &X) override {
    return unpack(Module.forward({X.to(Device)}));
  }

private:
  torch::Device Device;
  torch::jit::Module Module;
};

std::unique_ptr<Embedder> openEmbedder(const std::string &Path) {
  if (torch::cuda::is_available())
    return std::make_unique<GpuEmbedder>(Path);
  return std::make_unique<HostEmbedder>(Path);
}

// Bug: the reference embeddings stay on the host.
torch::Tensor similarity(Embedder &S, const torch::Tensor &X) {
  auto Reference = torch::rand({1, 16}); // expected-note {{'Reference' is created on the CPU here ('torch::rand' with no device)}}
  return (S.embed(X) * Reference).sum(1); // expected-warning {{'operator*' receives tensors on different devices: 'Reference' is on the CPU but 'S.embed(X)' is on the device of 'S' [torch-device-mismatch]}} expected-note {{'S.embed(X)' is returned by 'embed' here, on the device of 'S': the CPU when it is a 'HostEmbedder', cuda:0 when it is a 'GpuEmbedder'}}
}

// Bug: the same through a field of the returned struct, which the
// overriders fill from the model's output with a helper.
torch::Tensor weighted(Embedder &S, const torch::Tensor &X) {
  auto Weights = torch::ones({1, 4}); // expected-note {{'Weights' is created on the CPU here ('torch::ones' with no device)}}
  EmbedderOutputs Out = S.score(X); // expected-note {{'Out.Logits' is returned by 'score' here, on the device of 'S': the CPU when it is a 'HostEmbedder', cuda:0 when it is a 'GpuEmbedder'}}
  return Out.Logits * Weights; // expected-warning {{'operator*' receives tensors on different devices: 'Weights' is on the CPU but 'Out.Logits' is on the device of 'S' [torch-device-mismatch]}}
}

// Moved to where the result is, or the result brought to the host: right.
torch::Tensor similarityMoved(Embedder &S, const torch::Tensor &X) {
  auto Reference = torch::rand({1, 16});
  auto Embedding = S.embed(X);
  auto OnHost = S.score(X).Logits.cpu() * torch::ones({1, 4});
  return (Embedding * Reference.to(Embedding.device())).sum(1) + OnHost.sum();
}

// The embedder's own device, asked for: the same run-time choice as the
// result's is not known to differ from it, so silent.
torch::Tensor similarityOnDevice(Embedder &S, const torch::Tensor &X) {
  return S.embed(X) * torch::rand({1, 16}, S.device());
}

// A call on a HostEmbedder runs that overrider only: CPU with CPU.
torch::Tensor similarityHost(HostEmbedder &S, const torch::Tensor &X) {
  return S.embed(X) * torch::rand({1, 16});
}

int main(int Argc, char **Argv) {
  auto B = openBackend(Argc > 1 ? Argv[1] : "model.pt");
  auto Y = infer(*B);
  auto S = openEmbedder(Argc > 2 ? Argv[2] : "scorer.pt");
  auto X = torch::rand({1, 4});
  auto Z = similarity(*S, X) + weighted(*S, X).sum() +
           similarityMoved(*S, X) + similarityOnDevice(*S, X).sum();
  return (Y.sum() + Z.sum()).item<float>() > 0;
}
