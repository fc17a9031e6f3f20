#pragma once

#include <memory>
#include <string>

#include "psg.h"
#include "stager_backend.h"

struct StagingResult {
  torch::Tensor stages, arousal_probs;  // [E] on the host: int64 after smoothing, float
};

class SleepStager {
 public:
  SleepStager(std::unique_ptr<StagerBackend> backend, const std::string& scored_nights_path);

  StagingResult stage(const Recording& rec);
  double epoch_seconds() const { return epoch_seconds_; }
  const StagerBackend& backend() const { return *backend_; }

 private:
  std::unique_ptr<StagerBackend> backend_;
  torch::Tensor transitions_;  // [5, 5]
  double epoch_seconds_ = 30.0, sample_rate_ = 100.0;
};
