#include "referral.h"

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <stdexcept>
#include <vector>

torch::Tensor load_site_bias(const std::string& path, int64_t num_grades) {
  std::vector<double> bias;
  std::ifstream in(path);
  double v = 0.0;
  while (in >> v) bias.push_back(v);
  if (bias.empty()) bias.assign(static_cast<size_t>(num_grades), 0.0);  // no correction
  if (static_cast<int64_t>(bias.size()) != num_grades)
    throw std::runtime_error(path + ": expected one bias per grade");
  return torch::from_blob(bias.data(), {num_grades}, torch::kFloat64).clone();
}

std::string referral_decision(const GradeReport& rep, double refer_threshold) {
  if (rep.fov_fraction < 0.3) return "UNGRADABLE - retake photograph";
  if (rep.referable_prob >= refer_threshold) {
    return rep.expected_grade >= 3.0 ? "URGENT REFERRAL (2 weeks)" : "ROUTINE REFERRAL (13 weeks)";
  }
  return "ANNUAL RESCREEN";
}

void print_grade_report(const GradeReport& rep, double refer_threshold) {
  static const char* lesions[kNumLesions] = {"microaneurysms", "haemorrhages", "hard exudates",
                                             "soft exudates"};
  auto p = rep.probs.accessor<float, 1>();
  std::printf("%-24s  R0 %.2f R1 %.2f R2 %.2f R3 %.2f R4 %.2f  E[grade] %.2f\n",
              rep.image_id.c_str(), p[0], p[1], p[2], p[3], p[4], rep.expected_grade);
  for (int k = 0; k < kNumLesions; ++k) {
    std::printf("    %-15s %6.2f%% of field\n", lesions[k], 100.0 * rep.lesion_area[static_cast<size_t>(k)]);
  }
  std::printf("    -> %s\n", referral_decision(rep, refer_threshold).c_str());
}

void write_lesion_pgm(const GradeReport& rep, const std::string& path) {
  auto img = (rep.worst_map * 255.0).round().clamp(0, 255).to(torch::kUInt8).contiguous();
  std::ofstream out(path, std::ios::binary);
  out << "P5\n" << img.size(1) << " " << img.size(0) << "\n255\n";
  out.write(reinterpret_cast<const char*>(img.data_ptr<uint8_t>()),
            static_cast<std::streamsize>(img.numel()));
}
