#include "face_io.h"

#include <torch/script.h>
#include <torch/torch.h>

#include <cstring>
#include <iostream>

namespace F = torch::nn::functional;

// Enrolment job for the badge-free door access system: embeds every aligned
// crop of the staff manifest with the face recognizer and writes the gallery
// file that the door controllers load. Runs on the GPU box of the security office.
int main(int argc, char** argv) {
  if (argc != 4) {
    std::cerr << "usage: export_gallery RECOGNIZER.pt MANIFEST OUT.gallery\n";
    return 2;
  }
  torch::jit::script::Module recognizer = torch::jit::load(argv[1], torch::kCUDA);
  recognizer.eval();
  const std::vector<FaceRecord> records = read_manifest(argv[2]);
  constexpr int64_t kBatch = 64;
  constexpr int kDim = 512;

  std::vector<std::string> ids;
  std::vector<float> gallery;
  std::vector<cv::Mat> crops;
  std::vector<std::string> batch_ids;

  auto flush = [&]() {
    if (crops.empty()) return;
    const int64_t b = static_cast<int64_t>(crops.size());
    torch::Tensor batch = torch::empty({b, 112, 112, 3}, torch::kFloat32);
    for (int64_t i = 0; i < b; ++i) {
      batch[i].copy_(torch::from_blob(crops[static_cast<size_t>(i)].data, {112, 112, 3}, torch::kFloat32));
    }
    torch::NoGradGuard no_grad;
    torch::Tensor x = batch.permute({0, 3, 1, 2}).contiguous().to(torch::kCUDA);
    torch::Tensor emb = recognizer.forward({x}).toTensor();
    emb = F::normalize(emb, F::NormalizeFuncOptions().p(2).dim(1)).contiguous();

    const size_t offset = gallery.size();
    gallery.resize(offset + static_cast<size_t>(b) * kDim);
    std::memcpy(gallery.data() + offset, emb.data_ptr<float>(), static_cast<size_t>(b) * kDim * sizeof(float));  //@bug P05A torch-host-read-device-tensor
    ids.insert(ids.end(), batch_ids.begin(), batch_ids.end());
    crops.clear();
    batch_ids.clear();
  };

  for (const FaceRecord& r : records) {
    cv::Mat crop = load_crop(r.path);
    if (crop.empty()) {
      std::cerr << "missing crop " << r.path << "\n";
      continue;
    }
    crops.push_back(crop);
    batch_ids.push_back(r.person_id);
    if (static_cast<int64_t>(crops.size()) == kBatch) flush();
  }
  flush();

  write_gallery(argv[3], ids, gallery, kDim);
  std::cout << "wrote " << ids.size() << " embeddings to " << argv[3] << "\n";
  return 0;
}
