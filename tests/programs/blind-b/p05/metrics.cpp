#include "metrics.h"

#include <iomanip>

ConfusionMatrix::ConfusionMatrix(int64_t num_classes) : num_classes_(num_classes) {
  reset();
}

void ConfusionMatrix::reset() {
  counts_ = torch::zeros({num_classes_, num_classes_}, torch::kLong);  //@bug P05B torch-factory-missing-device|torch-device-mismatch
}

void ConfusionMatrix::update(const torch::Tensor& predictions,
                             const torch::Tensor& targets) {
  auto flat = targets.flatten() * num_classes_ + predictions.flatten();
  counts_ += torch::bincount(flat, {}, num_classes_ * num_classes_)  //@bug P05B torch-device-mismatch
                 .view({num_classes_, num_classes_});
}

double ConfusionMatrix::accuracy() const {
  const auto total = counts_.sum().item<int64_t>();
  if (total == 0) return 0.0;
  return static_cast<double>(counts_.diagonal().sum().item<int64_t>()) / total;
}

torch::Tensor ConfusionMatrix::per_class_recall() const {
  auto rows = counts_.sum(1).to(torch::kDouble).clamp_min(1.0);
  return counts_.diagonal().to(torch::kDouble) / rows;
}

void ConfusionMatrix::print(std::ostream& os) const {
  auto recall = per_class_recall();
  auto acc = recall.accessor<double, 1>();
  os << std::fixed << std::setprecision(3);
  for (int64_t c = 0; c < num_classes_; ++c) {
    os << "  class " << c << " recall " << acc[c] << "\n";
  }
}
