#include <torch/torch.h>

#include <iostream>
#include <string>

#include "decode.h"
#include "detector.h"
#include "letterbox.h"

int main(int argc, char** argv) {
  std::string model = "models/vehicle_det_ts.pt";
  std::string device_flag = "auto";
  float threshold = 0.4f;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    if (a == "--model" && i + 1 < argc) model = argv[++i];
    else if (a == "--device" && i + 1 < argc) device_flag = argv[++i];
    else if (a == "--threshold" && i + 1 < argc) threshold = std::stof(argv[++i]);
  }
  auto detector = open_detector(model, device_flag);
  std::cout << "detector on " << detector->device() << "\n";

  const char* names[] = {"bg", "car", "truck", "bus", "motorbike", "bicycle"};
  Frame frame;
  frame.width = 1280;
  frame.height = 720;
  frame.planes.assign(3 * 1280 * 720, 0.5f);

  for (int t = 0; t < 3; ++t) {
    auto lb = letterbox(frame, 640);
    auto out = detector->detect(lb.input);
    for (const auto& b : decode_detections(out, lb, threshold)) {
      std::cout << "t=" << t << " " << names[b.label % 6] << " " << b.score
                << " [" << b.x1 << "," << b.y1 << "," << b.x2 << "," << b.y2
                << "]\n";
    }
  }
  return 0;
}
