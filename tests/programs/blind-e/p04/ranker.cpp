#include "ranker.h"

#include <vector>

ScriptedRanker::ScriptedRanker(const std::string& path, torch::Device device)
    : device_(device), module_(torch::jit::load(path, device)) {
  module_.eval();
}

torch::jit::IValue ScriptedRanker::score(const torch::Tensor& user,
                                         const torch::Tensor& items) {
  torch::NoGradGuard no_grad;
  std::vector<torch::jit::IValue> args;
  args.emplace_back(user.to(device_));
  args.emplace_back(items);
  return module_.get_method("score")(args);  //@bug P04A torch-device-mismatch
}

std::unique_ptr<Ranker> load_ranker(const std::string& path,
                                    torch::Device device) {
  return std::make_unique<ScriptedRanker>(path, device);
}
