#include "embedder.h"

#include <vector>

namespace F = torch::nn::functional;

namespace {

torch::Tensor first_output(const torch::jit::IValue& out) {
  auto elems = out.toTuple()->elements();
  return elems.at(0).toTensor();
}

}  // namespace

CpuEmbedder::CpuEmbedder(const std::string& path)
    : module_(torch::jit::load(path, torch::Device(torch::kCPU))) {
  module_.eval();
}

torch::Tensor CpuEmbedder::embed(const torch::Tensor& feats) {
  torch::NoGradGuard no_grad;
  std::vector<torch::jit::IValue> inputs{feats};
  auto emb = first_output(module_.get_method("embed")(inputs));
  return F::normalize(emb, F::NormalizeFuncOptions().dim(1));
}

CudaEmbedder::CudaEmbedder(const std::string& path, torch::Device device)
    : device_(device), module_(torch::jit::load(path)) {
  module_.to(device_);
  module_.eval();
}

torch::Tensor CudaEmbedder::embed(const torch::Tensor& feats) {
  torch::NoGradGuard no_grad;
  std::vector<torch::jit::IValue> inputs;
  inputs.emplace_back(feats);
  auto emb = first_output(module_.get_method("embed")(inputs));
  return F::normalize(emb, F::NormalizeFuncOptions().dim(1));
}

std::unique_ptr<SpeakerEmbedder> make_embedder(const std::string& path,
                                               bool prefer_gpu) {
  if (prefer_gpu && torch::cuda::is_available()) {
    return std::make_unique<CudaEmbedder>(path, torch::Device(torch::kCUDA, 0));
  }
  return std::make_unique<CpuEmbedder>(path);
}
