#include "csv_table.h"

#include <algorithm>
#include <cmath>
#include <fstream>
#include <sstream>
#include <stdexcept>

Table read_table(const std::string& path, const std::string& label_column) {
  std::ifstream in(path);
  if (!in) throw std::runtime_error("cannot open " + path);
  Table t;
  std::string line, field;
  std::getline(in, line);
  std::istringstream header(line);
  int64_t label_idx = -1;
  for (int64_t c = 0; std::getline(header, field, ','); ++c) {
    if (field == label_column) label_idx = c;
    else t.feature_names.push_back(field);
  }
  if (label_idx < 0) throw std::runtime_error("no column " + label_column);
  t.cols = static_cast<int64_t>(t.feature_names.size());
  while (std::getline(in, line)) {
    std::istringstream ss(line);
    for (int64_t c = 0; std::getline(ss, field, ','); ++c) {
      if (c == label_idx) t.labels.push_back(std::stoll(field));
      else t.features.push_back(field.empty() ? NAN : std::stod(field));
    }
    ++t.rows;
  }
  return t;
}

void ColumnStandardizer::fit(const Table& t) {
  mean_.assign(t.cols, 0.0);
  scale_.assign(t.cols, 0.0);
  std::vector<int64_t> seen(t.cols, 0);
  for (int64_t r = 0; r < t.rows; ++r) {
    for (int64_t c = 0; c < t.cols; ++c) {
      const double v = t.features[r * t.cols + c];
      if (std::isnan(v)) continue;
      mean_[c] += v;
      scale_[c] += v * v;
      ++seen[c];
    }
  }
  for (int64_t c = 0; c < t.cols; ++c) {
    const double n = std::max<int64_t>(1, seen[c]);
    mean_[c] /= n;
    scale_[c] = std::sqrt(std::max(1e-12, scale_[c] / n - mean_[c] * mean_[c]));
  }
}

void ColumnStandardizer::apply(Table& t) const {
  for (int64_t r = 0; r < t.rows; ++r) {
    for (int64_t c = 0; c < t.cols; ++c) {
      double& v = t.features[r * t.cols + c];
      v = std::isnan(v) ? 0.0 : (v - mean_[c]) / scale_[c];  // impute the mean
    }
  }
}

torch::Tensor feature_tensor(const Table& t) {
  return torch::from_blob(const_cast<double*>(t.features.data()),  //@bug P06B torch-from-blob-dtype|torch-dtype-mismatch
                          {t.rows, t.cols}, torch::kFloat32)  //@bug P06B torch-from-blob-dtype|torch-dtype-mismatch
      .clone();
}

torch::Tensor label_tensor(const Table& t) {
  return torch::from_blob(const_cast<int64_t*>(t.labels.data()), {t.rows},
                          torch::kInt64)
      .clone();
}
