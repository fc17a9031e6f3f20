#include "verdict.h"

#include <cstdio>

static const char* kDefectNames[kNumClasses] = {"good",   "insufficient", "excess",
                                                "bridge", "open",         "tombstone"};

std::vector<JointVerdict> judge(const InspectionResult& r, const VerdictPolicy& policy) {
  auto p = r.probs.accessor<float, 2>();
  auto sim = r.similarity.accessor<float, 1>();
  std::vector<JointVerdict> out;
  for (int64_t i = 0; i < p.size(0); ++i) {
    int best = kInsufficient;
    for (int c = kInsufficient; c < kNumClasses; ++c) {
      if (p[i][c] > p[i][best]) best = c;
    }
    JointVerdict v;
    v.joint = static_cast<size_t>(i);
    v.similarity = sim[i];
    v.confidence = p[i][best];
    if (p[i][best] >= policy.defect_threshold) {
      v.defect = static_cast<DefectClass>(best);
    } else if (p[i][best] >= policy.review_threshold || sim[i] < policy.min_similarity) {
      v.operator_review = true;
    } else {
      continue;  // good joint, not reported
    }
    out.push_back(v);
  }
  return out;
}

void print_board_summary(const InspectionResult& r, const std::vector<Joint>& joints,
                         const std::vector<JointVerdict>& verdicts) {
  size_t defects = 0, reviews = 0;
  for (const auto& v : verdicts) {
    const Joint& j = joints[v.joint];
    (v.defect != kGood ? defects : reviews) += 1;
    std::printf("  %-6s %-6s pin %-3d %-12s p=%.2f sim=%.2f\n", v.defect != kGood ? "NG" : "REVIEW",
                j.ref.c_str(), j.pin, kDefectNames[v.defect], v.confidence, v.similarity);
  }
  std::printf("board %s: %zu joints, %zu defects, %zu for review -> %s\n", r.serial.c_str(),
              joints.size(), defects, reviews, defects ? "REPAIR" : (reviews ? "REVIEW" : "PASS"));
}
