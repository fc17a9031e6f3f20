#include <torch/torch.h>

#include <iostream>
#include <string>

#include "mask_writer.h"
#include "segmenter.h"
#include "volume_io.h"

int main(int argc, char** argv) {
  SegmenterConfig cfg;
  std::string study = "studies/ct_0001.raw";
  int64_t depth = 128, height = 256, width = 256;
  double spacing_ml = 0.7 * 0.7 * 1.25 / 1000.0;
  bool use_gpu = true;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    if (a == "--model" && i + 1 < argc) cfg.model_path = argv[++i];
    else if (a == "--study" && i + 1 < argc) study = argv[++i];
    else if (a == "--depth" && i + 1 < argc) depth = std::stoll(argv[++i]);
    else if (a == "--no-gpu") use_gpu = false;
  }
  if (use_gpu && torch::cuda::is_available()) {
    cfg.device = torch::Device(torch::kCUDA, 0);
  }
  std::cout << "segmenting on " << cfg.device << "\n";

  auto engine = make_engine(cfg);
  auto vol = read_raw_volume(study, depth, height, width);
  auto probs = engine->segment(lung_window(vol));
  auto report = write_mask(probs, 0.5, spacing_ml, study + ".mask");
  std::cout << "lung voxels " << report.voxels << ", volume "
            << report.volume_ml << " ml\n";
  return 0;
}
