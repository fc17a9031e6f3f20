#include <iostream>
#include <string>
#include <vector>

#include "fundus_prep.h"
#include "grader_backend.h"
#include "grading.h"
#include "referral.h"

// Diabetic-retinopathy screening: grades each photograph on the ICDR scale,
// estimates lesion areas and prints the programme's referral decision.
//
//   dr_screen <grader.pt> [--device auto|cpu|cuda] [--bias site_bias.txt]
//             [--maps out_dir] <images.ppm...>
int main(int argc, char** argv) {
  if (argc < 3) {
    std::cerr << "usage: " << argv[0] << " <grader.pt> [--device auto|cpu|cuda] "
              << "[--bias file] [--maps dir] <images.ppm...>\n";
    return 2;
  }
  std::string where = "auto", bias_file = "site_bias.txt", maps_dir;
  std::vector<std::string> images;
  for (int i = 2; i < argc; ++i) {
    const std::string a = argv[i];
    if (a == "--device" && i + 1 < argc) where = argv[++i];
    else if (a == "--bias" && i + 1 < argc) bias_file = argv[++i];
    else if (a == "--maps" && i + 1 < argc) maps_dir = argv[++i];
    else images.push_back(a);
  }

  const double temperature = 1.35;   // fitted on the programme's validation split
  const double refer_threshold = 0.4;
  DrGrader grader(open_grader(argv[1], where), temperature, bias_file);

  int referred = 0;
  for (const auto& path : images) {
    FundusImage img = read_ppm(path);
    GradeReport rep = grader.grade(img);
    print_grade_report(rep, refer_threshold);
    if (!maps_dir.empty()) write_lesion_pgm(rep, maps_dir + "/" + rep.image_id + ".lesions.pgm");
    if (rep.referable_prob >= refer_threshold) ++referred;
  }
  std::cout << images.size() << " photographs graded, " << referred << " referred\n";
  return 0;
}
