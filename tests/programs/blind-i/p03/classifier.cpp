#include "classifier.h"

#include <algorithm>

namespace F = torch::nn::functional;

GalaxyClassifier::GalaxyClassifier(std::unique_ptr<MorphBackend> backend, int64_t input_size,
                                   int64_t batch_size)
    : backend_(std::move(backend)), input_size_(input_size), batch_size_(batch_size) {}

std::vector<GalaxyRecord> GalaxyClassifier::classify(const std::vector<Cutout>& cutouts) {
  std::vector<GalaxyRecord> records;
  records.reserve(cutouts.size());
  for (size_t b = 0; b < cutouts.size(); b += static_cast<size_t>(batch_size_)) {
    const size_t e = std::min(cutouts.size(), b + static_cast<size_t>(batch_size_));
    for (auto& r : classify_batch(cutouts, b, e)) records.push_back(std::move(r));
  }
  return records;
}

std::vector<GalaxyRecord> GalaxyClassifier::classify_batch(const std::vector<Cutout>& cutouts,
                                                           size_t begin, size_t end) {
  std::vector<torch::Tensor> images;
  for (size_t i = begin; i < end; ++i) images.push_back(prepare_cutout(cutouts[i], input_size_));
  // Test-time augmentation: morphology does not depend on orientation.
  auto x = torch::stack(images);
  auto batch = torch::cat({x, x.flip({3}), x.rot90(1, {2, 3}), x.rot90(2, {2, 3})});
  MorphOutput out = backend_->predict(batch);

  const int64_t n = x.size(0);
  auto cond = tree_.conditional(out.answer_logits).view({4, n, -1}).mean(0).cpu();
  auto votes = tree_.cumulative(cond);  //@bug P03B torch-data-ptr-type|torch-dtype-mismatch
  auto emb = F::normalize(out.embedding.view({4, n, -1}).mean(0), F::NormalizeFuncOptions().dim(1));

  std::vector<GalaxyRecord> records(static_cast<size_t>(n));
  for (int64_t i = 0; i < n; ++i) {
    auto& r = records[static_cast<size_t>(i)];
    const auto& c = cutouts[begin + static_cast<size_t>(i)];
    r.objid = c.objid;
    r.ra = c.ra;
    r.dec = c.dec;
    r.votes = votes[i];  //@bug P03B torch-data-ptr-type|torch-dtype-mismatch
    r.embedding = emb[i];  //@bug P03A torch-host-read-device-tensor
    r.label = tree_.label(r.votes);
  }
  return records;
}
