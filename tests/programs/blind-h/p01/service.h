#pragma once

#include <torch/torch.h>

#include <memory>
#include <string>

#include "backend.h"
#include "wafer_io.h"

// Dispositions a wafer can get at the end-of-line review.
enum class Disposition : int64_t { kShip = 0, kRework = 1, kScrap = 2 };

struct PatternResult {
  std::string lot_id;
  int wafer_no = 0;
  double fail_fraction = 0.0;
  torch::Tensor probs;            // [9] pattern probabilities
  int64_t top = 0;                // most likely pattern
  torch::Tensor cam;              // [16, 16] activation map of the top pattern, in [0, 1]
  torch::Tensor expected_cost;    // [3] expected cost of each disposition
  Disposition disposition = Disposition::kShip;
};

class PatternService {
 public:
  PatternService(std::unique_ptr<PatternBackend> backend, const std::string& cost_table);

  PatternResult classify(const WaferMap& map);
  const PatternBackend& backend() const { return *backend_; }

 private:
  std::unique_ptr<PatternBackend> backend_;
  torch::Tensor cost_;          // [9 patterns, 3 dispositions]
  int64_t input_size_ = 64;
};
