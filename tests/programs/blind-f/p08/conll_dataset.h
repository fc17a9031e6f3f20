#pragma once

#include <torch/torch.h>

#include <cstdint>
#include <string>
#include <unordered_map>
#include <vector>

#include "config.h"

struct Sentence {
  std::vector<int64_t> words;
  std::vector<int64_t> tags;
};

struct TaggedBatch {
  torch::Tensor tokens;   // [B, L] Long word ids, 0 = pad
  torch::Tensor tags;     // [B, L] Long tag ids, ignore_index on padding
  torch::Tensor mask;     // [B, L] Bool, true on real tokens
  torch::Tensor lengths;  // [B] Int32, stays on the host

  // Moves the tensors the model and the loss need; lengths stay behind.
  TaggedBatch to(torch::Device device) const;
};

class ConllCorpus {
 public:
  ConllCorpus(const std::string& path, const NerConfig& cfg,
              std::unordered_map<std::string, int64_t>& vocab,
              std::unordered_map<std::string, int64_t>& tagset, bool grow);

  size_t size() const { return sentences_.size(); }
  TaggedBatch batch(size_t begin, size_t end) const;

 private:
  NerConfig cfg_;
  std::vector<Sentence> sentences_;
};

// ---- evaluation (metrics.cpp): entity-level F1 over BIO spans ----
struct SpanCounts { int64_t tp = 0, fp = 0, fn = 0; };
// pred, gold: host [B, L] Long; lengths: host [B] Int32.
SpanCounts count_spans(const torch::Tensor& pred, const torch::Tensor& gold,
                       const torch::Tensor& lengths,
                       const std::vector<std::string>& tag_names);
double span_f1(const SpanCounts& c);
