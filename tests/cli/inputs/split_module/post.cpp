#include "post.h"

PostProcessorImpl::PostProcessorImpl(float Threshold) : Threshold(Threshold) {}

torch::Tensor PostProcessorImpl::forward(torch::Tensor Scores) {
  return Scores.gt(Threshold);
}
