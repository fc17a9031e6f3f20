// Loads a raw float32 weight file exported from numpy (arr.tofile) into a [rows, 16] tensor.
#include <torch/torch.h>

#include <fstream>
#include <iostream>
#include <iterator>
#include <string>
#include <vector>

namespace io {

constexpr int64_t kCols = 16;

torch::Tensor read_weight_matrix(const std::string& path) {
  std::ifstream file(path, std::ios::binary);
  std::string bytes((std::istreambuf_iterator<char>(file)), std::istreambuf_iterator<char>());

  torch::Tensor weights;
  const int64_t count = static_cast<int64_t>(bytes.size() / sizeof(float));
  if (count == 0 || count % kCols != 0) {
    std::cerr << "bad weight file " << path << "\n";
    return torch::zeros({0, kCols});
  }
  weights = torch::from_blob(&bytes[0], {count}, torch::kFloat);  //@bug J10 torch-from-blob-lifetime
  return weights.reshape({count / kCols, kCols});
}

}  // namespace io

int main() {
  const std::string path = "fc.bin";
  {
    std::vector<float> w(4 * io::kCols);
    for (size_t i = 0; i < w.size(); ++i) w[i] = 0.01f * static_cast<float>(i);
    std::ofstream out(path, std::ios::binary);
    out.write(reinterpret_cast<const char*>(w.data()), static_cast<std::streamsize>(w.size() * sizeof(float)));
  }
  torch::nn::Linear fc(io::kCols, 4);
  torch::Tensor w = io::read_weight_matrix(path);
  {
    torch::NoGradGuard no_grad;
    fc->weight.copy_(w);
  }
  std::cout << fc->forward(torch::ones({1, io::kCols})) << std::endl;
  return 0;
}
