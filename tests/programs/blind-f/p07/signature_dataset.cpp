#include "signature_dataset.h"

#include <algorithm>
#include <fstream>
#include <stdexcept>

namespace {

std::vector<std::vector<uint8_t>> read_images(std::ifstream& in, int64_t count,
                                              int64_t pixels) {
  std::vector<std::vector<uint8_t>> out(static_cast<size_t>(count));
  for (auto& img : out) {
    img.resize(static_cast<size_t>(pixels));
    in.read(reinterpret_cast<char*>(img.data()), pixels);
  }
  return out;
}

// Scanned grey (paper = 255) -> Float ink density in [0, 1].
torch::Tensor to_ink(std::vector<uint8_t>& grey, int64_t h, int64_t w) {
  auto t = torch::from_blob(grey.data(), {1, h, w}, torch::kUInt8).to(torch::kFloat32);
  return 1.0 - t / 255.0;
}

}  // namespace

SignatureDataset::SignatureDataset(const std::string& dir, const SigConfig& cfg)
    : cfg_(cfg) {
  std::ifstream in(dir + "/writers.bin", std::ios::binary);
  if (!in) throw std::runtime_error("cannot open " + dir + "/writers.bin");
  int64_t writers = 0;
  in.read(reinterpret_cast<char*>(&writers), sizeof(writers));
  for (int64_t w = 0; w < writers; ++w) {
    int64_t count = 0;
    in.read(reinterpret_cast<char*>(&count), sizeof(count));
    by_writer_.push_back(read_images(in, count, cfg_.height * cfg_.width));
  }
}

SignatureBatch SignatureDataset::sample_pk(std::mt19937& rng) const {
  std::vector<int64_t> writers(by_writer_.size());
  for (size_t i = 0; i < writers.size(); ++i) writers[i] = static_cast<int64_t>(i);
  std::shuffle(writers.begin(), writers.end(), rng);
  writers.resize(static_cast<size_t>(std::min<int64_t>(cfg_.writers_per_batch,
                                                       static_cast<int64_t>(writers.size()))));
  std::vector<torch::Tensor> images;
  std::vector<int64_t> ids;
  for (int64_t w : writers) {
    auto pool = by_writer_[static_cast<size_t>(w)];
    std::uniform_int_distribution<size_t> pick(0, pool.size() - 1);
    for (int64_t k = 0; k < cfg_.samples_per_writer; ++k) {
      images.push_back(to_ink(pool[pick(rng)], cfg_.height, cfg_.width));
      ids.push_back(w);
    }
  }
  SignatureBatch b;
  b.images = torch::stack(images);
  b.writer_ids = torch::tensor(ids);  //@bug P07A torch-factory-missing-device|torch-device-mismatch
  return b;
}

PairSet load_pairs(const std::string& path, const SigConfig& cfg) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw std::runtime_error("cannot open " + path);
  int64_t n = 0;
  in.read(reinterpret_cast<char*>(&n), sizeof(n));
  const int64_t px = cfg.height * cfg.width;
  auto refs = read_images(in, n, px);
  auto qs = read_images(in, n, px);
  std::vector<uint8_t> flags(static_cast<size_t>(n));
  in.read(reinterpret_cast<char*>(flags.data()), n);
  if (!in) throw std::runtime_error("truncated " + path);

  std::vector<torch::Tensor> r, q;
  for (int64_t i = 0; i < n; ++i) {
    r.push_back(to_ink(refs[static_cast<size_t>(i)], cfg.height, cfg.width));
    q.push_back(to_ink(qs[static_cast<size_t>(i)], cfg.height, cfg.width));
  }
  PairSet p;
  p.reference = torch::stack(r);
  p.questioned = torch::stack(q);
  p.genuine = torch::from_blob(flags.data(), {n}, torch::kUInt8).clone();  //@bug P07B torch-data-ptr-type|torch-dtype-mismatch
  return p;
}
