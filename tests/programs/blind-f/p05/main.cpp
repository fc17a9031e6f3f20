#include <torch/torch.h>

#include <chrono>
#include <iostream>
#include <string>

#include "sr_backend.h"
#include "tiler.h"
#include "upscaler.h"

// x4 super-resolution of archive scans for the photo library.
//   sr_service model.pt in.ppm out.ppm [--cpu] [--tile N]
int main(int argc, char** argv) {
  if (argc < 4) {
    std::cerr << "usage: sr_service MODEL IN OUT [--cpu] [--tile N]\n";
    return 2;
  }
  bool gpu = true;
  UpscaleOptions opts;
  for (int i = 4; i < argc; ++i) {
    const std::string a = argv[i];
    if (a == "--cpu") gpu = false;
    if (a == "--tile" && i + 1 < argc) opts.tile = std::stoll(argv[++i]);
  }

  Upscaler upscaler(make_sr_backend(argv[1], gpu), opts);
  Image8 in = read_ppm(argv[2]);
  auto t0 = std::chrono::steady_clock::now();
  auto x = image_to_tensor(in);
  auto y = upscaler.upscale(x);  //@bug P05B torch-dtype-mismatch
  Image8 out = tensor_to_image(y);
  auto ms = std::chrono::duration_cast<std::chrono::milliseconds>(
                std::chrono::steady_clock::now() - t0).count();
  write_ppm(argv[3], out);
  std::cout << in.width << "x" << in.height << " -> " << out.width << "x"
            << out.height << " in " << ms << " ms\n";
  return 0;
}
