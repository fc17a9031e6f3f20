#pragma once

#include <array>
#include <deque>
#include <sstream>
#include <string>
#include <vector>

// Rolling window of the last kSteps SCADA readings of the aeration basin:
// dissolved oxygen, ammonium, nitrate, inflow, blower power, temperature.
constexpr int kSensors = 6;
constexpr int kSteps = 96;  // 15-minute samples, one day

class ScadaWindow {
 public:
  bool push_csv_line(const std::string& line) {
    std::array<float, kSensors> row{};
    std::stringstream ss(line);
    std::string cell;
    std::getline(ss, cell, ',');  // timestamp
    for (int k = 0; k < kSensors; ++k) {
      if (!std::getline(ss, cell, ',')) return false;
      row[static_cast<size_t>(k)] = std::stof(cell);
    }
    rows_.push_back(row);
    if (rows_.size() > static_cast<size_t>(kSteps)) rows_.pop_front();
    return true;
  }

  bool full() const { return rows_.size() == static_cast<size_t>(kSteps); }

  // Row-major [kSteps, kSensors] copy, z-scored with the plant's long-run statistics.
  std::vector<float> normalised(const float* mean, const float* stdv) const {
    std::vector<float> out;
    out.reserve(static_cast<size_t>(kSteps) * kSensors);
    for (const auto& row : rows_) {
      for (int k = 0; k < kSensors; ++k) out.push_back((row[static_cast<size_t>(k)] - mean[k]) / stdv[k]);
    }
    return out;
  }

 private:
  std::deque<std::array<float, kSensors>> rows_;
};
