// A custom dataset reading one raw 28x28 grayscale digit per file.
#include <torch/torch.h>

#include <cstdint>
#include <fstream>
#include <iostream>
#include <string>
#include <vector>

class RawDigits : public torch::data::datasets::Dataset<RawDigits> {
 public:
  static constexpr int64_t kRows = 28;
  static constexpr int64_t kCols = 28;

  RawDigits(std::vector<std::string> files, std::vector<int64_t> labels)
      : files_(std::move(files)), labels_(std::move(labels)) {}

  torch::data::Example<> get(size_t index) override {
    std::ifstream in(files_[index], std::ios::binary);
    std::vector<uint8_t> pixels(kRows * kCols, 0);
    in.read(reinterpret_cast<char*>(pixels.data()), static_cast<std::streamsize>(pixels.size()));

    auto image = torch::from_blob(pixels.data(), {1, kRows, kCols}, torch::kUInt8);  //@bug J03 torch-from-blob-lifetime
    auto label = torch::tensor(labels_[index], torch::kLong);
    return {image, label};
  }

  torch::optional<size_t> size() const override { return files_.size(); }

 private:
  std::vector<std::string> files_;
  std::vector<int64_t> labels_;
};

int main() {
  std::vector<std::string> files;
  std::vector<int64_t> labels;
  for (int i = 0; i < 8; ++i) {
    std::string name = "digit_" + std::to_string(i) + ".raw";
    std::ofstream out(name, std::ios::binary);
    std::vector<char> blank(RawDigits::kRows * RawDigits::kCols, static_cast<char>(i * 20));
    out.write(blank.data(), static_cast<std::streamsize>(blank.size()));
    files.push_back(name);
    labels.push_back(i % 10);
  }

  auto dataset = RawDigits(files, labels).map(torch::data::transforms::Stack<>());
  auto loader = torch::data::make_data_loader(std::move(dataset), torch::data::DataLoaderOptions().batch_size(4));
  for (auto& batch : *loader) {
    auto x = batch.data.to(torch::kFloat32).div(255.0);
    std::cout << x.sizes() << " mean " << x.mean().item<float>() << " labels " << batch.target << "\n";
  }
  return 0;
}
