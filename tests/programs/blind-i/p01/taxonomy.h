#pragma once

#include <torch/torch.h>

#include <map>
#include <string>
#include <vector>

// Species the classifier was trained on, in the order of its logits.
struct Taxonomy {
  std::vector<std::string> common_names;
  int64_t size() const { return static_cast<int64_t>(common_names.size()); }
  int64_t index_of(const std::string& common) const;
};

Taxonomy read_taxonomy(const std::string& path);

// Log prior over species for every camera site, estimated from the
// previous season's verified detections with add-one smoothing. The entry
// "*" is the survey-wide prior, used for sites without a history.
std::map<std::string, torch::Tensor> load_site_priors(const std::string& path,
                                                      const Taxonomy& taxonomy);
