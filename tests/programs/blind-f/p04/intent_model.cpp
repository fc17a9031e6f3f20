#include "intent_model.h"

#include <vector>

ScriptedIntentBackend::ScriptedIntentBackend(const std::string& path,
                                             torch::Device device)
    : device_(device), module_(torch::jit::load(path, device)) {
  module_.eval();
}

torch::Tensor ScriptedIntentBackend::hidden(const torch::Tensor& ids,
                                            const torch::Tensor& mask) {
  torch::NoGradGuard no_grad;
  std::vector<torch::jit::IValue> args{ids, mask};
  return module_.get_method("encode")(args).toTensor();
}

torch::Tensor ScriptedIntentBackend::head(const torch::Tensor& pooled) {
  torch::NoGradGuard no_grad;
  return module_.run_method("classify", pooled).toTensor();
}

torch::Tensor IntentModel::logits(const Encoded& enc) {
  const torch::Device dev = backend_->device();
  auto ids = enc.input_ids.to(dev);
  auto mask = enc.attention_mask.to(dev);
  auto states = backend_->hidden(ids, mask);           // [1, L, H] on dev
  auto weights = enc.attention_mask.unsqueeze(-1);     //@bug P04B torch-device-mismatch
  auto pooled = (states * weights).sum(1) /            //@bug P04B torch-device-mismatch
                weights.sum(1).clamp_min(1.0);
  return backend_->head(pooled);
}

std::unique_ptr<IntentBackend> load_intent_backend(const std::string& path,
                                                   const std::string& device_spec) {
  torch::Device device(torch::kCPU);
  if (device_spec == "auto") {
    if (torch::cuda::is_available()) device = torch::Device(torch::kCUDA, 0);
  } else {
    device = torch::Device(device_spec);
  }
  return std::make_unique<ScriptedIntentBackend>(path, device);
}
