#include "transitions.h"

#include <fstream>
#include <stdexcept>

const char* stage_name(int stage) {
  static const char* names[] = {"W", "N1", "N2", "N3", "REM"};
  return stage >= 0 && stage < kNumStages ? names[stage] : "?";
}

std::vector<std::vector<int>> read_scored_nights(const std::string& path) {
  std::ifstream in(path);
  if (!in) throw std::runtime_error("cannot open scored hypnograms " + path);
  std::vector<std::vector<int>> nights;
  std::string line;
  while (std::getline(in, line)) {
    static const std::string codes = "W1234R";  // R&K stage 4 is N3
    std::vector<int> night;
    for (char ch : line) {
      const auto pos = codes.find(ch);  // movement time and unscored epochs are skipped
      if (pos != std::string::npos) night.push_back(pos == 4 ? kN3 : pos == 5 ? kRem : static_cast<int>(pos));
    }
    if (night.size() > 1) nights.push_back(std::move(night));
  }
  if (nights.empty()) throw std::runtime_error(path + ": no scored nights");
  return nights;
}

torch::Tensor estimate_transitions(const std::vector<std::vector<int>>& nights,
                                   double pseudo_count) {
  // A few hundred nights of ~1000 epochs each: count in double.
  auto counts = torch::full({kNumStages, kNumStages}, pseudo_count, torch::kFloat64);  //@bug P02B torch-dtype-mismatch
  auto c = counts.accessor<double, 2>();
  for (const auto& night : nights)
    for (size_t i = 1; i < night.size(); ++i) c[night[i - 1]][night[i]] += 1.0;
  return counts / counts.sum(1, /*keepdim=*/true);  //@bug P02B torch-dtype-mismatch
}
