// Hand-crafted feature extraction: computes position, velocity and acceleration features and hands back one tensor per group.
#include <torch/torch.h>

#include <iostream>
#include <vector>

struct Track {
  std::vector<float> xs;
};

std::vector<torch::Tensor> extract_feature_groups(const std::vector<Track>& tracks, int64_t dim) {
  const int64_t n = static_cast<int64_t>(tracks.size());
  std::vector<float> feats(static_cast<size_t>(n * 3 * dim), 0.0f);
  for (int64_t i = 0; i < n; ++i) {
    const auto& xs = tracks[i].xs;
    for (int64_t d = 0; d < dim && d + 2 < static_cast<int64_t>(xs.size()); ++d) {
      float* row = &feats[static_cast<size_t>(i * 3 * dim)];
      row[d] = xs[d];
      row[dim + d] = xs[d + 1] - xs[d];
      row[2 * dim + d] = xs[d + 2] - 2 * xs[d + 1] + xs[d];
    }
  }

  torch::Tensor all = torch::from_blob(feats.data(), {n, 3 * dim});  //@bug J09 torch-from-blob-lifetime
  std::vector<torch::Tensor> groups;
  groups.push_back(all.narrow(1, 0, dim));
  groups.push_back(all.narrow(1, dim, dim));
  groups.push_back(all.narrow(1, 2 * dim, dim));
  return groups;
}

int main() {
  std::vector<Track> tracks(5);
  for (size_t i = 0; i < tracks.size(); ++i) {
    for (int k = 0; k < 12; ++k) {
      tracks[i].xs.push_back(0.5f * k * k + static_cast<float>(i));
    }
  }
  auto groups = extract_feature_groups(tracks, 8);
  torch::nn::Linear proj(8, 4);
  for (const auto& g : groups) {
    std::cout << proj->forward(g).sum().item<float>() << "\n";
  }
  return 0;
}
