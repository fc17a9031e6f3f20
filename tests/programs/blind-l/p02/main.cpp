#include <iostream>
#include <random>

#include "candidates.h"
#include "ranker.h"

namespace {

constexpr int64_t kCandidates = 50;
constexpr int64_t kTopN = 5;
constexpr double kPriorWeight = 0.15;

std::vector<reco::UserContext> sample_sessions(int64_t n, int64_t n_items, uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::uniform_int_distribution<int64_t> item(0, n_items - 1);
  std::vector<reco::UserContext> users;
  for (int64_t i = 0; i < n; ++i) {
    reco::UserContext u;
    u.user_id = 1000 + i;
    u.hour_of_day = static_cast<int>(rng() % 24);
    u.mobile = rng() % 3 != 0;
    for (int j = 0; j < 1 + static_cast<int>(rng() % 8); ++j) u.recent_items.push_back(item(rng));
    users.push_back(u);
  }
  return users;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) {
    std::cerr << "usage: ranker MODEL.pt\n";
    return 1;
  }
  const torch::Device device = torch::cuda::is_available() ? torch::Device(torch::kCUDA)
                                                            : torch::Device(torch::kCPU);
  reco::Ranker ranker(argv[1], device);

  const auto catalog = reco::synthetic_catalog(2000, 24, 11);
  const auto users = sample_sessions(8, 2000, 5);
  std::vector<std::vector<int64_t>> candidates;
  for (const auto& u : users) candidates.push_back(reco::retrieve_candidates(catalog, u, kCandidates));

  auto request = reco::build_request(users, candidates);
  auto result = ranker.score(request);
  auto prior = reco::popularity_prior(catalog, candidates);
  auto blended = result.scores + kPriorWeight * prior;

  auto best = std::get<1>(blended.topk(kTopN, 1)).cpu();
  auto best_acc = best.accessor<int64_t, 2>();
  for (size_t r = 0; r < users.size(); ++r) {
    std::cout << "user " << users[r].user_id << ":";
    for (int64_t j = 0; j < kTopN; ++j) std::cout << " " << candidates[r][best_acc[r][j]];
    std::cout << "\n";
  }
  return 0;
}
