// One process per GPU, launched e.g. as
//   for r in 0 1 2 3; do RANK=$r WORLD_SIZE=4 ./resmlp_worker & done
#include <torch/torch.h>

#include <iostream>

#include "worker.h"
#include "worker_config.h"

int main() {
  auto cfg = WorkerConfig::from_env();
  if (!torch::cuda::is_available() ||
      cfg.local_rank >= static_cast<int>(torch::cuda::device_count())) {
    std::cerr << "rank " << cfg.rank << ": no GPU available" << std::endl;
    return 1;
  }
  Worker worker(cfg);
  worker.run();
  return 0;
}
