#include "interactions.h"

#include <algorithm>
#include <fstream>
#include <numeric>
#include <random>
#include <sstream>

InteractionLog::InteractionLog(const std::string& path, int64_t dense_dim)
    : dense_dim_(dense_dim) {
  std::ifstream in(path);
  std::string line;
  std::getline(in, line);  // header
  while (std::getline(in, line)) {
    std::istringstream ss(line);
    std::string field;
    std::vector<std::string> cols;
    while (std::getline(ss, field, ',')) cols.push_back(field);
    if (static_cast<int64_t>(cols.size()) < 3 + dense_dim_) continue;
    user_ids_.push_back(static_cast<int32_t>(std::stol(cols[0])));
    item_ids_.push_back(static_cast<int32_t>(std::stol(cols[1])));
    ratings_.push_back(std::stof(cols[2]) / 5.0f);
    for (int64_t d = 0; d < dense_dim_; ++d) {
      dense_.push_back(std::stod(cols[3 + d]));
    }
  }
}

void InteractionLog::shuffle(unsigned seed) {
  std::vector<size_t> order(size());
  std::iota(order.begin(), order.end(), 0);
  std::shuffle(order.begin(), order.end(), std::mt19937(seed));

  std::vector<int32_t> u(size()), it(size());
  std::vector<float> r(size());
  std::vector<double> d(dense_.size());
  for (size_t i = 0; i < order.size(); ++i) {
    const size_t j = order[i];
    u[i] = user_ids_[j];
    it[i] = item_ids_[j];
    r[i] = ratings_[j];
    std::copy_n(dense_.begin() + j * dense_dim_, dense_dim_,
                d.begin() + i * dense_dim_);
  }
  user_ids_.swap(u);
  item_ids_.swap(it);
  ratings_.swap(r);
  dense_.swap(d);
}

InteractionBatch InteractionLog::batch(size_t start, size_t len) {
  len = std::min(len, size() - start);
  const auto n = static_cast<int64_t>(len);
  InteractionBatch b;
  b.users = torch::from_blob(user_ids_.data() + start, {n}, torch::kInt64)  //@bug P04A torch-from-blob-dtype|torch-dtype-mismatch
                .clone();
  b.items = torch::from_blob(item_ids_.data() + start, {n}, torch::kInt64)  //@bug P04A torch-from-blob-dtype|torch-dtype-mismatch
                .clone();
  b.dense = torch::from_blob(dense_.data() + start * dense_dim_,  //@bug P04B torch-dtype-mismatch
                             {n, dense_dim_}, torch::kFloat64)  //@bug P04B torch-dtype-mismatch
                .clone();
  b.ratings = torch::from_blob(ratings_.data() + start, {n}, torch::kFloat32)
                  .clone();
  return b;
}
