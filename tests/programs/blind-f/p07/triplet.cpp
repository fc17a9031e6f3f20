#include <algorithm>
#include <cmath>
#include <numeric>
#include <vector>

#include "embed_net.h"

torch::Tensor batch_hard_triplet(const torch::Tensor& embeddings,
                                 const torch::Tensor& writer_ids, double margin) {
  const int64_t n = embeddings.size(0);
  auto dist = torch::cdist(embeddings, embeddings);                    // [n, n]
  auto same = writer_ids.unsqueeze(0).eq(writer_ids.unsqueeze(1));      // [n, n] Bool
  auto not_self = torch::eye(n, torch::kBool).logical_not();
  auto pos = same.logical_and(not_self).to(torch::kFloat32);
  auto neg = same.logical_not().to(torch::kFloat32);
  auto hardest_pos = std::get<0>((dist * pos).max(1));  //@bug P07A torch-device-mismatch
  auto hardest_neg = std::get<0>((dist + 4.0 * (1.0 - neg)).min(1));
  return torch::relu(hardest_pos - hardest_neg + margin).mean();
}

double equal_error_rate(const torch::Tensor& distances, const torch::Tensor& genuine) {
  auto d = distances.to(torch::kCPU).contiguous();
  auto dist = d.accessor<float, 1>();
  auto g = genuine.accessor<bool, 1>();  //@bug P07B torch-data-ptr-type|torch-dtype-mismatch
  const int64_t n = d.size(0);
  std::vector<int64_t> order(static_cast<size_t>(n));
  std::iota(order.begin(), order.end(), 0);
  std::sort(order.begin(), order.end(),
            [&](int64_t a, int64_t b) { return dist[a] < dist[b]; });
  int64_t pos_total = 0;
  for (int64_t i = 0; i < n; ++i) pos_total += g[i] ? 1 : 0;
  const int64_t neg_total = n - pos_total;
  if (pos_total == 0 || neg_total == 0) return 0.0;
  // Sweep the threshold: accept everything up to order[i].
  int64_t accepted_pos = 0, accepted_neg = 0;
  double eer = 1.0, best_gap = 2.0;
  for (int64_t i = 0; i < n; ++i) {
    if (g[order[static_cast<size_t>(i)]]) ++accepted_pos; else ++accepted_neg;
    const double frr = 1.0 - static_cast<double>(accepted_pos) / pos_total;
    const double far = static_cast<double>(accepted_neg) / neg_total;
    if (std::abs(frr - far) < best_gap) {
      best_gap = std::abs(frr - far);
      eer = 0.5 * (frr + far);
    }
  }
  return eer;
}
