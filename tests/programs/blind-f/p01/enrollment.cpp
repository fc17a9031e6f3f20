#include "enrollment.h"

#include <cstring>
#include <fstream>
#include <stdexcept>

namespace F = torch::nn::functional;

void EnrollmentStore::load(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw std::runtime_error("cannot open enrollment file " + path);
  size_t count = 0;
  int64_t dim = 0;
  in >> count >> dim;
  in.get();  // newline after the header
  for (size_t i = 0; i < count; ++i) {
    std::string speaker;
    std::getline(in, speaker);
    std::vector<float> row(static_cast<size_t>(dim));
    in.read(reinterpret_cast<char*>(row.data()),
            static_cast<std::streamsize>(row.size() * sizeof(float)));
    if (!in) throw std::runtime_error("truncated enrollment file " + path);
    add(speaker, row);
  }
}

void EnrollmentStore::add(const std::string& speaker,
                          const std::vector<float>& embedding) {
  if (dim_ == 0) dim_ = static_cast<int64_t>(embedding.size());
  if (static_cast<int64_t>(embedding.size()) != dim_) {
    throw std::invalid_argument("embedding size mismatch for " + speaker);
  }
  names_.push_back(speaker);
  rows_.push_back(embedding);
}

torch::Tensor EnrollmentStore::matrix() const {
  const auto n = static_cast<int64_t>(rows_.size());
  torch::Tensor m = torch::empty({n, dim_});  //@bug P01A torch-factory-missing-device|torch-device-mismatch
  float* dst = m.data_ptr<float>();
  for (int64_t i = 0; i < n; ++i) {
    std::memcpy(dst + i * dim_, rows_[static_cast<size_t>(i)].data(),
                static_cast<size_t>(dim_) * sizeof(float));
  }
  return F::normalize(m, F::NormalizeFuncOptions().dim(1));
}
