#include "batch.h"

#include <vector>

int main() {
  torch::nn::Linear fc(4, 3);
  // Int labels in a field of batch.cpp's struct, into losses.cpp's helper.
  Batch b = make_batch(8);
  auto loss = class_loss(fc(b.images), b.labels);
  // Double rows made here, into a helper that meets them with Float.
  std::vector<double> values(8, 0.5);
  auto rows = torch::tensor(values, torch::kFloat64).view({2, 4});
  auto projected = project_rows(rows);
  // Float rows: what the helper expects.
  auto fine = project_rows(b.images);
  (void)loss, (void)projected, (void)fine;
  return 0;
}
