#pragma once

#include <torch/script.h>
#include <torch/torch.h>

#include <memory>
#include <string>

// Scripted claim encoder (a patent-domain BERT):
//   encode(input_ids: Tensor[1, L] int64, attention_mask: Tensor[1, L] int64)
//     -> Dict[str, Tensor] {"token_states": [1, L, 768], "cls": [1, 768]}
// The outputs are on device().
struct EncoderOutput {
  torch::Tensor token_states;
  torch::Tensor cls;
};

class ClaimEncoder {
 public:
  virtual ~ClaimEncoder() = default;
  virtual torch::Device device() const = 0;
  virtual EncoderOutput encode(const torch::Tensor& input_ids, const torch::Tensor& attention_mask) = 0;
};

std::unique_ptr<ClaimEncoder> load_claim_encoder(const std::string& path, bool use_gpu);
