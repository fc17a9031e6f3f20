#pragma once

#include <cstdlib>
#include <string>

struct WorkerConfig {
  int rank = 0;
  int local_rank = 0;
  int world_size = 1;
  int64_t in_features = 64;
  int64_t num_classes = 10;
  int64_t hidden = 512;
  int64_t batch_size = 256;
  int64_t epochs = 10;
  double lr = 0.05;
  std::string checkpoint_dir = "checkpoints";
  std::string resume_from;  // empty: start from scratch

  static WorkerConfig from_env() {
    WorkerConfig cfg;
    auto read_int = [](const char* name, int fallback) {
      const char* v = std::getenv(name);
      return v ? std::atoi(v) : fallback;
    };
    cfg.rank = read_int("RANK", 0);
    cfg.local_rank = read_int("LOCAL_RANK", cfg.rank);
    cfg.world_size = read_int("WORLD_SIZE", 1);
    if (const char* r = std::getenv("RESUME_FROM")) cfg.resume_from = r;
    return cfg;
  }
};
