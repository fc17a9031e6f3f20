#include <torch/torch.h>

#include <cstring>
#include <iostream>

#include "config.h"
#include "tabular.h"
#include "trainer.h"

int main(int argc, char** argv) {
  const bool force_cpu = argc > 1 && std::strcmp(argv[1], "--cpu") == 0;
  HyperParams hp;
  auto data = make_tabular(/*n_train=*/60000, /*n_val=*/10000, /*features=*/32,
                           hp.num_classes);
  Trainer trainer(hp, select_device(force_cpu), std::move(data));
  std::cout << "device: " << trainer.device() << std::endl;
  trainer.fit();
  trainer.save();
  return 0;
}
