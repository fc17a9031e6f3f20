// A CUDA placement under a condition that reads a third-party header's
// settings. With the header, the condition is a plain user option (the count
// comes from argc), so each placement is hard-coded. Without it, clang
// cannot type the condition: one that names a GPU may be a guard, so the
// rule stays silent; a loop bound that names none is still no guard.
#include <torch/torch.h>
#include <imagelib/settings.h>

torch::Tensor place(torch::Tensor x, const imagelib::Settings &settings) {
  if (settings.gpu_count > 0)
    x = x.cuda();
  return x;
}

torch::Tensor placeAll(torch::Tensor x, const imagelib::Settings &settings) {
  const bool on_gpu = settings.gpu_count > 0 && x.cuda().defined();
  return on_gpu ? x : x.cpu();
}

torch::Tensor placeEach(torch::Tensor x, const imagelib::Settings &settings) {
  for (int I = 0; I < settings.repeats; ++I)
    x = x.cuda();
  return x;
}

// The trainer asks for CUDA: the project runs without it too.
bool haveGpu() { return torch::cuda::is_available(); }

int main(int argc, char **) {
  imagelib::Settings settings;
  settings.gpu_count = argc - 1;
  torch::Tensor x = place(torch::ones({2}), settings);
  x = placeEach(x, settings);
  return placeAll(x, settings).numel() == 2 ? 0 : 1;
}
