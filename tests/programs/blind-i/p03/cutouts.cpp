#include "cutouts.h"

#include <cmath>
#include <cstring>
#include <fstream>
#include <stdexcept>

std::vector<Cutout> read_field(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw std::runtime_error("cannot open field " + path);
  char magic[4];
  int32_t count = 0, h = 0, w = 0;
  in.read(magic, 4);
  in.read(reinterpret_cast<char*>(&count), sizeof count);
  in.read(reinterpret_cast<char*>(&h), sizeof h);
  in.read(reinterpret_cast<char*>(&w), sizeof w);
  if (!in || std::memcmp(magic, "GZC1", 4) != 0 || count < 0 || h <= 0 || w <= 0)
    throw std::runtime_error(path + ": not a GZC1 cutout file");
  std::vector<Cutout> out(static_cast<size_t>(count));
  for (auto& c : out) {
    c.height = h;
    c.width = w;
    c.flux.resize(static_cast<size_t>(3 * h * w));
    in.read(reinterpret_cast<char*>(&c.objid), sizeof c.objid);
    in.read(reinterpret_cast<char*>(&c.ra), sizeof c.ra);
    in.read(reinterpret_cast<char*>(&c.dec), sizeof c.dec);
    in.read(reinterpret_cast<char*>(c.flux.data()),
            static_cast<std::streamsize>(c.flux.size() * sizeof(float)));
  }
  if (!in) throw std::runtime_error(path + ": truncated");
  return out;
}

torch::Tensor prepare_cutout(const Cutout& c, int64_t size) {
  auto img = torch::from_blob(const_cast<float*>(c.flux.data()), {3, c.height, c.width},
                              torch::kFloat32);
  // Masked pixels (saturated stars, bad columns) are NaN in the export.
  img = torch::nan_to_num(img, 0.0);
  // Lupton-style asinh stretch with per-band softening (g is the faintest).
  const auto soft = torch::tensor({0.9f, 1.2f, 1.7f}).view({3, 1, 1});
  const auto scale = torch::tensor({2.5f, 1.5f, 1.0f}).view({3, 1, 1});
  img = torch::asinh(img * scale / soft) / std::asinh(10.0);
  const int64_t y0 = (c.height - size) / 2, x0 = (c.width - size) / 2;
  if (y0 < 0 || x0 < 0) throw std::runtime_error("cutout smaller than the network input");
  return img.slice(1, y0, y0 + size).slice(2, x0, x0 + size).clamp(-0.1, 1.5).contiguous();
}
