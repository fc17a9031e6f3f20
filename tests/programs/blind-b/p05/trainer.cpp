#include "trainer.h"

#include <numeric>

namespace {

// "Balanced" weighting: n_samples / (n_classes * n_c), as in scikit-learn.
torch::Tensor balanced_class_weights(const std::vector<int64_t>& counts) {
  const double total = std::accumulate(counts.begin(), counts.end(), 0.0);
  std::vector<double> weights(counts.size());
  for (size_t c = 0; c < counts.size(); ++c) {
    weights[c] = total / (counts.size() * std::max<int64_t>(counts[c], 1));
  }
  return torch::from_blob(weights.data(), {static_cast<int64_t>(weights.size())},  //@bug P05A torch-dtype-mismatch
                          torch::kFloat64)  //@bug P05A torch-dtype-mismatch
      .clone();
}

}  // namespace

Trainer::Trainer(const ExperimentConfig& cfg, const std::vector<int64_t>& class_counts)
    : cfg_(cfg), device_(cfg.device), model_(cfg.num_classes) {
  torch::nn::CrossEntropyLossOptions loss_options;
  if (cfg_.weighted_loss) {
    loss_options.weight(balanced_class_weights(class_counts).to(device_));  //@bug P05A torch-dtype-mismatch
  }
  criterion_ = torch::nn::CrossEntropyLoss(loss_options);  //@bug P05A torch-dtype-mismatch
  model_->to(device_);
  optimizer_ = std::make_unique<torch::optim::Adam>(model_->parameters(),
                                                    torch::optim::AdamOptions(cfg_.lr));
}
