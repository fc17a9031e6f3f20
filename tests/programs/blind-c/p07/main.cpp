#include <torch/torch.h>

#include <iostream>

#include "config.h"
#include "data.h"
#include "distiller.h"

int main(int argc, char** argv) {
  DistillConfig cfg;
  if (argc > 1) cfg.data_dir = argv[1];
  if (argc > 2) cfg.teacher_ckpt = argv[2];
  assign_devices(cfg);
  std::cout << "student on " << cfg.student_device << ", teacher on "
            << cfg.teacher_device << "\n";

  auto train = load_cifar_batches(cfg.data_dir, true, cfg.batch_size, 11);
  auto test = load_cifar_batches(cfg.data_dir, false, 512, 0);
  auto counts = count_labels(train, cfg.num_classes);

  Distiller distiller(cfg, counts);
  double best = 0.0;
  for (int64_t epoch = 1; epoch <= cfg.epochs; ++epoch) {
    auto s = distiller.train_epoch(train);
    const double acc = distiller.evaluate(test);
    std::cout << "epoch " << epoch << "  kd " << s.kd_loss << "  ce "
              << s.ce_loss << "  train acc " << s.train_acc << "  test acc "
              << acc << "\n";
    if (acc > best) {
      best = acc;
      distiller.save_student();
    }
  }
  return 0;
}
