#include "burst_classifier.h"

#include <algorithm>

BurstClassifier::BurstClassifier(std::unique_ptr<SpeciesBackend> backend, Taxonomy taxonomy,
                                 const std::string& site_history_path, int64_t input_size)
    : backend_(std::move(backend)), taxonomy_(std::move(taxonomy)), input_size_(input_size) {
  site_log_priors_ = load_site_priors(site_history_path, taxonomy_);  //@bug P01A torch-device-mismatch
}

const torch::Tensor& BurstClassifier::prior_for(const std::string& site) const {
  auto it = site_log_priors_.find(site);
  return it != site_log_priors_.end() ? it->second : site_log_priors_.at("*");
}

BurstResult BurstClassifier::classify(const Burst& burst) {
  BurstResult r;
  r.burst_id = burst.id;
  r.site = burst.site;

  std::vector<torch::Tensor> raw, normed;
  raw.reserve(burst.frames.size());
  for (const auto& f : burst.frames) {
    raw.push_back(to_chw(f, input_size_, info_strip_rows_));
    normed.push_back(normalise_rgb(raw.back()));
  }
  auto motion = motion_energy(raw);  //@bug P01B torch-dtype-mismatch
  auto stills = torch::cat({torch::stack(normed), motion}, 1);  //@bug P01B torch-dtype-mismatch
  SpeciesScores scores = backend_->classify(stills);  //@bug P01B torch-dtype-mismatch

  // One still with an animal at the edge of the frame is enough to keep a burst.
  auto blank = torch::sigmoid(scores.blank_logits);
  r.blank_prob = blank.min().item<float>();
  r.blank = r.blank_prob > blank_threshold_;

  // Pool the stills in log space, weighted by how sure each is that an animal is there.
  auto weights = (1.0 - blank) / (1.0 - blank).sum().clamp_min(1e-6);
  auto log_probs = torch::log_softmax(scores.species_logits, 1);
  auto pooled = (log_probs * weights.unsqueeze(1)).sum(0);  // [K]
  auto posterior = torch::log_softmax(pooled + prior_for(burst.site), 0);  //@bug P01A torch-device-mismatch

  auto probs = posterior.exp().cpu();
  auto top = probs.topk(std::min<int64_t>(3, probs.size(0)));
  auto values = std::get<0>(top);
  auto indices = std::get<1>(top);
  auto v = values.accessor<float, 1>();
  auto ix = indices.accessor<int64_t, 1>();
  for (int64_t i = 0; i < v.size(0); ++i)
    r.top.emplace_back(taxonomy_.common_names[static_cast<size_t>(ix[i])], v[i]);
  r.needs_review = !r.blank && (r.top.empty() || r.top.front().second < review_threshold_);
  return r;
}
