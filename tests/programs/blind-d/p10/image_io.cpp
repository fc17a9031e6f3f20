#include "image_io.h"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <stdexcept>

namespace F = torch::nn::functional;

torch::Tensor load_image(const std::string& path, int64_t size) {
  std::ifstream in(path, std::ios::binary);
  std::string magic;
  int64_t w = 0, h = 0, maxval = 0;
  in >> magic >> w >> h >> maxval;
  in.get();
  if (magic != "P6" || maxval != 255) throw std::runtime_error(path + ": not P6");
  std::vector<uint8_t> rgb(static_cast<size_t>(w * h * 3));
  in.read(reinterpret_cast<char*>(rgb.data()),
          static_cast<std::streamsize>(rgb.size()));
  auto img = torch::from_blob(rgb.data(), {h, w, 3}, torch::kUInt8)
                 .permute({2, 0, 1})
                 .unsqueeze(0)
                 .to(torch::kFloat32)
                 .div(255.0);
  const double scale = static_cast<double>(size) / std::min(h, w);
  const auto nh = static_cast<int64_t>(h * scale);
  const auto nw = static_cast<int64_t>(w * scale);
  return F::interpolate(img, F::InterpolateFuncOptions()
                                 .size(std::vector<int64_t>{nh, nw})
                                 .mode(torch::kBilinear)
                                 .align_corners(false));
}

void save_image(const std::string& path, const torch::Tensor& image) {
  auto px = image.detach()
                .cpu()
                .squeeze(0)
                .clamp(0.0, 1.0)
                .mul(255.0)
                .round()
                .to(torch::kUInt8)
                .permute({1, 2, 0})
                .contiguous();
  std::ofstream out(path, std::ios::binary);
  out << "P6\n" << px.size(1) << " " << px.size(0) << "\n255\n";
  out.write(reinterpret_cast<const char*>(px.data_ptr<uint8_t>()),
            static_cast<std::streamsize>(px.numel()));
}

ContentFolder::ContentFolder(const std::string& dir, int64_t size)
    : size_(size) {
  for (const auto& e : std::filesystem::directory_iterator(dir)) {
    if (e.path().extension() == ".ppm") files_.push_back(e.path().string());
  }
  std::sort(files_.begin(), files_.end());
}

torch::Tensor ContentFolder::batch(size_t start, size_t count) const {
  count = std::min(count, files_.size() - start);
  std::vector<torch::Tensor> crops;
  for (size_t i = start; i < start + count; ++i) {
    auto img = load_image(files_[i], size_);
    const int64_t top = (img.size(2) - size_) / 2;
    const int64_t left = (img.size(3) - size_) / 2;
    crops.push_back(img.narrow(2, top, size_).narrow(3, left, size_).squeeze(0));
  }
  return torch::stack(crops);
}
