#include "strokes.h"

#include <algorithm>
#include <cmath>
#include <fstream>
#include <map>
#include <sstream>
#include <stdexcept>

std::vector<Sketch> read_sketches(const std::string& path, int64_t max_points,
                                  std::vector<std::string>* classes) {
  std::ifstream in(path);
  if (!in) throw std::runtime_error("cannot open " + path);
  std::map<std::string, int64_t> ids;
  for (size_t i = 0; i < classes->size(); ++i) ids[(*classes)[i]] = static_cast<int64_t>(i);
  std::vector<Sketch> out;
  std::string line;
  while (std::getline(in, line)) {
    const auto tab = line.find('\t');
    if (tab == std::string::npos) continue;
    const std::string name = line.substr(0, tab);
    if (!ids.count(name)) {
      ids[name] = static_cast<int64_t>(classes->size());
      classes->push_back(name);
    }
    Sketch s;
    s.label = ids[name];
    std::istringstream strokes(line.substr(tab + 1));
    std::string stroke;
    float px = 0.f, py = 0.f;
    while (std::getline(strokes, stroke, '|')) {
      std::replace(stroke.begin(), stroke.end(), ',', ' ');
      std::istringstream pts(stroke);
      float x = 0.f, y = 0.f;
      while (pts >> x >> y && s.length() < max_points) {
        s.points.insert(s.points.end(), {x - px, y - py, 0.f});
        px = x;
        py = y;
      }
      if (!s.points.empty()) s.points.back() = 1.f;  // pen lifted after the stroke
    }
    if (s.length() >= 2) out.push_back(std::move(s));
  }
  return out;
}

SketchBatch SketchBatch::to(const torch::Device& device) const {
  return SketchBatch{points.to(device), lengths, labels.to(device)};
}

SketchBatch make_batch(const std::vector<Sketch>& sketches, const std::vector<size_t>& order,
                       size_t begin, size_t end) {
  const auto b = static_cast<int64_t>(end - begin);
  int64_t t = 0;
  for (size_t i = begin; i < end; ++i) t = std::max(t, sketches[order[i]].length());
  auto points = torch::zeros({b, t, 3});
  std::vector<int64_t> lengths, labels;
  for (size_t i = begin; i < end; ++i) {
    const auto& s = sketches[order[i]];
    auto src = torch::from_blob(const_cast<float*>(s.points.data()), {s.length(), 3}, torch::kFloat32);
    points[static_cast<int64_t>(i - begin)].slice(0, 0, s.length()).copy_(src);
    lengths.push_back(s.length());
    labels.push_back(s.label);
  }
  return SketchBatch{points, torch::tensor(lengths), torch::tensor(labels)};
}

torch::Tensor delta_scale(const std::vector<Sketch>& sketches) {
  double sum[2] = {0, 0}, sq[2] = {0, 0};
  double n = 0;
  for (const auto& s : sketches)
    for (size_t i = 0; i + 2 < s.points.size(); i += 3) {
      for (int k = 0; k < 2; ++k) {
        sum[k] += s.points[i + static_cast<size_t>(k)];
        sq[k] += static_cast<double>(s.points[i + static_cast<size_t>(k)]) * s.points[i + static_cast<size_t>(k)];
      }
      n += 1;
    }
  std::vector<double> sd(2);
  for (int k = 0; k < 2; ++k) sd[static_cast<size_t>(k)] = std::sqrt(sq[k] / n - (sum[k] / n) * (sum[k] / n));
  return torch::tensor(sd, torch::kFloat64);
}

torch::Tensor class_weights(const std::vector<Sketch>& sketches, int64_t num_classes) {
  auto counts = torch::zeros({num_classes}, torch::kFloat64);
  auto c = counts.accessor<double, 1>();
  for (const auto& s : sketches) c[s.label] += 1.0;
  auto w = counts.clamp_min(1.0).rsqrt();
  return w / w.mean();
}
