#pragma once

#include <torch/torch.h>

#include <map>
#include <memory>
#include <string>

#include "frames.h"
#include "species_backend.h"
#include "taxonomy.h"

struct BurstResult {
  std::string burst_id, site;
  bool blank = false;
  float blank_prob = 0.f;
  std::vector<std::pair<std::string, float>> top;  // species, probability
  bool needs_review = false;
};

class BurstClassifier {
 public:
  BurstClassifier(std::unique_ptr<SpeciesBackend> backend, Taxonomy taxonomy,
                  const std::string& site_history_path, int64_t input_size = 320);

  BurstResult classify(const Burst& burst);
  const SpeciesBackend& backend() const { return *backend_; }

 private:
  const torch::Tensor& prior_for(const std::string& site) const;

  std::unique_ptr<SpeciesBackend> backend_;
  Taxonomy taxonomy_;
  std::map<std::string, torch::Tensor> site_log_priors_;
  int64_t input_size_;
  int64_t info_strip_rows_ = 32;
  float blank_threshold_ = 0.7f, review_threshold_ = 0.6f;
};
