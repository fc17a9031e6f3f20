#include "postprocess.h"

std::vector<float> keepScores(const torch::Tensor &scores, float threshold) {
  std::vector<float> kept;
  const float *p = scores.data_ptr<float>();
  for (int64_t i = 0; i < scores.numel(); ++i)
    if (p[i] > threshold)
      kept.push_back(p[i]);
  return kept;
}
