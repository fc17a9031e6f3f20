#include "blade_inspector.h"

#include <opencv2/videoio.hpp>

#include <fstream>
#include <iostream>

int main(int argc, char** argv) {
  if (argc != 3) {
    std::cerr << "usage: blade_inspect DETECTOR.pt FLIGHT.mp4\n";
    return 2;
  }
  BladeInspector inspector(argv[1], 0.5f);
  cv::VideoCapture video(argv[2]);
  if (!video.isOpened()) return 1;
  std::ofstream report("blade_defects.csv");
  report << "frame,kind,score,x,y,w,h\n";
  std::vector<cv::Mat> chunk;
  int next_index = 0;
  cv::Mat frame;
  bool more = true;
  while (more) {
    more = video.read(frame);
    if (more) chunk.push_back(frame.clone());
    if (chunk.size() < 16 && more) continue;
    for (const BladeDefect& d : inspector.inspect(chunk, next_index)) {
      report << d.frame << "," << d.kind << "," << d.score << "," << d.box.x << "," << d.box.y << ","
             << d.box.width << "," << d.box.height << "\n";
    }
    next_index += static_cast<int>(chunk.size());
    chunk.clear();
  }
  std::cout << "inspected " << next_index << " frames\n";
  return 0;
}
