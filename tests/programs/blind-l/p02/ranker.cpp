#include "ranker.h"

namespace reco {

Ranker::Ranker(const std::string& model_path, torch::Device device) : device_(device) {
  module_ = torch::jit::load(model_path);
  module_.to(device_);
  module_.eval();
}

RankResult Ranker::score(const RankRequest& request) {
  torch::NoGradGuard no_grad;
  std::vector<torch::jit::IValue> inputs;
  inputs.push_back(request.user_ids.to(device_));
  inputs.push_back(request.item_ids.to(device_));
  inputs.push_back(request.context);
  auto output = module_.forward(inputs).toTuple();
  const auto& elements = output->elements();
  return {elements[0].toTensor(), elements[1].toTensor()};
}

}  // namespace reco
