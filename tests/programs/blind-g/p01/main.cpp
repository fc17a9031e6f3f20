#include "seg_service.h"

#include <opencv2/imgcodecs.hpp>
#include <opencv2/imgproc.hpp>

#include <iostream>
#include <string>

namespace {

constexpr int kNumClasses = 6;

// BGR colours for road, sidewalk, lane marking, vehicle, pedestrian, background.
const cv::Vec3b kPalette[kNumClasses] = {
    {128, 64, 128}, {232, 35, 244}, {255, 255, 255},
    {142, 0, 0},    {60, 20, 220},  {0, 0, 0},
};

cv::Mat colourize(const cv::Mat& labels) {
  cv::Mat out(labels.size(), CV_8UC3);
  for (int r = 0; r < labels.rows; ++r) {
    const uint8_t* src = labels.ptr<uint8_t>(r);
    cv::Vec3b* dst = out.ptr<cv::Vec3b>(r);
    for (int c = 0; c < labels.cols; ++c) {
      dst[c] = kPalette[std::min<int>(src[c], kNumClasses - 1)];
    }
  }
  return out;
}

double drivable_fraction(const cv::Mat& labels) {
  const int road = cv::countNonZero(labels == 0);
  return static_cast<double>(road) / static_cast<double>(labels.total());
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 4) {
    std::cerr << "usage: road_seg MODEL.pt OUT_DIR FRAME...\n";
    return 2;
  }
  RoadSegmenter segmenter(argv[1], 512, 256);
  const std::string out_dir = argv[2];
  std::cout << "road_seg on " << segmenter.device() << "\n";

  for (int i = 3; i < argc; ++i) {
    cv::Mat frame = cv::imread(argv[i], cv::IMREAD_COLOR);
    if (frame.empty()) {
      std::cerr << "skip unreadable frame " << argv[i] << "\n";
      continue;
    }
    cv::Mat labels = segmenter.segment(frame);
    cv::Mat overlay;
    cv::addWeighted(frame, 0.5, colourize(labels), 0.5, 0.0, overlay);
    const std::string out_path = out_dir + "/frame_" + std::to_string(i - 3) + ".png";
    cv::imwrite(out_path, overlay);
    std::cout << argv[i] << ": drivable " << drivable_fraction(labels) * 100.0 << "%\n";
  }
  return 0;
}
