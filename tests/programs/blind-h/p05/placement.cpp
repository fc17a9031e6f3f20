#include "placement.h"

#include <cmath>
#include <fstream>
#include <sstream>
#include <stdexcept>

std::vector<Joint> read_joints(const std::string& csv_path) {
  std::ifstream in(csv_path);
  if (!in) throw std::runtime_error("cannot open " + csv_path);
  std::vector<Joint> joints;
  std::string line;
  std::getline(in, line);  // header: ref,pin,x,y,rot,pad_w,pad_h
  while (std::getline(in, line)) {
    if (line.empty()) continue;
    std::stringstream ss(line);
    std::vector<std::string> f;
    for (std::string field; std::getline(ss, field, ',');) f.push_back(field);
    if (f.size() < 7) throw std::runtime_error("short row in " + csv_path + ": " + line);
    Joint j;
    j.ref = f[0];
    j.pin = std::stoi(f[1]);
    j.x_mm = std::stod(f[2]), j.y_mm = std::stod(f[3]), j.rot_deg = std::stod(f[4]);
    j.pad_w_mm = std::stod(f[5]), j.pad_h_mm = std::stod(f[6]);
    joints.push_back(j);
  }
  return joints;
}

torch::Tensor joint_affines(const std::vector<Joint>& joints, const BoardGeometry& geo) {
  const double kPi = 3.14159265358979323846;
  const double w_mm = static_cast<double>(geo.width_px) * geo.mm_per_px;
  const double h_mm = static_cast<double>(geo.height_px) * geo.mm_per_px;
  std::vector<double> theta;
  theta.reserve(joints.size() * 6);
  for (const auto& j : joints) {
    const double a = j.rot_deg * kPi / 180.0;
    const double sx = geo.margin * j.pad_w_mm / w_mm;  // half-extent ratios
    const double sy = geo.margin * j.pad_h_mm / h_mm;
    const double cx = 2.0 * j.x_mm / w_mm - 1.0;
    const double cy = 1.0 - 2.0 * j.y_mm / h_mm;      // image rows grow downwards
    theta.insert(theta.end(), {sx * std::cos(a), -sy * std::sin(a), cx,
                               sx * std::sin(a), sy * std::cos(a), cy});
  }
  const auto n = static_cast<int64_t>(joints.size());
  return torch::from_blob(theta.data(), {n, 2, 3}, torch::kFloat64).clone();  //@bug P05B torch-dtype-mismatch
}
