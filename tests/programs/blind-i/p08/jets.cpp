#include "jets.h"

#include <algorithm>
#include <cmath>
#include <fstream>
#include <sstream>
#include <stdexcept>

std::vector<Jet> read_jets(const std::string& path) {
  std::ifstream in(path);
  if (!in) throw std::runtime_error("cannot open jet file " + path);
  std::vector<Jet> jets;
  std::string line;
  while (std::getline(in, line)) {
    std::istringstream ss(line);
    Jet j;
    int64_t n = 0;
    if (!(ss >> j.label >> n) || n <= 0) continue;
    j.constituents.resize(static_cast<size_t>(4 * n));
    for (auto& v : j.constituents) ss >> v;
    if (ss) jets.push_back(std::move(j));
  }
  return jets;
}

torch::Tensor constituent_features(const Jet& jet, int64_t max_particles) {
  const int64_t n = std::min(jet.size(), max_particles);
  auto c = torch::from_blob(const_cast<float*>(jet.constituents.data()), {jet.size(), 4},
                            torch::kFloat32).slice(0, 0, n);
  auto pt = c.select(1, 0), eta = c.select(1, 1), phi = c.select(1, 2), e = c.select(1, 3);
  // Jet axis: pt-weighted centroid (good enough for the small-R jets we tag).
  auto pt_jet = pt.sum();
  auto eta_j = (pt * eta).sum() / pt_jet;
  auto phi_j = torch::atan2((pt * phi.sin()).sum(), (pt * phi.cos()).sum());
  auto deta = eta - eta_j;
  constexpr double kPi = 3.14159265358979323846;
  auto dphi = torch::remainder(phi - phi_j + kPi, 2 * kPi) - kPi;
  return torch::stack({pt.clamp_min(1e-3).log(), e.clamp_min(1e-3).log(), deta, dphi,
                       (pt / pt_jet).clamp_min(1e-6).log(), torch::sqrt(deta * deta + dphi * dphi)},
                      1);
}

JetBatch JetBatch::to(const torch::Device& device) const {
  return JetBatch{particles.to(device), mask.to(device), labels.to(device)};
}

JetBatch make_batch(const std::vector<Jet>& jets, const std::vector<int64_t>& order,
                    int64_t begin, int64_t end, int64_t max_particles) {
  const int64_t b = end - begin;
  JetBatch out;
  out.particles = torch::zeros({b, max_particles, 6});
  out.mask = torch::zeros({b, max_particles});
  std::vector<int64_t> labels;
  for (int64_t i = 0; i < b; ++i) {
    const Jet& jet = jets[static_cast<size_t>(order[static_cast<size_t>(begin + i)])];
    auto f = constituent_features(jet, max_particles);
    out.particles[i].slice(0, 0, f.size(0)).copy_(f);
    out.mask[i].slice(0, 0, f.size(0)).fill_(1.0);
    labels.push_back(jet.label);
  }
  out.labels = torch::tensor(labels);
  return out;
}
