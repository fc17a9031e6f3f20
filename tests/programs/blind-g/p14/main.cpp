#include "grasp_planner.h"

#include <opencv2/imgcodecs.hpp>

#include <iostream>

int main(int argc, char** argv) {
  if (argc != 4) {
    std::cerr << "usage: pick_cell GGCNN.pt COLOR.png DEPTH16.png\n";
    return 2;
  }
  cv::Mat color = cv::imread(argv[2], cv::IMREAD_COLOR);
  cv::Mat depth = cv::imread(argv[3], cv::IMREAD_UNCHANGED);
  if (color.empty() || depth.empty() || depth.type() != CV_16UC1) {
    std::cerr << "need an 8-bit colour image and a 16-bit depth image\n";
    return 1;
  }
  GraspPlanner planner(argv[1]);
  const GraspPose g = planner.plan(color, depth);
  std::cout << "grasp at (" << g.pixel.x << ", " << g.pixel.y << ") angle " << g.angle_rad
            << " rad width " << g.width_px << " px depth " << g.depth_m << " m quality " << g.quality
            << "\n";
  return g.quality > 0.5f ? 0 : 3;
}
