#include "trainer.h"

namespace F = torch::nn::functional;

GcnTrainer::GcnTrainer(const GcnConfig& cfg, const CitationGraph& g,
                       torch::Device device)
    : cfg_(cfg),
      device_(device),
      model_(cfg.features, cfg.hidden, cfg.classes, cfg.dropout),
      features_(g.features.to(device)),
      labels_(g.labels.to(device)),
      adj_(normalized_adjacency(g).to(device)),
      masks_(planetoid_split(g, cfg)),
      optimizer_((model_->to(device), model_->parameters()),
                 torch::optim::AdamOptions(cfg.lr).weight_decay(cfg.weight_decay)) {}

double GcnTrainer::step() {
  model_->train();
  optimizer_.zero_grad();
  auto logits = model_->forward(features_, adj_);  //@bug P08A torch-dtype-mismatch
  // Host Bool masks may index CUDA tensors: ATen moves the indices.
  auto loss = F::cross_entropy(logits.index({masks_.train}),
                               labels_.index({masks_.train}));
  loss.backward();
  optimizer_.step();
  return loss.item<double>();
}

double GcnTrainer::accuracy(const torch::Tensor& mask) {
  torch::NoGradGuard no_grad;
  model_->eval();
  auto pred = model_->forward(features_, adj_).argmax(1).cpu();  //@bug P08A torch-dtype-mismatch
  auto truth = labels_.cpu();
  auto hit = pred.eq(truth).logical_and(mask);
  return hit.sum().item<double>() / mask.sum().item<double>();
}
