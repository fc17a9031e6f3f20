#include "line_dataset.h"

#include <algorithm>
#include <fstream>
#include <sstream>
#include <stdexcept>

namespace F = torch::nn::functional;

LineImage read_pgm(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw std::runtime_error("cannot open " + path);
  std::string magic;
  int maxval = 0;
  LineImage img;
  in >> magic >> img.width >> img.height >> maxval;
  in.get();
  if (magic != "P5" || maxval != 255) {
    throw std::runtime_error(path + ": expected an 8-bit binary PGM");
  }
  img.pixels.resize(static_cast<size_t>(img.width * img.height));
  in.read(reinterpret_cast<char*>(img.pixels.data()),
          static_cast<std::streamsize>(img.pixels.size()));
  return img;
}

torch::Tensor preprocess_line(const LineImage& img, int64_t height,
                              int64_t max_width) {
  auto raw = torch::from_blob(const_cast<uint8_t*>(img.pixels.data()),
                              {1, 1, img.height, img.width}, torch::kUInt8)
                 .to(torch::kFloat32)
                 .div(255.0);
  const int64_t scaled_w = std::max<int64_t>(
      1, std::min<int64_t>(max_width, img.width * height / img.height));
  auto scaled = F::interpolate(
      raw, F::InterpolateFuncOptions()
               .size(std::vector<int64_t>{height, scaled_w})
               .mode(torch::kBilinear)
               .align_corners(false));
  auto canvas = torch::zeros({1, height, max_width});  //@bug P01A torch-device-mismatch|torch-factory-missing-device
  canvas.narrow(2, 0, scaled_w).copy_(1.0 - scaled[0]);
  return canvas;
}

LineDataset::LineDataset(const std::string& manifest, const OcrConfig& cfg)
    : cfg_(cfg) {
  std::ifstream in(manifest);
  std::string line;
  const auto dir = manifest.substr(0, manifest.find_last_of('/') + 1);
  while (std::getline(in, line)) {
    const auto tab = line.find('\t');
    if (tab == std::string::npos) continue;
    LineSample s;
    s.image = read_pgm(dir + line.substr(0, tab));
    s.text = line.substr(tab + 1);
    std::transform(s.text.begin(), s.text.end(), s.text.begin(), ::tolower);
    samples_.push_back(std::move(s));
  }
}

std::vector<int64_t> LineDataset::encode(const std::string& text) const {
  std::vector<int64_t> ids;
  ids.reserve(text.size());
  for (char c : text) {
    const auto pos = cfg_.alphabet.find(c);
    // class 0 is the CTC blank, so alphabet index i maps to class i + 1
    if (pos != std::string::npos) ids.push_back(static_cast<int64_t>(pos) + 1);
  }
  return ids;
}

LineBatch LineDataset::batch(size_t start, size_t count) const {
  count = std::min(count, samples_.size() - start);
  std::vector<torch::Tensor> images;
  std::vector<int64_t> flat;
  std::vector<int64_t> lengths;
  LineBatch b;
  for (size_t i = start; i < start + count; ++i) {
    images.push_back(
        preprocess_line(samples_[i].image, cfg_.line_height, cfg_.max_width));
    auto ids = encode(samples_[i].text);
    lengths.push_back(static_cast<int64_t>(ids.size()));
    flat.insert(flat.end(), ids.begin(), ids.end());
    b.texts.push_back(samples_[i].text);
  }
  b.images = torch::stack(images);
  b.targets = torch::tensor(flat);
  b.target_lengths = torch::tensor(lengths);
  return b;
}
