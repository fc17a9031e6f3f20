#include "server.h"

Server::Server(ServeConfig cfg) : cfg_(std::move(cfg)) {
  // Comes back where it was saved; never moved to cfg_.device.
  model_ = torch::jit::load(cfg_.model_path);
  model_.eval();
}

torch::Tensor Server::infer(const torch::Tensor &image) {
  std::vector<torch::jit::IValue> inputs{image.to(cfg_.device)};
  return model_.forward(inputs).toTensor();
}
