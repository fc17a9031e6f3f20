#pragma once

#include <torch/torch.h>

#include <cstdint>
#include <string>
#include <vector>

// Numeric table as parsed from CSV: features in double precision, integer
// class labels.
struct Table {
  int64_t rows = 0;
  int64_t cols = 0;
  std::vector<std::string> feature_names;
  std::vector<double> features;  // row-major [rows, cols]
  std::vector<int64_t> labels;   // [rows]
};

Table read_table(const std::string& path, const std::string& label_column);

// Standardises every column with statistics taken from the training table.
class ColumnStandardizer {
 public:
  void fit(const Table& t);
  void apply(Table& t) const;

 private:
  std::vector<double> mean_;
  std::vector<double> scale_;
};

// Tensor views of a table, on the host.
torch::Tensor feature_tensor(const Table& t);
torch::Tensor label_tensor(const Table& t);
