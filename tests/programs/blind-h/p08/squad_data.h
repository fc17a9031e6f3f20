#pragma once

#include <torch/torch.h>

#include <cstdint>
#include <string>
#include <vector>

#include "config.h"

struct QaBatch {
  torch::Tensor input_ids;       // [B, L] Long, [CLS] question [SEP] passage [SEP] pad...
  torch::Tensor segment_ids;     // [B, L] Long, 0 question, 1 passage
  torch::Tensor attention_mask;  // [B, L] Bool, true on real tokens
  torch::Tensor start;           // [B] Long, answer start token (0 = [CLS]: no answer)
  torch::Tensor end;             // [B] Long

  QaBatch to(const torch::Device& device) const;
};

// Features written by the tokeniser script: int64 count, int64 max_len, then
// per feature max_len int32 ids, max_len uint8 segment ids, int32 start, int32 end.
class QaFeatures {
 public:
  QaFeatures(const std::string& path, const QaConfig& cfg);

  size_t size() const { return starts_.size(); }
  QaBatch batch(const std::vector<size_t>& idx) const;

 private:
  int64_t max_len_ = 0;
  std::vector<int32_t> ids_;
  std::vector<uint8_t> segments_;
  std::vector<int32_t> starts_, ends_;
};
