#include "fruit_grader.h"

#include <opencv2/imgcodecs.hpp>

#include <fstream>
#include <iostream>
#include <map>

int main(int argc, char** argv) {
  if (argc != 3) {
    std::cerr << "usage: apple_grader MODEL.pt LINE_LOG.csv\n";
    return 2;
  }
  const torch::Device device(torch::cuda::is_available() ? torch::kCUDA : torch::kCPU);
  FruitGrader grader(argv[1], device);

  // Each line: image path, weight in grams, brix.
  std::ifstream log(argv[2]);
  std::string path;
  float weight = 0.0f, brix = 0.0f;
  std::map<int, int> counts;
  while (log >> path >> weight >> brix) {
    cv::Mat img = cv::imread(path, cv::IMREAD_COLOR);
    if (img.empty()) continue;
    const Grade g = grader.grade(img, weight, brix);
    ++counts[static_cast<int>(g)];
  }
  const char* names[] = {"Extra", "Class I", "Class II", "Reject"};
  for (const auto& kv : counts) std::cout << names[kv.first] << ": " << kv.second << "\n";
  return 0;
}
