#include <torch/torch.h>

#include <iostream>

#include "config.h"
#include "dataset.h"
#include "metrics.h"
#include "trainer.h"

int main(int argc, char** argv) {
  const auto cfg = make_config(argc, argv);

  auto train_set = LongTailDataset(2000, cfg.num_classes, cfg.image_size, 1);
  auto val_set = LongTailDataset(400, cfg.num_classes, cfg.image_size, 2);
  const auto counts = train_set.class_counts();

  auto train_loader = torch::data::make_data_loader<torch::data::samplers::RandomSampler>(
      std::move(train_set).map(torch::data::transforms::Stack<>()),
      torch::data::DataLoaderOptions().batch_size(cfg.batch_size).workers(2));
  auto val_loader = torch::data::make_data_loader<torch::data::samplers::SequentialSampler>(
      std::move(val_set).map(torch::data::transforms::Stack<>()),
      torch::data::DataLoaderOptions().batch_size(cfg.batch_size));

  Trainer trainer(cfg, counts);
  ConfusionMatrix confusion(cfg.num_classes);
  for (int64_t epoch = 1; epoch <= cfg.epochs; ++epoch) {
    const double train_loss = trainer.train_epoch(*train_loader);
    const double val_loss = trainer.evaluate(*val_loader, confusion);
    std::cout << cfg.name << " epoch " << epoch << " train " << train_loss
              << " val " << val_loss << " acc " << confusion.accuracy() << std::endl;
  }
  confusion.print(std::cout);
  return 0;
}
