#pragma once

#include <opencv2/core.hpp>
#include <opencv2/imgcodecs.hpp>
#include <opencv2/imgproc.hpp>

#include <fstream>
#include <string>
#include <vector>

// One aligned 112x112 face crop per line: "<person_id> <path>".
struct FaceRecord {
  std::string person_id;
  std::string path;
};

inline std::vector<FaceRecord> read_manifest(const std::string& manifest) {
  std::vector<FaceRecord> out;
  std::ifstream in(manifest);
  FaceRecord r;
  while (in >> r.person_id >> r.path) out.push_back(r);
  return out;
}

// Loads a crop as RGB float in [-1, 1], 112x112, HWC.
inline cv::Mat load_crop(const std::string& path) {
  cv::Mat bgr = cv::imread(path, cv::IMREAD_COLOR);
  if (bgr.empty()) return {};
  if (bgr.rows != 112 || bgr.cols != 112) {
    cv::resize(bgr, bgr, cv::Size(112, 112), 0, 0, cv::INTER_LINEAR);
  }
  cv::Mat rgb, f;
  cv::cvtColor(bgr, rgb, cv::COLOR_BGR2RGB);
  rgb.convertTo(f, CV_32FC3, 1.0 / 127.5, -1.0);
  return f;
}

// Gallery file layout: int32 count, int32 dim, then per entry a 32-byte
// zero-padded id followed by dim float32 values.
inline void write_gallery(const std::string& path, const std::vector<std::string>& ids,
                          const std::vector<float>& embeddings, int dim) {
  std::ofstream out(path, std::ios::binary);
  const int32_t count = static_cast<int32_t>(ids.size());
  const int32_t d = dim;
  out.write(reinterpret_cast<const char*>(&count), sizeof(count));
  out.write(reinterpret_cast<const char*>(&d), sizeof(d));
  for (size_t i = 0; i < ids.size(); ++i) {
    char name[32] = {0};
    ids[i].copy(name, sizeof(name) - 1);
    out.write(name, sizeof(name));
    out.write(reinterpret_cast<const char*>(embeddings.data() + i * static_cast<size_t>(dim)),
              static_cast<std::streamsize>(dim * sizeof(float)));
  }
}
