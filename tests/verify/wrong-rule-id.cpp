// --verify must fail here: the message is right but the finding is not
// torch-hardcoded-device's.
#include <torch/torch.h>

void discard(torch::Device device) {
  auto images = torch::randn({8, 4});
  images.to(device); // expected-warning {{result of 'images.to(device)' is discarded; Tensor::to returns a new tensor and leaves 'images' unchanged [torch-hardcoded-device]}}
}
