// Run with torch-device-mismatch alone (tests/CMakeLists.txt): the causes
// that torch-factory-missing-device and torch-discarded-move claim when they
// run are then the mismatch rule's to report, so the bug is still reported
// once. tests/cases/torch-factory-missing-device.cpp and
// tests/cases/torch-device-mismatch.cpp (discardedMove) hold the same shapes
// with every rule on, where the claiming rules report them instead.
#include <torch/torch.h>

struct AttentionImpl : torch::nn::Module {
  AttentionImpl() { proj = register_module("proj", torch::nn::Linear(8, 8)); }

  torch::Tensor forward(torch::Tensor x) {
    auto mask = torch::ones({8}); // expected-note {{'mask' is created on the CPU here ('torch::ones' with no device)}}
    auto h = proj(x); // expected-note {{'h' is computed by 'proj' here}}
    return h * mask; // expected-warning {{'operator*' receives tensors on different devices: 'mask' is on the CPU but 'h' is on the device of input 'x' [torch-device-mismatch]}}
  }

  torch::nn::Linear proj{nullptr};
};

void discardedMove(torch::Device device) {
  auto out = torch::randn({4, 3}).to(device); // expected-note {{'out' is moved to 'device' here}}
  auto labels = torch::tensor({0, 1, 2, 0}); // expected-note {{'labels' is created on the CPU here ('torch::tensor' with no device)}}
  labels.to(device);
  auto loss = torch::nn::functional::cross_entropy(out, labels); // expected-warning {{'torch::nn::functional::cross_entropy' receives tensors on different devices: 'labels' (argument 'target') is on the CPU but 'out' (argument 'input') is on 'device' [torch-device-mismatch]}}
  (void)loss;
}
