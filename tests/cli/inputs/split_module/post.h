// A post-processing module whose constructor is defined in post.cpp: what it
// holds is known only from that file.
#pragma once
#include <torch/torch.h>

struct PostProcessorImpl : torch::nn::Module {
  explicit PostProcessorImpl(float Threshold);
  torch::Tensor forward(torch::Tensor Scores);
  float Threshold;
};
TORCH_MODULE(PostProcessor);
