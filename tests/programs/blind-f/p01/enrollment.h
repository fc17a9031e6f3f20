#pragma once

#include <torch/torch.h>

#include <cstdint>
#include <string>
#include <vector>

// Enrolled speakers: one averaged embedding per speaker, stored as raw
// float32 rows after a text header line "<count> <dim>".
class EnrollmentStore {
 public:
  void load(const std::string& path);
  void add(const std::string& speaker, const std::vector<float>& embedding);

  size_t size() const { return names_.size(); }
  int64_t dim() const { return dim_; }
  const std::string& name(size_t i) const { return names_.at(i); }

  // [num_speakers, dim], rows L2-normalised.
  torch::Tensor matrix() const;

 private:
  int64_t dim_ = 0;
  std::vector<std::string> names_;
  std::vector<std::vector<float>> rows_;
};
