#pragma once

#include <torch/torch.h>

#include <string>
#include <vector>

// Check-in sequences of the city-guide app: for each user, the last kHistory
// visited venues (venue ids, 0 = padding) and the venue visited next.
constexpr int64_t kHistory = 20;

struct CheckinSet {
  torch::Tensor history;  // [N, kHistory] int64, host
  torch::Tensor next;     // [N] int64, host
  int64_t num_venues = 0;
};

CheckinSet load_checkins(const std::string& tsv_path);

// Unigram^0.75 table for negative sampling, host int64 [table_size].
torch::Tensor build_negative_table(const CheckinSet& data, int64_t table_size);
