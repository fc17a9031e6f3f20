#include "point_cloud.h"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <numeric>
#include <stdexcept>

namespace fs = std::filesystem;

Mesh read_off(const std::string& path) {
  std::ifstream in(path);
  std::string magic;
  in >> magic;
  if (magic != "OFF") throw std::runtime_error(path + ": not an OFF file");
  int64_t nv = 0, nf = 0, ne = 0;
  in >> nv >> nf >> ne;
  Mesh m;
  m.vertices.resize(static_cast<size_t>(nv * 3));
  for (auto& v : m.vertices) in >> v;
  for (int64_t f = 0; f < nf; ++f) {
    int64_t k = 0, a = 0, b = 0, c = 0;
    in >> k >> a >> b >> c;
    m.faces.insert(m.faces.end(), {a, b, c});
  }
  return m;
}

torch::Tensor sample_surface(const Mesh& mesh, int64_t n) {
  const auto nv = static_cast<int64_t>(mesh.vertices.size() / 3);
  const auto nf = static_cast<int64_t>(mesh.faces.size() / 3);
  auto verts = torch::from_blob(const_cast<float*>(mesh.vertices.data()),
                                {nv, 3}, torch::kFloat32);
  auto faces = torch::from_blob(const_cast<int64_t*>(mesh.faces.data()),
                                {nf, 3}, torch::kInt64);
  auto a = verts.index_select(0, faces.select(1, 0));
  auto b = verts.index_select(0, faces.select(1, 1));
  auto c = verts.index_select(0, faces.select(1, 2));
  auto area = torch::cross(b - a, c - a, /*dim=*/1).norm(2, 1);

  auto pick = torch::multinomial(area, n, /*replacement=*/true);
  auto uv = torch::rand({n, 2});
  auto flip = (uv.sum(1, /*keepdim=*/true) > 1.0);
  uv = torch::where(flip, 1.0 - uv, uv);
  auto pts = a.index_select(0, pick) +
             uv.select(1, 0).unsqueeze(1) * (b - a).index_select(0, pick) +
             uv.select(1, 1).unsqueeze(1) * (c - a).index_select(0, pick);
  pts = pts - pts.mean(0, /*keepdim=*/true);
  return pts / pts.norm(2, 1).max();
}

PointCloudSet::PointCloudSet(const std::string& root, const std::string& split,
                             int64_t num_points, unsigned seed)
    : rng_(seed) {
  for (const auto& dir : fs::directory_iterator(root)) {
    if (dir.is_directory()) names_.push_back(dir.path().filename().string());
  }
  std::sort(names_.begin(), names_.end());
  for (size_t label = 0; label < names_.size(); ++label) {
    for (const auto& f : fs::directory_iterator(fs::path(root) / names_[label] / split)) {
      if (f.path().extension() != ".off") continue;
      clouds_.push_back(sample_surface(read_off(f.path().string()), num_points));
      labels_.push_back(static_cast<int64_t>(label));
    }
  }
}

void PointCloudSet::shuffle() {
  std::vector<size_t> order(clouds_.size());
  std::iota(order.begin(), order.end(), 0);
  std::shuffle(order.begin(), order.end(), rng_);
  std::vector<torch::Tensor> c;
  std::vector<int64_t> l;
  for (size_t i : order) {
    c.push_back(clouds_[i]);
    l.push_back(labels_[i]);
  }
  clouds_.swap(c);
  labels_.swap(l);
}

CloudBatch PointCloudSet::batch(size_t start, size_t count) const {
  count = std::min(count, clouds_.size() - start);
  CloudBatch b;
  b.points = torch::stack(std::vector<torch::Tensor>(
      clouds_.begin() + start, clouds_.begin() + start + count));
  b.labels = torch::tensor(std::vector<int64_t>(
      labels_.begin() + start, labels_.begin() + start + count));
  return b;
}
