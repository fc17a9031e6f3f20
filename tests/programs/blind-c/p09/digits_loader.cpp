#include "digits_loader.h"

#include <algorithm>
#include <fstream>
#include <numeric>
#include <stdexcept>

namespace {

uint32_t read_be32(std::ifstream& in) {
  unsigned char b[4];
  in.read(reinterpret_cast<char*>(b), 4);
  return (uint32_t(b[0]) << 24) | (uint32_t(b[1]) << 16) |
         (uint32_t(b[2]) << 8) | uint32_t(b[3]);
}

}  // namespace

DigitsLoader::DigitsLoader(const std::string& images_path,
                           const std::string& labels_path, int64_t batch_size,
                           unsigned seed)
    : batch_size_(batch_size), rng_(seed) {
  std::ifstream img(images_path, std::ios::binary);
  std::ifstream lab(labels_path, std::ios::binary);
  if (!img || !lab) throw std::runtime_error("cannot open MNIST files");
  if (read_be32(img) != 2051 || read_be32(lab) != 2049) {
    throw std::runtime_error("bad idx magic");
  }
  const uint32_t n = read_be32(img);
  rows_ = read_be32(img);
  cols_ = read_be32(img);
  if (read_be32(lab) != n) throw std::runtime_error("count mismatch");

  pixels_.resize(static_cast<size_t>(n) * rows_ * cols_);
  img.read(reinterpret_cast<char*>(pixels_.data()), pixels_.size());
  std::vector<uint8_t> raw(n);
  lab.read(reinterpret_cast<char*>(raw.data()), n);
  labels_.assign(raw.begin(), raw.end());

  order_.resize(n);
  std::iota(order_.begin(), order_.end(), 0);
  reshuffle();
}

size_t DigitsLoader::num_batches() const {
  return order_.size() / static_cast<size_t>(batch_size_);
}

void DigitsLoader::reshuffle() {
  std::shuffle(order_.begin(), order_.end(), rng_);
}

LabeledBatch DigitsLoader::batch(size_t i) const {
  const size_t start = i * static_cast<size_t>(batch_size_);
  const size_t pix = static_cast<size_t>(rows_ * cols_);
  std::vector<uint8_t> buf(static_cast<size_t>(batch_size_) * pix);
  std::vector<int64_t> ys(static_cast<size_t>(batch_size_));
  for (int64_t k = 0; k < batch_size_; ++k) {
    const size_t idx = order_[start + k];
    std::copy_n(pixels_.begin() + idx * pix, pix, buf.begin() + k * pix);
    ys[k] = labels_[idx];
  }
  LabeledBatch b;
  b.images = torch::from_blob(buf.data(), {batch_size_, 1, rows_, cols_},
                              torch::kUInt8)
                 .to(torch::kFloat)
                 .div(127.5)
                 .sub(1.0);
  b.labels = torch::tensor(ys);  //@bug P09A torch-device-mismatch|torch-factory-missing-device
  return b;
}
