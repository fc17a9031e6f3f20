#include "leaf_classifier.h"

#include <opencv2/imgproc.hpp>

LeafClassifier::LeafClassifier(const std::string& model_path, bool allow_gpu)
    : device_(allow_gpu && torch::cuda::is_available() ? torch::kCUDA : torch::kCPU),
      module_(torch::jit::load(model_path, device_)) {
  module_.eval();
}

torch::Tensor LeafClassifier::to_input(const cv::Mat& bgr) const {
  cv::Mat rgb, resized;
  cv::cvtColor(bgr, rgb, cv::COLOR_BGR2RGB);
  cv::resize(rgb, resized, cv::Size(224, 224), 0, 0, cv::INTER_AREA);
  torch::Tensor host = torch::from_blob(resized.data, {224, 224, 3}, torch::kUInt8)
                           .permute({2, 0, 1})
                           .to(torch::kFloat32)
                           .div_(255.0);
  return host.unsqueeze(0).to(device_);
}

LeafDiagnosis LeafClassifier::diagnose(const cv::Mat& bgr) {
  torch::NoGradGuard no_grad;
  torch::Tensor input = to_input(bgr);

  torch::Tensor probs = module_.forward({input}).toTensor().softmax(1).squeeze(0).cpu().contiguous();
  LeafDiagnosis out;
  const float* p = probs.data_ptr<float>();
  out.probabilities = std::vector<float>(p, p + probs.numel());
  out.top_class = probs.argmax().item<int64_t>();

  torch::Tensor emb = module_.run_method("embed", input).toTensor().to(torch::kCPU);
  auto rows = emb.accessor<float, 2>();
  out.embedding.resize(static_cast<size_t>(emb.size(1)));
  for (int64_t k = 0; k < emb.size(1); ++k) {
    out.embedding[static_cast<size_t>(k)] = rows[0][k];
  }
  return out;
}
