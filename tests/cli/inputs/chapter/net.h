// A chapter of examples: two programs in one folder (train.cpp and eval.cpp
// each define main()), sharing this header and net.cpp.
#pragma once
#include <torch/torch.h>

#include <string>

struct NetImpl : torch::nn::Module {
  NetImpl() { fc = register_module("fc", torch::nn::Linear(2, 2)); }
  torch::Tensor forward(torch::Tensor X) { return fc(X); }
  torch::nn::Linear fc{nullptr};
};
TORCH_MODULE(Net);

void restore(Net &Model, const std::string &Path);
