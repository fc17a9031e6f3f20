#include <torch/torch.h>
#include <iostream>
#include "config.h"
#include "model.h"
#include "trainer.h"

// Synthetic stand-in for MNIST: the samples live on the CPU, as a real dataset's do.
class DigitsDataset : public torch::data::datasets::Dataset<DigitsDataset> {
 public:
  explicit DigitsDataset(int64_t n)
      : images_(torch::rand({n, 1, 28, 28})),
        labels_(torch::randint(0, 10, {n})) {}  //@bug P01A torch-device-mismatch

  torch::data::Example<> get(size_t index) override { return {images_[index], labels_[index]}; }
  torch::optional<size_t> size() const override { return static_cast<size_t>(images_.size(0)); }

 private:
  torch::Tensor images_;
  torch::Tensor labels_;
};

int main() {
  Config cfg = default_config();
  auto train_set = DigitsDataset(256).map(torch::data::transforms::Stack<>());
  auto loader = torch::data::make_data_loader<torch::data::samplers::RandomSampler>(
      std::move(train_set), torch::data::DataLoaderOptions().batch_size(cfg.batch_size));

  Trainer trainer(SmallConvNet(1, 10), cfg);
  for (int64_t epoch = 0; epoch < cfg.epochs; ++epoch) {
    double total = 0.0;
    int64_t batches = 0;
    for (auto& batch : *loader) {
      total += trainer.train_step(batch.data, batch.target);  //@bug P01A torch-device-mismatch
      ++batches;
    }
    std::cout << "epoch " << epoch << " loss " << total / static_cast<double>(batches) << "\n";
  }

  DigitsDataset holdout(64);
  std::vector<torch::Tensor> xs, ys;
  for (size_t i = 0; i < 64; ++i) {
    auto ex = holdout.get(i);
    xs.push_back(ex.data);
    ys.push_back(ex.target);
  }
  std::cout << "holdout accuracy " << trainer.evaluate(torch::stack(xs), torch::stack(ys)) << "\n";
  return 0;
}
