#include "whitening.h"

#include <fstream>
#include <stdexcept>
#include <vector>

Whitening load_whitening(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw std::runtime_error("cannot open whitening " + path);
  int64_t d = 0, k = 0;
  in.read(reinterpret_cast<char*>(&d), sizeof d);
  in.read(reinterpret_cast<char*>(&k), sizeof k);
  if (!in || d <= 0 || k <= 0 || k > d) throw std::runtime_error(path + ": bad shape");
  std::vector<double> mean(static_cast<size_t>(d)), proj(static_cast<size_t>(d * k));
  in.read(reinterpret_cast<char*>(mean.data()), static_cast<std::streamsize>(mean.size() * sizeof(double)));
  in.read(reinterpret_cast<char*>(proj.data()), static_cast<std::streamsize>(proj.size() * sizeof(double)));
  if (!in) throw std::runtime_error(path + ": truncated");
  Whitening w;
  w.mean = torch::from_blob(mean.data(), {d}, torch::kFloat64).clone();  //@bug P05B torch-dtype-mismatch
  w.projection = torch::from_blob(proj.data(), {d, k}, torch::kFloat64).clone();  //@bug P05B torch-dtype-mismatch
  return w;
}
