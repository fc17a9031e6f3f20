#include "featurize.h"

#include <cmath>
#include <functional>
#include <limits>
#include <random>

std::vector<Molecule> synthetic_library(int64_t n, uint64_t seed) {
  static const std::vector<std::string> fragments{"C", "CC", "c1ccccc1", "O", "N", "Cl",
                                                  "C(=O)O", "N(=O)=O", "S", "[NH3+]", "F"};
  const double nan = std::numeric_limits<double>::quiet_NaN();
  std::mt19937_64 rng(seed);
  std::vector<Molecule> mols;
  for (int64_t i = 0; i < n; ++i) {
    Molecule m;
    const int parts = 2 + static_cast<int>(rng() % 6);
    for (int p = 0; p < parts; ++p) m.smiles += fragments[rng() % fragments.size()];
    for (int64_t t = 0; t < kTasks; ++t) {
      const bool measured = rng() % 4 != 0;
      const bool active = m.smiles.find(fragments[5 + t]) != std::string::npos;
      m.activity[t] = measured ? (active ? 1.0 : 0.0) : nan;
    }
    mols.push_back(m);
  }
  return mols;
}

torch::Tensor fingerprints(const std::vector<Molecule>& mols, int64_t bits) {
  std::vector<uint8_t> fp(mols.size() * bits, 0);
  std::hash<std::string> hash;
  for (size_t i = 0; i < mols.size(); ++i) {
    const std::string& s = mols[i].smiles;
    for (size_t len = 1; len <= 4; ++len)
      for (size_t j = 0; j + len <= s.size(); ++j) fp[i * bits + hash(s.substr(j, len)) % bits] = 1;
  }
  const auto n = static_cast<int64_t>(mols.size());
  return torch::from_blob(fp.data(), {n, bits}, torch::kUInt8).to(torch::kFloat);
}

torch::Tensor descriptors(const std::vector<Molecule>& mols) {
  std::vector<double> values;
  for (const auto& m : mols) {
    double rings = 0, hetero = 0, charges = 0;
    for (char c : m.smiles) {
      rings += (c >= '1' && c <= '9');
      hetero += (c == 'N' || c == 'O' || c == 'S' || c == 'F');
      charges += (c == '+' || c == '-');
    }
    values.insert(values.end(), {std::log1p(static_cast<double>(m.smiles.size())), rings / 2.0,
                                 hetero / 4.0, charges});
  }
  return torch::tensor(values).view({-1, kDescriptors});
}

LabelSet labels(const std::vector<Molecule>& mols) {
  std::vector<double> raw;
  for (const auto& m : mols) raw.insert(raw.end(), m.activity.begin(), m.activity.end());
  auto y = torch::from_blob(raw.data(), {static_cast<int64_t>(mols.size()), kTasks},
                            torch::kFloat64);
  auto measured = torch::isnan(y).logical_not();
  return {torch::nan_to_num(y, 0.0).to(torch::kFloat), measured.to(torch::kFloat)};
}

torch::Tensor task_pos_weight(const LabelSet& set) {
  auto positives = (set.targets * set.mask).sum(0);
  auto negatives = ((1 - set.targets) * set.mask).sum(0);
  return (negatives / positives.clamp_min(1.0)).clamp(1.0, 50.0);
}
