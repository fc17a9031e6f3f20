// Code shapes that once crashed the analysis on public LibTorch projects.
// Each must be analysed; only the last reports (a real unregistered member).
#include <torch/torch.h>

#include <cassert>
#include <dirent.h>

// A constant condition leaves a branch the CFG knows is never taken.
void constantCondition(torch::Device device) {
  const bool kRestore = false;
  auto x = torch::randn({2}).to(device);
  if (kRestore)
    x = x * 2;
  while (true) {
    if (x.numel() > 0)
      break;
  }
  assert(false && "unreachable in practice");
  AT_ASSERT(x.defined());
}

enum class Mode { Train, Eval };
// An exhaustive switch with a default: the default edge is never taken.
int modeIndex(Mode M) {
  switch (M) {
  case Mode::Train:
    return 0;
  case Mode::Eval:
    return 1;
  default:
    return -1;
  }
}

// A pointer to a type the unit never defines.
int countFiles(const char *Path) {
  DIR *Dir = opendir(Path);
  int N = 0;
  while (Dir && readdir(Dir))
    ++N;
  if (Dir)
    closedir(Dir);
  return N;
}

// A class template initialising a member from its own member function.
template <typename Block> struct ResidualImpl : torch::nn::Module {
  ResidualImpl() : scale(makeScale()) {} // expected-note {{'scale' is created here}}
  torch::Tensor makeScale() { return torch::ones({1}); }
  torch::Tensor scale; // expected-warning {{tensor member 'scale' of module 'ResidualImpl' is not registered, so module->to(device) leaves it behind [torch-unregistered-member]}}
};
template struct ResidualImpl<int>;
