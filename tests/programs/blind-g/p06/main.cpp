#include "voxelizer.h"

#include <fstream>
#include <iostream>
#include <random>

// Demo: voxelizes a synthetic sweep (or a raw .bin sweep given on the command
// line) and prints the height profile of the occupied voxels.
int main(int argc, char** argv) {
  torch::Tensor cloud;
  if (argc > 1) {
    std::ifstream in(argv[1], std::ios::binary | std::ios::ate);
    const std::streamsize bytes = in.tellg();
    in.seekg(0);
    const int64_t n = static_cast<int64_t>(bytes / (4 * sizeof(float)));
    cloud = torch::empty({n, 4}, torch::kFloat32);
    in.read(reinterpret_cast<char*>(cloud.data_ptr<float>()), n * 4 * static_cast<int64_t>(sizeof(float)));
  } else {
    cloud = torch::empty({50000, 4}, torch::kFloat32);
    float* p = cloud.data_ptr<float>();
    std::mt19937 rng(3);
    std::uniform_real_distribution<float> xy(-45.0f, 45.0f), z(-2.5f, 3.0f), inten(0.0f, 255.0f);
    for (int64_t i = 0; i < cloud.size(0); ++i) {
      p[4 * i + 0] = xy(rng);
      p[4 * i + 1] = xy(rng);
      p[4 * i + 2] = z(rng);
      p[4 * i + 3] = inten(rng);
    }
  }

  const torch::Device device = torch::cuda::is_available() ? torch::kCUDA : torch::kCPU;
  Voxelizer vox(VoxelGridSpec{}, device);
  torch::Tensor counts = vox.occupancy(cloud);
  const std::vector<int64_t> profile = vox.height_profile(counts);
  for (size_t z = 0; z < profile.size(); ++z) {
    std::cout << "slice " << z << ": " << profile[z] << " occupied\n";
  }
  std::cout << "total points " << cloud.size(0) << " on " << device << "\n";
  return 0;
}
