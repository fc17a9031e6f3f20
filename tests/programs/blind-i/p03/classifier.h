#pragma once

#include <torch/torch.h>

#include <memory>
#include <string>
#include <vector>

#include "cutouts.h"
#include "decision_tree.h"
#include "morph_backend.h"

struct GalaxyRecord {
  int64_t objid = 0;
  double ra = 0.0, dec = 0.0;
  torch::Tensor votes;      // [37] cumulative vote fractions
  torch::Tensor embedding;  // [128] unit vector
  std::string label;
};

class GalaxyClassifier {
 public:
  GalaxyClassifier(std::unique_ptr<MorphBackend> backend, int64_t input_size, int64_t batch_size);

  std::vector<GalaxyRecord> classify(const std::vector<Cutout>& cutouts);
  const DecisionTree& tree() const { return tree_; }

 private:
  std::vector<GalaxyRecord> classify_batch(const std::vector<Cutout>& cutouts, size_t begin, size_t end);

  std::unique_ptr<MorphBackend> backend_;
  DecisionTree tree_;
  int64_t input_size_, batch_size_;
};
