#pragma once

#include <torch/torch.h>

#include <cstdint>
#include <string>
#include <vector>

struct Image8 {
  int64_t height = 0;
  int64_t width = 0;
  std::vector<uint8_t> rgb;  // interleaved, [H * W * 3]
};

Image8 read_ppm(const std::string& path);
void write_ppm(const std::string& path, const Image8& img);

// [1, 3, H, W] in [0, 1]. Normalised in double precision, as in the reference
// (PIL + numpy float64) pipeline the model was validated with.
torch::Tensor image_to_tensor(const Image8& img);
// [1, 3, H, W] in [0, 1] on any device -> 8-bit image.
Image8 tensor_to_image(const torch::Tensor& t);

struct TileRect {
  int64_t y0, x0, h, w;  // in input pixels
};
// Overlapping tiles covering an H x W image; every tile is tile x tile except
// where the image is smaller than one tile.
std::vector<TileRect> plan_tiles(int64_t height, int64_t width, int64_t tile,
                                 int64_t overlap);

// Separable raised-cosine feathering window for output tiles, [1, 1, s, s].
torch::Tensor blend_window(int64_t out_tile, int64_t out_overlap);

// Zero accumulation buffer [1, channels, height, width].
torch::Tensor make_canvas(int64_t channels, int64_t height, int64_t width);
