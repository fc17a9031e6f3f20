// Cases for torch-discarded-move: Tensor::to, cuda and cpu return a new
// tensor; calling them as a statement moves nothing.
#include <torch/torch.h>

#include <vector>

struct NetImpl : torch::nn::Module {
  NetImpl() { fc = register_module("fc", torch::nn::Linear(4, 2)); }
  torch::Tensor forward(torch::Tensor x) { return fc(x); }
  torch::nn::Linear fc{nullptr};
};
TORCH_MODULE(Net);

void positives(torch::Device device) {
  auto images = torch::randn({8, 4});
  images.to(device); // expected-warning {{result of 'images.to(device)' is discarded; Tensor::to returns a new tensor and leaves 'images' unchanged [torch-discarded-move]}}
  images.cpu(); // expected-warning {{result of 'images.cpu()' is discarded; Tensor::cpu returns a new tensor and leaves 'images' unchanged [torch-discarded-move]}}
  images.to(device, /*non_blocking=*/true); // expected-warning {{result of 'images.to(device, /*non_blocking=*/true)' is discarded; Tensor::to returns a new tensor and leaves 'images' unchanged [torch-discarded-move]}}
  // A dtype conversion thrown away is the same mistake.
  images.to(torch::kHalf); // expected-warning {{result of 'images.to(torch::kHalf)' is discarded; Tensor::to returns a new tensor and leaves 'images' unchanged [torch-discarded-move]}}
  if (images.dim() == 2)
    images.to(device); // expected-warning {{result of 'images.to(device)' is discarded; Tensor::to returns a new tensor and leaves 'images' unchanged [torch-discarded-move]}}
  for (int I = 0; I < 2; ++I)
    images.to(device); // expected-warning {{result of 'images.to(device)' is discarded; Tensor::to returns a new tensor and leaves 'images' unchanged [torch-discarded-move]}}
  std::vector<torch::Tensor> batch = {torch::ones({2}), torch::zeros({2})};
  for (auto &T : batch)
    T.to(device); // expected-warning {{result of 'T.to(device)' is discarded; Tensor::to returns a new tensor and leaves 'T' unchanged [torch-discarded-move]}}
  // A temporary has no name to assign back to; still reported, no fix-it.
  torch::ones({3}).to(device); // expected-warning {{result of 'torch::ones({3}).to(device)' is discarded; Tensor::to returns a new tensor and leaves 'torch::ones({3})' unchanged [torch-discarded-move]}}
}

void negatives(torch::Device device, Net &model, const torch::Tensor &frozen) {
  auto x = torch::randn({8, 4});
  // Assigned back: the tensor really moves.
  x = x.to(device);
  // Stored in a new variable.
  auto y = x.to(device);
  // Passed on: the result is used.
  model->forward(x.to(device));
  // Module::to moves parameters in place; it is not a Tensor method.
  model->to(device);
  // An explicit (void) cast states the result is unwanted on purpose.
  (void)x.to(device);
  // Returned results are used by the caller.
  auto lambda = [&] { return frozen.to(device); };
  (void)lambda;
  (void)y;
}

// A copy captured by a lambda that is not mutable cannot be assigned: the
// finding stands, with no fix-it (`x = x.to(device)` would not compile).
void warmUp(torch::Device device) {
  auto x = torch::ones({2});
  auto warm = [x, device]() {
    x.to(device); // expected-warning {{result of 'x.to(device)' is discarded; Tensor::to returns a new tensor and leaves 'x' unchanged [torch-discarded-move]}}
  };
  warm();
}

// In a template the finding is reported once, however many instantiations.
template <typename T> void moveAll(T &Tensors, torch::Device device) {
  for (auto &Item : Tensors)
    Item.to(device); // expected-warning {{result of 'Item.to(device)' is discarded; Tensor::to returns a new tensor and leaves 'Item' unchanged [torch-discarded-move]}}
}
template void moveAll(std::vector<torch::Tensor> &, torch::Device);
template void moveAll(std::array<torch::Tensor, 2> &, torch::Device);

// Inside a macro the finding points at the use; clang's text output adds a
// note at the macro definition (checked by the CLI output tests).
#define MOVE_TO(t, d) t.to(d)
void macros(torch::Device device) {
  auto z = torch::ones({2});
  MOVE_TO(z, device); // expected-warning {{result of 'MOVE_TO(z, device)' is discarded; Tensor::to returns a new tensor and leaves 'z' unchanged [torch-discarded-move]}}
  auto w = MOVE_TO(z, device); // Used: silent.
  (void)w;
}
