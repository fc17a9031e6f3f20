// A helper declared for the training program, defined in utils.cpp.
#pragma once
#include <torch/torch.h>
torch::Tensor addNoise(torch::Tensor X);
