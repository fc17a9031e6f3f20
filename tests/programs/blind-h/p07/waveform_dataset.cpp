#include "waveform_dataset.h"

#include <cstring>
#include <fstream>
#include <stdexcept>

TraceBatch TraceBatch::to(const torch::Device& device) const {
  return TraceBatch{waveforms.to(device), targets.to(device), p_index, s_index};
}

WaveformSet::WaveformSet(const std::string& path, const PickerConfig& cfg) : cfg_(cfg) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw std::runtime_error("cannot open " + path);
  int64_t n = 0;
  in.read(reinterpret_cast<char*>(&n), sizeof(n));
  const size_t per = static_cast<size_t>(cfg_.channels * cfg_.window);
  samples_.resize(static_cast<size_t>(n) * per);
  p_.resize(static_cast<size_t>(n));
  s_.resize(static_cast<size_t>(n));
  float snr = 0.f;  // catalogue SNR, not used for training
  for (size_t i = 0; i < static_cast<size_t>(n); ++i) {
    in.read(reinterpret_cast<char*>(samples_.data() + i * per), static_cast<std::streamsize>(per * sizeof(float)));
    in.read(reinterpret_cast<char*>(&p_[i]), sizeof(int32_t));
    in.read(reinterpret_cast<char*>(&s_[i]), sizeof(int32_t));
    in.read(reinterpret_cast<char*>(&snr), sizeof(float));
  }
  if (!in) throw std::runtime_error("truncated " + path);
}

TraceBatch WaveformSet::batch(const std::vector<size_t>& idx) const {
  const auto b = static_cast<int64_t>(idx.size());
  const int64_t t = cfg_.window;
  const size_t per = static_cast<size_t>(cfg_.channels * t);
  std::vector<float> wave(idx.size() * per);
  std::vector<int64_t> p(idx.size()), s(idx.size());
  for (size_t i = 0; i < idx.size(); ++i) {
    std::memcpy(wave.data() + i * per, samples_.data() + idx[i] * per, per * sizeof(float));
    p[i] = p_[idx[i]];
    s[i] = s_[idx[i]];
  }
  TraceBatch out;
  out.waveforms = torch::from_blob(wave.data(), {b, cfg_.channels, t}, torch::kFloat32).clone();
  out.p_index = torch::tensor(p);
  out.s_index = torch::tensor(s);

  // Gaussian arrival labels, computed in double precision and stored as Float.
  auto time = torch::arange(t, torch::kFloat64).view({1, t});
  auto gauss = [&](const torch::Tensor& at) {
    auto g = torch::exp(-(time - at.to(torch::kFloat64).view({b, 1})).pow(2) /
                        (2.0 * cfg_.label_sigma * cfg_.label_sigma));
    return g * at.ge(0).to(torch::kFloat64).view({b, 1});  // no label without a pick
  };
  auto gp = gauss(out.p_index), gs = gauss(out.s_index);
  auto noise = (1.0 - gp - gs).clamp_min(0.0);
  out.targets = torch::stack({gp, gs, noise}, 1).to(torch::kFloat32);
  return out;
}

std::vector<int64_t> WaveformSet::arrivals_per_class() const {
  int64_t np = 0, ns = 0;
  for (size_t i = 0; i < p_.size(); ++i) np += p_[i] >= 0, ns += s_[i] >= 0;
  const int64_t spread = static_cast<int64_t>(6 * cfg_.label_sigma);  // samples per labelled pick
  const int64_t total = static_cast<int64_t>(p_.size()) * cfg_.window;
  return {np * spread, ns * spread, total - (np + ns) * spread};
}
