#include "detector.h"

#include <opencv2/imgcodecs.hpp>
#include <opencv2/imgproc.hpp>

#include <algorithm>
#include <fstream>
#include <iostream>
#include <map>
#include <numeric>

std::vector<size_t> greedy_nms(const std::vector<cv::Rect2f>& boxes,
                               const std::vector<float>& scores, float iou_threshold) {
  std::vector<size_t> order(boxes.size());
  std::iota(order.begin(), order.end(), 0);
  std::sort(order.begin(), order.end(), [&](size_t a, size_t b) { return scores[a] > scores[b]; });
  std::vector<bool> dropped(boxes.size(), false);
  std::vector<size_t> kept;
  for (size_t oi = 0; oi < order.size(); ++oi) {
    const size_t i = order[oi];
    if (dropped[i]) continue;
    kept.push_back(i);
    for (size_t oj = oi + 1; oj < order.size(); ++oj) {
      const size_t j = order[oj];
      const float inter = (boxes[i] & boxes[j]).area();
      const float uni = boxes[i].area() + boxes[j].area() - inter;
      if (uni > 0.0f && inter / uni > iou_threshold) dropped[j] = true;
    }
  }
  return kept;
}

int main(int argc, char** argv) {
  if (argc < 3) {
    std::cerr << "usage: shelf_audit MODEL.pt PHOTO... [--cpu]\n";
    return 2;
  }
  DetectorConfig cfg;
  cfg.model_path = argv[1];
  std::vector<std::string> photos;
  for (int i = 2; i < argc; ++i) {
    if (std::string(argv[i]) == "--cpu") {
      cfg.force_cpu = true;
    } else {
      photos.emplace_back(argv[i]);
    }
  }
  ShelfDetector detector(cfg);
  std::ofstream report("shelf_report.csv");
  report << "photo,sku,count\n";
  for (const auto& path : photos) {
    cv::Mat img = cv::imread(path, cv::IMREAD_COLOR);
    if (img.empty()) continue;
    std::map<int64_t, int> facings;
    for (const Detection& d : detector.detect(img)) {
      ++facings[d.sku];
      cv::rectangle(img, d.box, cv::Scalar(0, 200, 0), 2);
    }
    for (const auto& kv : facings) report << path << "," << kv.first << "," << kv.second << "\n";
    cv::imwrite(path + ".boxes.jpg", img);
  }
  std::cout << "audited " << photos.size() << " photos on " << detector.device() << "\n";
  return 0;
}
