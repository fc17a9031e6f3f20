#include "mol_dataset.h"

#include <algorithm>
#include <cmath>
#include <fstream>
#include <stdexcept>

MolDataset::MolDataset(const std::string& path, const MolConfig& cfg) : cfg_(cfg) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw std::runtime_error("cannot open " + path);
  int64_t n = 0;
  in.read(reinterpret_cast<char*>(&n), sizeof(n));
  n_ = static_cast<size_t>(n);
  bits_.resize(n_ * static_cast<size_t>(cfg_.fp_bits));
  desc_.resize(n_ * static_cast<size_t>(cfg_.num_descriptors));
  targets_.resize(n_ * static_cast<size_t>(cfg_.num_tasks));
  in.read(reinterpret_cast<char*>(bits_.data()), static_cast<std::streamsize>(bits_.size()));
  in.read(reinterpret_cast<char*>(desc_.data()),
          static_cast<std::streamsize>(desc_.size() * sizeof(float)));
  in.read(reinterpret_cast<char*>(targets_.data()),
          static_cast<std::streamsize>(targets_.size() * sizeof(float)));
  if (!in) throw std::runtime_error("truncated " + path);
}

MolBatch MolDataset::batch(const std::vector<size_t>& idx) const {
  const auto b = static_cast<int64_t>(idx.size());
  const auto fb = static_cast<size_t>(cfg_.fp_bits);
  const auto nd = static_cast<size_t>(cfg_.num_descriptors);
  const auto nt = static_cast<size_t>(cfg_.num_tasks);
  std::vector<uint8_t> bits(idx.size() * fb);
  std::vector<float> desc(idx.size() * nd), y(idx.size() * nt), mask(idx.size() * nt);
  for (size_t i = 0; i < idx.size(); ++i) {
    std::copy_n(bits_.begin() + static_cast<std::ptrdiff_t>(idx[i] * fb), fb, bits.begin() + static_cast<std::ptrdiff_t>(i * fb));
    std::copy_n(desc_.begin() + static_cast<std::ptrdiff_t>(idx[i] * nd), nd, desc.begin() + static_cast<std::ptrdiff_t>(i * nd));
    for (size_t t = 0; t < nt; ++t) {
      const float v = targets_[idx[i] * nt + t];
      const bool measured = !std::isnan(v);
      y[i * nt + t] = measured ? v : 0.f;
      mask[i * nt + t] = measured ? 1.f : 0.f;
    }
  }
  MolBatch out;
  out.fingerprints = torch::from_blob(bits.data(), {b, cfg_.fp_bits}, torch::kUInt8)
                         .to(torch::kFloat32);
  out.descriptors = torch::from_blob(desc.data(), {b, cfg_.num_descriptors},
                                     torch::kFloat32).clone();
  out.targets = torch::from_blob(y.data(), {b, cfg_.num_tasks}, torch::kFloat32).clone();
  out.target_mask = torch::from_blob(mask.data(), {b, cfg_.num_tasks}, torch::kFloat32).clone();  //@bug P09B torch-device-mismatch|torch-factory-missing-device
  return out;
}
