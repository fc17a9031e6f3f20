#include <algorithm>
#include <cmath>
#include <fstream>
#include <sstream>

#include "credit.h"

std::vector<Applicant> read_applicants(const std::string& path) {
  std::vector<Applicant> rows;
  std::ifstream in(path);
  std::string line;
  std::getline(in, line);  // header
  while (std::getline(in, line)) {
    std::replace(line.begin(), line.end(), ',', ' ');
    std::istringstream s(line);
    Applicant a;
    if (s >> a.income >> a.debt_ratio >> a.utilisation >> a.age >> a.months_employed >>
        a.open_lines >> a.delinquencies_2y >> a.inquiries_6m >> a.defaulted)
      rows.push_back(a);
  }
  return rows;
}

Split make_split(const std::vector<Applicant>& rows) {
  std::vector<float> x;
  std::vector<int64_t> y;
  x.reserve(rows.size() * kCreditFeatures);
  for (const auto& a : rows) {
    const float f[kCreditFeatures] = {
        static_cast<float>(std::log1p(a.income)), static_cast<float>(a.debt_ratio),
        static_cast<float>(std::min(a.utilisation, 2.0)), static_cast<float>(a.age / 100.0),
        static_cast<float>(std::log1p(a.months_employed)), static_cast<float>(a.open_lines),
        static_cast<float>(a.delinquencies_2y), static_cast<float>(a.inquiries_6m)};
    x.insert(x.end(), f, f + kCreditFeatures);
    y.push_back(a.defaulted);
  }
  const auto n = static_cast<int64_t>(rows.size());
  Split split;
  split.features = torch::from_blob(x.data(), {n, kCreditFeatures}, torch::kFloat).clone();
  split.labels = torch::tensor(y).unsqueeze(1);
  return split;
}

torch::Tensor positive_weight(const Split& split) {
  const int64_t positives = split.labels.sum().item<int64_t>();
  const int64_t negatives = split.labels.size(0) - positives;
  return torch::tensor({static_cast<float>(negatives) / std::max<int64_t>(positives, 1)});
}
