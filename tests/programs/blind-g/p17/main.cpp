#include "sign_detector.h"

#include <opencv2/imgcodecs.hpp>

#include <fstream>
#include <iostream>

// Survey run: one geotagged frame per line of the drive log ("lat lon path").
int main(int argc, char** argv) {
  if (argc != 4) {
    std::cerr << "usage: sign_survey MODEL.pt DRIVE_LOG.txt OUT.csv\n";
    return 2;
  }
  const torch::Device device = torch::cuda::is_available() ? torch::kCUDA : torch::kCPU;
  SignDetector detector(argv[1], device);
  std::ifstream drive_log(argv[2]);
  std::ofstream csv(argv[3]);
  csv << "lat,lon,class,score,x,y,w,h\n";
  double lat = 0.0, lon = 0.0;
  std::string path;
  size_t frames = 0, signs = 0;
  while (drive_log >> lat >> lon >> path) {
    cv::Mat frame = cv::imread(path, cv::IMREAD_COLOR);
    if (frame.empty()) continue;
    ++frames;
    for (const SignBox& s : detector.detect(frame, 0.4f, 0.45f)) {
      csv << lat << "," << lon << "," << s.cls << "," << s.score << "," << s.box.x << "," << s.box.y
          << "," << s.box.width << "," << s.box.height << "\n";
      ++signs;
    }
  }
  std::cout << signs << " signs in " << frames << " frames\n";
  return 0;
}
