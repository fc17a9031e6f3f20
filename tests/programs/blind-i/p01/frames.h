#pragma once

#include <torch/torch.h>

#include <cstdint>
#include <string>
#include <vector>

// One still of a trigger burst as the SD-card ingest writes it (P6 PPM).
struct Frame {
  int64_t width = 0, height = 0;
  std::vector<uint8_t> rgb;  // height * width * 3
};

// A trigger burst: the 3-10 stills one PIR trigger produced at one site.
struct Burst {
  std::string id, site;
  std::vector<Frame> frames;
};

Frame read_ppm(const std::string& path);
// Manifest from the SD-card ingest, one burst per line:
//   burst_id <TAB> site <TAB> still_1.ppm still_2.ppm ...
std::vector<Burst> read_manifest(const std::string& path);

// [3, size, size] in [0, 1]; the camera's info strip is cropped first.
torch::Tensor to_chw(const Frame& frame, int64_t size, int64_t info_strip_rows);

torch::Tensor normalise_rgb(const torch::Tensor& chw);  // ImageNet mean and std

// Fourth input channel, [N, 1, size, size]: how much each pixel differs from
// the burst's median frame, scaled to [0, 1] per still.
torch::Tensor motion_energy(const std::vector<torch::Tensor>& chw_frames);
