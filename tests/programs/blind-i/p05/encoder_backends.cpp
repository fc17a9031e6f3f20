#include <iostream>

#include "encoder_backend.h"

namespace {

EncoderOutput read_outputs(const torch::jit::IValue& result) {
  const auto dict = result.toGenericDict();
  return EncoderOutput{dict.at("token_states").toTensor(), dict.at("cls").toTensor()};
}

class CpuClaimEncoder : public ClaimEncoder {
 public:
  explicit CpuClaimEncoder(const std::string& path)
      : module_(torch::jit::load(path, torch::Device(torch::kCPU))) {
    module_.eval();
  }
  torch::Device device() const override { return torch::Device(torch::kCPU); }
  EncoderOutput encode(const torch::Tensor& input_ids, const torch::Tensor& attention_mask) override {
    torch::InferenceMode guard;
    return read_outputs(module_.get_method("encode")({input_ids, attention_mask}));
  }

 private:
  torch::jit::Module module_;
};

class CudaClaimEncoder : public ClaimEncoder {
 public:
  explicit CudaClaimEncoder(const std::string& path)
      : device_(torch::kCUDA, 0), module_(torch::jit::load(path, device_)) {
    module_.eval();
  }
  torch::Device device() const override { return device_; }
  EncoderOutput encode(const torch::Tensor& input_ids, const torch::Tensor& attention_mask) override {
    torch::InferenceMode guard;
    std::vector<torch::jit::IValue> inputs{input_ids.to(device_), attention_mask.to(device_)};
    return read_outputs(module_.get_method("encode")(inputs));
  }

 private:
  torch::Device device_;
  torch::jit::Module module_;
};

}  // namespace

std::unique_ptr<ClaimEncoder> load_claim_encoder(const std::string& path, bool use_gpu) {
  if (use_gpu && torch::cuda::is_available()) return std::make_unique<CudaClaimEncoder>(path);
  if (use_gpu) std::cerr << "no CUDA device: encoding claims on the CPU\n";
  return std::make_unique<CpuClaimEncoder>(path);
}
