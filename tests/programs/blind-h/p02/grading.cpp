#include "grading.h"

#include <algorithm>

#include "referral.h"

namespace F = torch::nn::functional;

DrGrader::DrGrader(std::unique_ptr<GraderBackend> backend, double temperature,
                   const std::string& bias_file)
    : backend_(std::move(backend)) {
  temperature_ = torch::tensor(temperature);
  class_bias_ = load_site_bias(bias_file, kNumGrades).to(torch::kFloat32);
}

GradeReport DrGrader::grade(const FundusImage& img) {
  GradeReport rep;
  rep.image_id = img.id;
  PreparedFundus prep = prepare_fundus(img, input_size_);
  rep.fov_fraction = prep.fov_fraction;

  auto out = backend_->run(prep.image);
  auto logits = out[0].toTensor();
  auto maps = out[1].toTensorList();

  // Temperature scaling, then the site's prevalence correction.
  auto calibrated = logits / temperature_ + class_bias_.to(logits.device());
  auto probs = torch::softmax(calibrated, 1).squeeze(0);
  auto grades = torch::arange(kNumGrades, probs.options());
  rep.expected_grade = (probs * grades).sum().item<double>();
  rep.referable_prob = probs.slice(0, 2).sum().item<double>();
  rep.probs = probs.cpu();

  // Lesion areas inside the field of view, at the maps' resolution.
  auto fov = F::interpolate(prep.fov.to(torch::kFloat32).view({1, 1, input_size_, input_size_}),
                            F::InterpolateFuncOptions()
                                .size(std::vector<int64_t>{64, 64})
                                .mode(torch::kNearest))
                 .to(logits.device());
  const double fov_px = std::max(fov.sum().item<double>(), 1.0);
  auto lesions = torch::stack(maps.vec()).sigmoid() * fov;  // [4, 1, 1, 64, 64]
  auto areas = (lesions.gt(0.5).sum({1, 2, 3, 4}).to(torch::kFloat64) / fov_px).cpu();
  auto area = areas.accessor<double, 1>();
  for (int k = 0; k < kNumLesions; ++k) {
    rep.lesion_area[static_cast<size_t>(k)] = area[k];
    if (area[k] > area[rep.worst_lesion]) rep.worst_lesion = k;
  }
  rep.worst_map = lesions[rep.worst_lesion].view({64, 64}).cpu();
  return rep;
}
