// Cases for a module handed to the user's own function: the device and the
// dtype properties answer "may this call move or convert it?" alike. A
// helper whose body is in view and neither calls to() on a module, loads a
// checkpoint into one, nor hands one on leaves the module as it was; any
// of those, or a body out of view, makes where it lives and what dtype it
// holds unknown afterwards.
#include <torch/torch.h>

#include <iostream>
#include <string>

struct ScorerImpl : torch::nn::Module {
  ScorerImpl() : fc(register_module("fc", torch::nn::Linear(4, 1))) {}
  torch::Tensor forward(const torch::Tensor &x) { return fc(x); }
  torch::nn::Linear fc;
};
TORCH_MODULE(Scorer);

/// Reads the module: moves and converts nothing.
void describe(const Scorer &scorer) {
  for (const auto &p : scorer->parameters())
    std::cout << p.sizes() << "\n";
}

/// Converts the module it is given.
void useDouble(Scorer &scorer) { scorer->to(torch::kDouble); }

/// Loads a checkpoint into the module: its parameters become the saved
/// tensors, with their dtype and where they were saved.
void restore(Scorer &scorer, const std::string &path) {
  torch::load(scorer, path); // expected-warning {{checkpoint loaded by 'torch::load' without a device comes back on the device it was saved from [torch-load-without-device]}}
}

/// Defined in another file: may do anything to the module.
void tune(Scorer &scorer);

int main(int argc, char **argv) {
  auto features = torch::rand({2, 4}); // expected-note {{'features' is created as Float here ('torch::rand' with no dtype)}} expected-note {{'features' is created on the CPU here ('torch::rand' with no device)}}

  // The helper only reads the Double model: the Float input still meets
  // Double parameters.
  Scorer a;
  a->to(torch::kDouble); // expected-note {{'a' is converted to Double here}}
  describe(a);
  std::cout << a->forward(features) << "\n"; // expected-warning {{'a' receives tensors of different dtypes: 'features' (argument 'x') is Float but the parameters of 'a' are Double [torch-dtype-mismatch]}}

  // Must stay silent: the helper converts the Float model to Double, and
  // the input is converted too. Taking the model as still Float would
  // report a Double input meeting Float parameters.
  Scorer b;
  useDouble(b);
  std::cout << b->forward(features.to(torch::kDouble)) << "\n";

  // Must stay silent: the checkpoint decides the dtype after restore().
  Scorer c;
  c->to(torch::kDouble);
  if (argc > 1)
    restore(c, argv[1]);
  std::cout << c->forward(features) << "\n";

  // Must stay silent: a helper out of view may convert it.
  Scorer d;
  d->to(torch::kDouble);
  tune(d);
  std::cout << d->forward(features) << "\n";

  torch::Device device(torch::cuda::is_available() ? torch::kCUDA
                                                   : torch::kCPU);
  // The helper only reads the model on the device: the CPU input still
  // meets it there.
  Scorer e;
  e->to(device); // expected-note {{'e' is moved to 'device' here}} expected-note {{the project moves 'e' to 'device', a device chosen at run time, here}}
  describe(e);
  std::cout << e->forward(features) << "\n"; // expected-warning {{'e' receives tensors on different devices: 'features' (argument 'x') is on the CPU but the parameters of 'e' are on 'device', chosen at run time at line 67 [torch-device-mismatch]}}

  // Must stay silent: after restore() the parameters are where the
  // checkpoint was saved, which the program does not show.
  Scorer f;
  f->to(device);
  if (argc > 1)
    restore(f, argv[1]);
  std::cout << f->forward(features) << "\n";
  return 0;
}
