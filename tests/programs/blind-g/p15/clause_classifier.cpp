#include "clause_classifier.h"

#include <cctype>
#include <fstream>
#include <sstream>

ClauseClassifier::ClauseClassifier(const std::string& model_path, const std::string& vocab_path,
                                   std::vector<std::string> labels, bool use_gpu)
    : device_(use_gpu && torch::cuda::is_available() ? torch::kCUDA : torch::kCPU),
      options_(torch::TensorOptions().dtype(torch::kInt64).device(device_)),
      encoder_(torch::jit::load(model_path, device_)),
      labels_(std::move(labels)) {
  encoder_.eval();
  std::ifstream in(vocab_path);
  std::string token;
  int64_t id = 0;
  while (std::getline(in, token)) vocab_.emplace(token, id++);
}

std::vector<int64_t> ClauseClassifier::tokenize(const std::string& text) const {
  std::vector<int64_t> ids{101};  // [CLS]
  std::istringstream words(text);
  std::string w;
  while (words >> w && static_cast<int64_t>(ids.size()) < max_len_ - 1) {
    std::string norm;
    for (char c : w) {
      if (std::isalnum(static_cast<unsigned char>(c))) norm += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    }
    if (norm.empty()) continue;
    auto it = vocab_.find(norm);
    ids.push_back(it == vocab_.end() ? 100 : it->second);  // [UNK]
  }
  ids.push_back(102);  // [SEP]
  return ids;
}

std::vector<ClauseLabel> ClauseClassifier::classify(const std::string& clause, float threshold) {
  std::vector<int64_t> ids = tokenize(clause);
  std::vector<int64_t> mask(ids.size(), 1);
  const int64_t n = static_cast<int64_t>(ids.size());

  torch::NoGradGuard no_grad;
  torch::Tensor input_ids = torch::from_blob(ids.data(), {1, n}, options_);  //@bug P15A torch-from-blob-device
  torch::Tensor attention_mask = torch::from_blob(mask.data(), {1, n}, options_);  //@bug P15B torch-from-blob-device
  torch::Tensor logits = encoder_.forward({input_ids, attention_mask}).toTensor();
  torch::Tensor probs = torch::sigmoid(logits).squeeze(0).cpu();

  std::vector<ClauseLabel> out;
  auto p = probs.accessor<float, 1>();
  for (int64_t k = 0; k < p.size(0) && k < static_cast<int64_t>(labels_.size()); ++k) {
    if (p[k] >= threshold) out.push_back({labels_[static_cast<size_t>(k)], p[k]});
  }
  return out;
}
