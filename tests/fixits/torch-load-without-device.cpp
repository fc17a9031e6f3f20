#include <torch/script.h>
#include <torch/torch.h>

#include <string>

void restore(torch::nn::Linear &Model, const std::string &Path,
             torch::Device device) {
  torch::load(Model, Path);
}

// A class template's device member: the fix-it names it, and the fixed
// load compiles in the instantiation below.
template <class Model> class Runner {
public:
  Runner() {
    if (torch::cuda::is_available())
      Device = torch::Device(torch::kCUDA);
    Net->to(Device);
  }
  void restore(const std::string &Path) { torch::load(Net, Path); }

private:
  Model Net{2, 2};
  torch::Device Device{torch::kCPU};
};

int main(int Argc, char **Argv) {
  torch::Device device(torch::cuda::is_available() ? torch::kCUDA
                                                   : torch::kCPU);
  auto Scripted = torch::jit::load(Argv[1]);
  torch::nn::Linear Model(2, 2);
  restore(Model, Argv[2], device);
  // Run where it was saved, not where its input is: the fix-it loads it
  // onto the device.
  Scripted.forward({torch::ones({1, 2}, device)});
  Runner<torch::nn::Linear> R;
  R.restore(Argv[3]);
  return Argc;
}
