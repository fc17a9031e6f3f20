#pragma once

#include <torch/torch.h>

// Skip-gram with negative sampling: separate input (center) and output
// (context) embedding tables.
struct SkipGramImpl : torch::nn::Module {
  SkipGramImpl(int64_t vocab, int64_t dim)
      : in_embed(register_module("in_embed", torch::nn::Embedding(vocab, dim))),
        out_embed(register_module("out_embed", torch::nn::Embedding(vocab, dim))) {
    const double bound = 0.5 / static_cast<double>(dim);
    torch::NoGradGuard no_grad;
    in_embed->weight.uniform_(-bound, bound);
    out_embed->weight.zero_();
  }

  // center [B], context [B], negatives [B, K] -> (pos logits [B], neg logits [B, K])
  std::pair<torch::Tensor, torch::Tensor> forward(const torch::Tensor& center,
                                                  const torch::Tensor& context,
                                                  const torch::Tensor& negatives) {
    auto c = in_embed(center);                      // [B, D]
    auto pos = (c * out_embed(context)).sum(1);     // [B]
    auto neg = torch::bmm(out_embed(negatives), c.unsqueeze(2)).squeeze(2);  // [B, K]
    return {pos, neg};
  }

  torch::nn::Embedding in_embed, out_embed;
};
TORCH_MODULE(SkipGram);
