#pragma once

#include <string>
#include <vector>

#include "inspection.h"
#include "placement.h"

enum DefectClass { kGood = 0, kInsufficient, kExcess, kBridge, kOpen, kTombstone, kNumClasses };

struct JointVerdict {
  size_t joint = 0;
  DefectClass defect = kGood;
  float confidence = 0.f;
  float similarity = 1.f;
  bool operator_review = false;
};

struct VerdictPolicy {
  float defect_threshold = 0.6f;   // call a defect above this probability
  float review_threshold = 0.35f;  // show to the operator above this, or when the
  float min_similarity = 0.75f;    // joint looks unlike the golden board's
};

std::vector<JointVerdict> judge(const InspectionResult& r, const VerdictPolicy& policy);
void print_board_summary(const InspectionResult& r, const std::vector<Joint>& joints,
                         const std::vector<JointVerdict>& verdicts);
