#include "lesion_data.h"

#include <opencv2/imgcodecs.hpp>
#include <opencv2/imgproc.hpp>

#include <algorithm>
#include <fstream>
#include <numeric>
#include <random>
#include <sstream>

LesionData::LesionData(const std::string& csv_path) {
  std::ifstream in(csv_path);
  std::string line;
  while (std::getline(in, line)) {
    std::stringstream ss(line);
    std::string path, label;
    if (std::getline(ss, path, ',') && std::getline(ss, label)) {
      paths_.push_back(path);
      labels_.push_back(std::stoll(label));
    }
  }
}

std::vector<int64_t> LesionData::label_counts() const {
  std::vector<int64_t> counts(kClasses, 0);
  for (int64_t l : labels_) ++counts[static_cast<size_t>(l)];
  return counts;
}

std::vector<LesionBatch> LesionData::shuffled_batches(int64_t batch_size, uint64_t seed) const {
  std::vector<size_t> order(paths_.size());
  std::iota(order.begin(), order.end(), 0);
  std::shuffle(order.begin(), order.end(), std::mt19937_64(seed));
  std::vector<LesionBatch> batches;
  for (size_t start = 0; start < order.size(); start += static_cast<size_t>(batch_size)) {
    const size_t end = std::min(order.size(), start + static_cast<size_t>(batch_size));
    std::vector<torch::Tensor> imgs;
    std::vector<int64_t> labels;
    for (size_t k = start; k < end; ++k) {
      cv::Mat bgr = cv::imread(paths_[order[k]], cv::IMREAD_COLOR);
      if (bgr.empty()) continue;
      cv::Mat rgb;
      cv::resize(bgr, bgr, cv::Size(192, 192), 0, 0, cv::INTER_AREA);
      cv::cvtColor(bgr, rgb, cv::COLOR_BGR2RGB);
      imgs.push_back(torch::from_blob(rgb.data, {192, 192, 3}, torch::kUInt8).permute({2, 0, 1}).to(torch::kFloat32).div(255.0));
      labels.push_back(labels_[order[k]]);
    }
    if (imgs.empty()) continue;
    batches.push_back({torch::stack(imgs), torch::tensor(labels)});
  }
  return batches;
}
