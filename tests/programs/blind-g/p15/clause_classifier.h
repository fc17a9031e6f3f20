#pragma once

#include <torch/script.h>
#include <torch/torch.h>

#include <string>
#include <unordered_map>
#include <vector>

struct ClauseLabel {
  std::string name;  // e.g. "indemnification", "limitation_of_liability"
  float probability = 0.0f;
};

// Tags contract clauses for the procurement team's review queue. The model is
// a scripted encoder taking (input_ids, attention_mask), both int64 [1, L].
class ClauseClassifier {
 public:
  ClauseClassifier(const std::string& model_path, const std::string& vocab_path,
                   std::vector<std::string> labels, bool use_gpu);
  std::vector<ClauseLabel> classify(const std::string& clause, float threshold);

 private:
  std::vector<int64_t> tokenize(const std::string& text) const;

  torch::Device device_;
  torch::TensorOptions options_;
  torch::jit::script::Module encoder_;
  std::unordered_map<std::string, int64_t> vocab_;
  std::vector<std::string> labels_;
  int64_t max_len_ = 384;
};
