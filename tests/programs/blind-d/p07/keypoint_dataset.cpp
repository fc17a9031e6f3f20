#include "keypoint_dataset.h"

#include <algorithm>
#include <fstream>
#include <sstream>
#include <stdexcept>

KeypointDataset::KeypointDataset(const std::string& list,
                                 const PoseConfig& cfg)
    : cfg_(cfg) {
  std::ifstream in(list);
  if (!in) throw std::runtime_error("cannot open " + list);
  std::string line;
  while (std::getline(in, line)) {
    std::istringstream ss(line);
    PoseSample s;
    ss >> s.image;
    for (int64_t j = 0; j < cfg_.num_joints; ++j) {
      Joint jt;
      int vis = 0;
      ss >> jt.x >> jt.y >> vis;
      jt.visible = vis > 0;
      s.joints.push_back(jt);
    }
    if (ss) samples_.push_back(std::move(s));
  }
}

torch::Tensor KeypointDataset::load_crop(const std::string& name) const {
  // crops are stored pre-resized as raw interleaved RGB, input_h x input_w
  std::ifstream in(cfg_.image_root + "/" + name, std::ios::binary);
  std::vector<uint8_t> rgb(static_cast<size_t>(cfg_.input_h * cfg_.input_w * 3));
  in.read(reinterpret_cast<char*>(rgb.data()),
          static_cast<std::streamsize>(rgb.size()));
  auto img = torch::from_blob(rgb.data(), {cfg_.input_h, cfg_.input_w, 3},
                              torch::kUInt8)
                 .permute({2, 0, 1})
                 .to(torch::kFloat32)
                 .div_(255.0);
  auto mean = torch::tensor({0.485f, 0.456f, 0.406f}).view({3, 1, 1});
  auto stdv = torch::tensor({0.229f, 0.224f, 0.225f}).view({3, 1, 1});
  return (img - mean) / stdv;
}

torch::Tensor KeypointDataset::render_heatmaps(
    const std::vector<Joint>& joints) const {
  const double stride = static_cast<double>(cfg_.input_w) / cfg_.heat_w;
  auto xs = torch::arange(cfg_.heat_w, torch::kFloat32).view({1, -1});
  auto ys = torch::arange(cfg_.heat_h, torch::kFloat32).view({-1, 1});
  auto maps = torch::zeros({cfg_.num_joints, cfg_.heat_h, cfg_.heat_w});
  for (int64_t j = 0; j < cfg_.num_joints; ++j) {
    const Joint& jt = joints[j];
    if (!jt.visible) continue;
    const double cx = jt.x / stride;
    const double cy = jt.y / stride;
    maps[j].copy_(torch::exp(-((xs - cx).pow(2) + (ys - cy).pow(2)) /
                             (2.0 * cfg_.sigma * cfg_.sigma)));
  }
  return maps;
}

PoseBatch KeypointDataset::batch(size_t start, size_t count) const {
  count = std::min(count, samples_.size() - start);
  const auto B = static_cast<int64_t>(count);
  const int64_t J = cfg_.num_joints;
  std::vector<torch::Tensor> images, maps;
  std::vector<float> weight, coords;
  for (size_t i = start; i < start + count; ++i) {
    images.push_back(load_crop(samples_[i].image));
    maps.push_back(render_heatmaps(samples_[i].joints));
    for (const Joint& jt : samples_[i].joints) {
      weight.push_back(jt.visible ? 1.0f : 0.0f);
      coords.push_back(jt.x);
      coords.push_back(jt.y);
    }
  }
  PoseBatch b;
  b.images = torch::stack(images);
  b.heatmaps = torch::stack(maps);
  b.target_weight = torch::tensor(weight).view({B, J, 1});  //@bug P07B torch-device-mismatch|torch-factory-missing-device
  b.keypoints = torch::tensor(coords).view({B, J, 2});
  b.visible = b.target_weight.squeeze(2) > 0.5;
  return b;
}
