// Uses a third-party library whose headers may be missing. The LibTorch code
// must give the same findings with and without them, templates included
// (after a fatal "file not found" Clang would instantiate no template).
#include <torch/torch.h>
#include <imagelib/image.h>

#include <vector>

float meanPixel(const imagelib::Image &Img) {
  float Sum = 0;
  for (long I = 0; I < Img.height() * Img.width(); ++I)
    Sum += Img.data()[I];
  return Sum;
}

template <typename Batches> void train(Batches &Data, torch::Device device) {
  for (auto &Batch : Data)
    Batch.to(device);
}

// The GPU's number comes from the library: a run-time index with or without
// its header (then clang cannot type the call), so no hard-coded device.
torch::Tensor onImageGpu(const imagelib::Image &Img) {
  return torch::ones({2}).to(torch::Device(torch::kCUDA, Img.gpu()));
}

// Asks for CUDA: the program is meant to run without it, so the unguarded
// device in main() is a bug (torch-hardcoded-device, RequiresCuda: auto).
bool haveGpu() { return torch::cuda::is_available(); }

int main() {
  imagelib::Image Img = imagelib::load("cat.png");
  std::vector<torch::Tensor> Data = {torch::full({2}, meanPixel(Img))};
  torch::Device device(torch::kCUDA);
  train(Data, device);
  return 0;
}
