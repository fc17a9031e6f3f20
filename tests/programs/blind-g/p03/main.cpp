#include "leaf_classifier.h"

#include <opencv2/imgcodecs.hpp>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <iostream>

float l2_norm(const torch::Tensor& v) {
  const float* x = v.data_ptr<float>();
  double acc = 0.0;
  for (int64_t i = 0; i < v.numel(); ++i) acc += static_cast<double>(x[i]) * x[i];
  return static_cast<float>(std::sqrt(acc));
}

torch::Tensor class_histogram(const std::vector<LeafDiagnosis>& diagnoses, int64_t num_classes) {
  torch::Tensor hist = torch::zeros({num_classes}, torch::kFloat32);
  float* h = hist.data_ptr<float>();
  for (const auto& d : diagnoses) {
    if (d.top_class >= 0 && d.top_class < num_classes) h[d.top_class] += 1.0f;
  }
  return hist / static_cast<double>(std::max<size_t>(diagnoses.size(), 1));
}

int main(int argc, char** argv) {
  if (argc < 3) {
    std::cerr << "usage: leaf_doctor MODEL.pt LEAF.jpg...\n";
    return 2;
  }
  const char* no_gpu = std::getenv("LEAF_DOCTOR_CPU");
  LeafClassifier clf(argv[1], no_gpu == nullptr);
  std::vector<LeafDiagnosis> diagnoses;
  for (int i = 2; i < argc; ++i) {
    cv::Mat leaf = cv::imread(argv[i], cv::IMREAD_COLOR);
    if (leaf.empty()) continue;
    LeafDiagnosis d = clf.diagnose(leaf);
    torch::Tensor emb = torch::tensor(d.embedding);
    std::cout << argv[i] << ": class " << d.top_class << " p="
              << d.probabilities[static_cast<size_t>(d.top_class)]
              << " |emb|=" << l2_norm(emb) << "\n";
    diagnoses.push_back(std::move(d));
  }
  if (!diagnoses.empty()) {
    const int64_t k = static_cast<int64_t>(diagnoses.front().probabilities.size());
    torch::Tensor hist = class_histogram(diagnoses, k);
    std::cout << "class shares on " << clf.device() << ": " << hist << "\n";
  }
  return 0;
}
