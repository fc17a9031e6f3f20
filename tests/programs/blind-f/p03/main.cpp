#include <torch/torch.h>

#include <iostream>
#include <string>

#include "colorize.h"
#include "depth_backend.h"
#include "image_io.h"

// Monocular depth service for the warehouse robots' forward cameras.
//   depth_service model.pt frame.ppm out.ppm [--cpu]
int main(int argc, char** argv) {
  if (argc < 4) {
    std::cerr << "usage: depth_service MODEL FRAME OUT [--cpu]\n";
    return 2;
  }
  const bool force_cpu = argc > 4 && std::string(argv[4]) == "--cpu";
  const int64_t net_h = 384, net_w = 512;
  const double max_depth_m = 20.0;
  const double min_confidence = 0.3;

  auto backend = create_backend(argv[1], !force_cpu, max_depth_m);
  std::cout << "backend " << backend->name() << "\n";
  backend->warm_up(net_h, net_w);

  RgbFrame frame = read_ppm(argv[2]);
  auto input = frame_to_input(frame, net_h, net_w);
  DepthResult result = backend->infer(input);
  DepthImage img = colorize(result, max_depth_m, min_confidence);
  write_ppm(argv[3], img);
  std::cout << "median depth " << img.median_depth_m << " m, "
            << 100.0 * img.valid_fraction << "% confident\n";
  return 0;
}
