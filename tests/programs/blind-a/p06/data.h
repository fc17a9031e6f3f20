#pragma once
#include <torch/torch.h>
#include <cmath>
#include <cstdint>
#include <sstream>
#include <string>
#include <vector>

// Parses "f0,f1,...,target" rows into host buffers of double, like most CSV readers.
class CsvTable {
 public:
  explicit CsvTable(const std::string& text) {
    std::istringstream in(text);
    std::string line;
    while (std::getline(in, line)) {
      std::istringstream row(line);
      std::string cell;
      std::vector<double> cells;
      while (std::getline(row, cell, ',')) cells.push_back(std::stod(cell));
      if (cells.empty()) continue;
      targets_.push_back(cells.back());
      cells.pop_back();
      cols_ = static_cast<int64_t>(cells.size());
      features_.insert(features_.end(), cells.begin(), cells.end());
      ++rows_;
    }
  }

  torch::Tensor features() {
    return torch::from_blob(features_.data(), {rows_, cols_}, torch::kFloat).clone();  //@bug P06A torch-from-blob-dtype
  }

  torch::Tensor targets() const { return torch::tensor(targets_).unsqueeze(1); }

  int64_t cols() const { return cols_; }

 private:
  std::vector<double> features_;
  std::vector<double> targets_;
  int64_t rows_ = 0;
  int64_t cols_ = 0;
};

inline std::string synthetic_csv(int rows) {
  std::ostringstream out;
  for (int i = 0; i < rows; ++i) {
    double a = std::sin(0.1 * i), b = std::cos(0.07 * i), c = 0.01 * i;
    out << a << "," << b << "," << c << "," << (2.0 * a - b + 0.5 * c) << "\n";
  }
  return out.str();
}
