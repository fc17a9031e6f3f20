// A detection head that holds the post-processor as a plain member.
#pragma once
#include "post.h"

struct HeadImpl : torch::nn::Module {
  HeadImpl();
  torch::Tensor forward(torch::Tensor X);
  torch::nn::Linear fc{nullptr};
  PostProcessor post{nullptr};
};
TORCH_MODULE(Head);
