#include <torch/torch.h>

#include <iostream>
#include <random>
#include <string>
#include <vector>

#include "config.h"
#include "request.h"
#include "server.h"

namespace {

SegRequest make_test_request(const std::string& id, int64_t h, int64_t w,
                             unsigned seed) {
  SegRequest r;
  r.id = id;
  r.height = h;
  r.width = w;
  r.rgb.resize(static_cast<size_t>(h * w * 3));
  std::mt19937 rng(seed);
  std::uniform_int_distribution<int> px(0, 255);
  for (auto& b : r.rgb) b = static_cast<uint8_t>(px(rng));
  return r;
}

}  // namespace

int main(int argc, char** argv) {
  ServerConfig cfg;
  std::string device_arg = "auto";
  for (int i = 1; i + 1 < argc; i += 2) {
    const std::string key = argv[i];
    if (key == "--model") cfg.model_path = argv[i + 1];
    if (key == "--device") device_arg = argv[i + 1];
  }
  if (device_arg == "auto") {
    cfg.device = torch::cuda::is_available() ? torch::Device(torch::kCUDA)
                                             : torch::Device(torch::kCPU);
  } else {
    cfg.device = torch::Device(device_arg);
  }

  SegmentationServer server(cfg);
  std::vector<SegRequest> reqs;
  for (unsigned i = 0; i < 4; ++i) {
    reqs.push_back(make_test_request("req" + std::to_string(i), 375, 500, i));
  }
  for (const auto& resp : server.handle_all(reqs)) {
    std::cout << resp.id << ": " << resp.mask.size() << " px, background "
              << resp.class_fraction[0] << ", " << resp.latency_ms << " ms\n";
  }
  return 0;
}
