#include "head.h"

HeadImpl::HeadImpl() {
  fc = register_module("fc", torch::nn::Linear(4, 2));
  post = PostProcessor(0.5f);
}

torch::Tensor HeadImpl::forward(torch::Tensor X) { return post(fc(X)); }
