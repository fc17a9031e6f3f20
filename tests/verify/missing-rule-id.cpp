// --verify must fail here: the expectation matches the message but names no
// rule, so it would pass with the finding reported by another rule.
#include <torch/torch.h>

void discard(torch::Device device) {
  auto images = torch::randn({8, 4});
  images.to(device); // expected-warning {{result of 'images.to(device)' is discarded; Tensor::to returns a new tensor and leaves 'images' unchanged}}
}
