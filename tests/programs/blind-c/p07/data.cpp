#include "data.h"

#include <algorithm>
#include <fstream>
#include <numeric>
#include <random>

namespace {

constexpr int64_t kImageBytes = 3 * 32 * 32;
constexpr int64_t kRecordBytes = 1 + kImageBytes;

void read_file(const std::string& path, std::vector<uint8_t>& labels,
               std::vector<uint8_t>& pixels) {
  std::ifstream in(path, std::ios::binary);
  std::vector<char> record(kRecordBytes);
  while (in.read(record.data(), kRecordBytes)) {
    labels.push_back(static_cast<uint8_t>(record[0]));
    pixels.insert(pixels.end(), record.begin() + 1, record.end());
  }
}

}  // namespace

std::vector<Batch> load_cifar_batches(const std::string& dir, bool train,
                                      int64_t batch_size, unsigned seed) {
  std::vector<uint8_t> labels, pixels;
  if (train) {
    for (int i = 1; i <= 5; ++i) {
      read_file(dir + "/data_batch_" + std::to_string(i) + ".bin", labels,
                pixels);
    }
  } else {
    read_file(dir + "/test_batch.bin", labels, pixels);
  }
  const int64_t n = static_cast<int64_t>(labels.size());

  auto images = torch::from_blob(pixels.data(), {n, 3, 32, 32}, torch::kUInt8)
                    .to(torch::kFloat)
                    .div_(255.0);
  auto mean = images.mean({0, 2, 3}, /*keepdim=*/true);
  auto std = images.std({0, 2, 3}, /*unbiased=*/true, /*keepdim=*/true);
  images = (images - mean) / std;
  auto targets = torch::from_blob(labels.data(), {n}, torch::kUInt8)
                     .to(torch::kLong);

  std::vector<int64_t> order(n);
  std::iota(order.begin(), order.end(), 0);
  if (train) std::shuffle(order.begin(), order.end(), std::mt19937(seed));
  auto perm = torch::tensor(order);

  std::vector<Batch> batches;
  for (int64_t start = 0; start < n; start += batch_size) {
    auto idx = perm.slice(0, start, std::min(n, start + batch_size));
    batches.emplace_back(images.index_select(0, idx),
                         targets.index_select(0, idx));
  }
  return batches;
}

std::vector<int64_t> count_labels(const std::vector<Batch>& batches,
                                  int64_t num_classes) {
  std::vector<int64_t> counts(num_classes, 0);
  for (const auto& b : batches) {
    auto acc = b.second.accessor<int64_t, 1>();
    for (int64_t i = 0; i < acc.size(0); ++i) ++counts[acc[i]];
  }
  return counts;
}
