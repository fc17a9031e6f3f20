#include <torch/torch.h>

#include <iostream>
#include <string>
#include <vector>

#include "feature_store.h"
#include "ranker.h"
#include "rerank.h"

int main(int argc, char** argv) {
  std::string model = "models/two_tower_ts.pt";
  std::string device_flag = "auto";
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    if (a == "--model" && i + 1 < argc) model = argv[++i];
    else if (a == "--device" && i + 1 < argc) device_flag = argv[++i];
  }
  torch::Device device(torch::kCPU);
  if (device_flag == "cuda" ||
      (device_flag == "auto" && torch::cuda::is_available())) {
    device = torch::Device(torch::kCUDA);
  }

  FeatureStore store(32);
  UserProfile u;
  u.user_id = "u-42";
  for (int i = 0; i < 32; ++i) u.dense.push_back(0.05 * (i % 7) - 0.1);
  store.put(u);

  std::vector<Candidate> cands;
  for (int64_t i = 0; i < 200; ++i) {
    cands.push_back({1000 + 17 * i, (i % 5 == 0) ? "garden" : "kitchen"});
  }

  auto ranker = load_ranker(model, device);
  const auto& profile = store.user("u-42");
  auto out = ranker->score(store.user_tensor(profile), store.item_tensor(cands));  //@bug P04A torch-device-mismatch
  for (const auto& r : rerank(out, cands, {"garden"}, 10)) {
    std::cout << r.item_id << "\t" << r.score << "\n";
  }
  return 0;
}
