// Splits a raw grayscale video dump into per-frame tensors for a temporal model.
#include <torch/torch.h>
#include <ATen/ATen.h>

#include <cstdint>
#include <iostream>
#include <string>
#include <vector>

namespace video {

void split_frames(const std::string& dump, int64_t height, int64_t width,
                  std::vector<torch::Tensor>& frames) {
  const size_t frame_bytes = static_cast<size_t>(height * width);
  for (size_t off = 0; off + frame_bytes <= dump.size(); off += frame_bytes) {
    std::vector<uint8_t> gray(dump.begin() + off, dump.begin() + off + frame_bytes);
    auto frame = at::from_blob(gray.data(), {height, width}, at::TensorOptions().dtype(at::kByte));  //@bug J07 torch-from-blob-lifetime
    frames.push_back(frame.transpose(0, 1));
  }
}

}  // namespace video

int main() {
  const int64_t h = 48, w = 64;
  std::string dump;
  for (int f = 0; f < 6; ++f) {
    dump.append(static_cast<size_t>(h * w), static_cast<char>(f * 30));
  }
  std::vector<torch::Tensor> frames;
  video::split_frames(dump, h, w, frames);
  auto clip = torch::stack(frames).to(torch::kFloat32).div(255.0).unsqueeze(1);
  torch::nn::Conv3d conv(torch::nn::Conv3dOptions(1, 4, {3, 3, 3}).padding(1));
  auto y = conv->forward(clip.permute({1, 0, 2, 3}).unsqueeze(0));
  std::cout << "frames: " << frames.size() << " out: " << y.sizes() << std::endl;
  return 0;
}
