#include "board_image.h"

#include <fstream>
#include <stdexcept>

namespace F = torch::nn::functional;

BoardImage read_board(const std::string& pgm_path) {
  std::ifstream in(pgm_path, std::ios::binary);
  if (!in) throw std::runtime_error("cannot open " + pgm_path);
  std::string magic;
  int maxval = 0;
  BoardImage img;
  in >> magic >> img.width >> img.height >> maxval;
  if (magic != "P5" || maxval != 255) throw std::runtime_error(pgm_path + ": not an 8-bit PGM");
  in.get();
  img.pixels.resize(static_cast<size_t>(img.width * img.height));
  in.read(reinterpret_cast<char*>(img.pixels.data()), static_cast<std::streamsize>(img.pixels.size()));
  if (!in) throw std::runtime_error(pgm_path + ": truncated");
  img.serial = pgm_path.substr(pgm_path.find_last_of('/') + 1);  // npos + 1 == 0
  return img;
}

torch::Tensor crop_joints(const BoardImage& img, const torch::Tensor& theta, int64_t crop_px) {
  const int64_t n = theta.size(0);
  auto board = torch::from_blob(const_cast<uint8_t*>(img.pixels.data()), {1, 1, img.height, img.width},
                                torch::kUInt8)
                   .to(torch::kFloat32)
                   .div_(255.0);
  auto grid = F::affine_grid(theta, {n, 1, crop_px, crop_px}, /*align_corners=*/false);
  return F::grid_sample(board.expand({n, 1, img.height, img.width}), grid,  //@bug P05B torch-dtype-mismatch
                        F::GridSampleFuncOptions()
                            .mode(torch::kBilinear)
                            .padding_mode(torch::kZeros)
                            .align_corners(false));
}

torch::Tensor load_golden(const std::string& path, int64_t dim) {
  std::ifstream in(path, std::ios::binary | std::ios::ate);
  if (!in) throw std::runtime_error("cannot open golden embeddings " + path);
  const auto bytes = static_cast<int64_t>(in.tellg());
  in.seekg(0);
  const int64_t rows = bytes / static_cast<int64_t>(dim * sizeof(float));
  std::vector<float> data(static_cast<size_t>(rows * dim));
  in.read(reinterpret_cast<char*>(data.data()), static_cast<std::streamsize>(data.size() * sizeof(float)));
  return torch::from_blob(data.data(), {rows, dim}, torch::kFloat32).clone();  //@bug P05A torch-factory-missing-device|torch-device-mismatch
}
