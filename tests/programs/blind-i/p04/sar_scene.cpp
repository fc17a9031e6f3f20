#include "sar_scene.h"

#include <cstring>
#include <fstream>
#include <stdexcept>

namespace {

template <typename T>
void read_raw(std::ifstream& in, T* dst, size_t n) {
  in.read(reinterpret_cast<char*>(dst), static_cast<std::streamsize>(n * sizeof(T)));
}

}  // namespace

SarScene read_scene(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw std::runtime_error("cannot open scene " + path);
  char magic[4];
  SarScene s;
  read_raw(in, magic, 4);
  read_raw(in, &s.rows, 1);
  read_raw(in, &s.cols, 1);
  read_raw(in, &s.geo, 1);
  if (!in || std::memcmp(magic, "SARS", 4) != 0 || s.rows <= 0 || s.cols <= 0)
    throw std::runtime_error(path + ": not a SARS scene");
  const auto n = static_cast<size_t>(s.rows * s.cols);
  s.dn.resize(n);
  s.sigma_lut.resize(static_cast<size_t>(s.cols));
  s.land.resize(n);
  read_raw(in, s.dn.data(), n);
  read_raw(in, s.sigma_lut.data(), s.sigma_lut.size());
  read_raw(in, s.land.data(), n);
  if (!in) throw std::runtime_error(path + ": truncated");
  s.id = path.substr(path.find_last_of('/') + 1);  // npos + 1 == 0
  return s;
}

torch::Tensor calibrate_db(const SarScene& scene) {
  // LibTorch 1.x has no uint16 tensors: widen the amplitudes first.
  std::vector<int32_t> dn(scene.dn.begin(), scene.dn.end());
  auto amp = torch::from_blob(dn.data(), {scene.rows, scene.cols}, torch::kInt32)
                 .to(torch::kFloat32);
  auto lut = torch::from_blob(const_cast<float*>(scene.sigma_lut.data()), {1, scene.cols},
                              torch::kFloat32);
  auto sigma0 = amp.square() / lut.square();
  auto db = 10.0 * torch::log10(sigma0.clamp_min(1e-4));
  return torch::where(amp.gt(0), db, torch::full_like(db, -40.0));
}

torch::Tensor land_mask(const SarScene& scene) {
  return torch::from_blob(const_cast<uint8_t*>(scene.land.data()), {scene.rows, scene.cols},
                          torch::kUInt8)
      .to(torch::kBool);
}

torch::Tensor read_db_stats(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  double v[2] = {0.0, 1.0};
  read_raw(in, v, 2);
  if (!in) throw std::runtime_error("cannot read sigma0 statistics " + path);
  return torch::from_blob(v, {2}, torch::kFloat64).clone();
}
