#pragma once

#include <torch/torch.h>

#include <array>
#include <string>

#include "fundus_prep.h"
#include "grader_backend.h"

constexpr int kNumGrades = 5;   // ICDR 0 (none) .. 4 (proliferative)
constexpr int kNumLesions = 4;  // microaneurysms, haemorrhages, hard / soft exudates

struct GradeReport {
  std::string image_id;
  torch::Tensor probs;                   // [5] host, calibrated
  double expected_grade = 0.0;
  double referable_prob = 0.0;           // P(grade >= 2)
  std::array<double, kNumLesions> lesion_area{};  // fraction of the field of view
  torch::Tensor worst_map;               // [64, 64] host probabilities of the largest lesion type
  int worst_lesion = 0;
  double fov_fraction = 0.0;
};

class DrGrader {
 public:
  DrGrader(std::unique_ptr<GraderBackend> backend, double temperature,
           const std::string& bias_file);

  GradeReport grade(const FundusImage& img);

 private:
  std::unique_ptr<GraderBackend> backend_;
  torch::Tensor temperature_;  // 0-dim, fitted on the validation split
  torch::Tensor class_bias_;   // [5] prevalence correction for this screening site
  int64_t input_size_ = 512;
};
