#include "xray_triage.h"

#include <opencv2/imgcodecs.hpp>

#include <algorithm>
#include <fstream>
#include <iostream>

int main(int argc, char** argv) {
  if (argc < 3) {
    std::cerr << "usage: cxr_triage MODEL.pt WORKLIST.txt\n";
    return 2;
  }
  XrayTriage triage(argv[1], 0.6f);
  std::ifstream worklist(argv[2]);
  std::string study_id, png_path;
  std::vector<TriageResult> results;
  while (worklist >> study_id >> png_path) {
    cv::Mat img = cv::imread(png_path, cv::IMREAD_ANYDEPTH | cv::IMREAD_GRAYSCALE);
    if (img.empty()) {
      std::cerr << study_id << ": cannot read " << png_path << "\n";
      continue;
    }
    results.push_back(triage.score(study_id, img));
  }
  std::stable_sort(results.begin(), results.end(), [](const TriageResult& a, const TriageResult& b) {
    return a.finding_probs[0] > b.finding_probs[0];
  });
  for (const TriageResult& r : results) {
    std::cout << (r.urgent ? "URGENT " : "       ") << r.study_id;
    for (float p : r.finding_probs) std::cout << " " << p;
    std::cout << "\n";
  }
  return 0;
}
