#pragma once

#include "config.h"

#include <torch/script.h>

class Server {
public:
  explicit Server(ServeConfig cfg);
  torch::Tensor infer(const torch::Tensor &image);

private:
  ServeConfig cfg_;
  torch::jit::Module model_;
};
