#include "lm_trainer.h"

#include <algorithm>

#include "attention_utils.h"

namespace F = torch::nn::functional;

LmTrainer::LmTrainer(const LmConfig& cfg, int64_t vocab, torch::Device device)
    : cfg_(cfg),
      vocab_(vocab),
      device_(device),
      model_(vocab, cfg.block_size, cfg.d_model, cfg.heads, cfg.layers,
             cfg.dropout),
      optimizer_(model_->parameters(), torch::optim::AdamWOptions(cfg.lr)
                                           .betas({0.9, 0.95})
                                           .weight_decay(cfg.weight_decay)) {
  model_->to(device_);
}

double LmTrainer::train_step(TokenStream& stream, int64_t step) {
  model_->train();
  for (auto& group : optimizer_.param_groups()) {
    static_cast<torch::optim::AdamWOptions&>(group.options())
        .lr(lr_at(step, cfg_.warmup_steps, cfg_.max_steps, cfg_.lr));
  }
  auto batch = stream.sample(cfg_.batch_size);
  auto x = batch.first.to(device_);
  auto y = batch.second.to(device_);  //@bug P04B torch-loss-target-dtype|torch-dtype-mismatch

  optimizer_.zero_grad();
  auto logits = model_->forward(x);
  auto loss = F::cross_entropy(logits.reshape({-1, vocab_}), y.reshape({-1}));  //@bug P04B torch-loss-target-dtype|torch-dtype-mismatch
  loss.backward();
  torch::nn::utils::clip_grad_norm_(model_->parameters(), 1.0);
  optimizer_.step();
  return loss.item<double>();
}

double LmTrainer::eval_loss(TokenStream& stream, int64_t batches) {
  torch::NoGradGuard no_grad;
  model_->eval();
  double total = 0.0;
  for (int64_t i = 0; i < batches; ++i) {
    auto batch = stream.sample(cfg_.batch_size);
    auto logits = model_->forward(batch.first.to(device_));
    total += F::cross_entropy(logits.reshape({-1, vocab_}),  //@bug P04B torch-loss-target-dtype|torch-dtype-mismatch
                              batch.second.to(device_).reshape({-1}))  //@bug P04B torch-loss-target-dtype|torch-dtype-mismatch
                 .item<double>();
  }
  return total / static_cast<double>(batches);
}

std::string LmTrainer::generate(const CharTokenizer& tok,
                                const std::string& prompt, int64_t new_tokens,
                                double temperature) {
  torch::NoGradGuard no_grad;
  model_->eval();
  const auto prompt_ids = tok.encode(prompt);
  std::vector<int64_t> ids(prompt_ids.begin(), prompt_ids.end());
  const auto opts = torch::TensorOptions().dtype(torch::kLong).device(device_);
  for (int64_t i = 0; i < new_tokens; ++i) {
    const auto n = std::min<int64_t>(cfg_.block_size, static_cast<int64_t>(ids.size()));
    std::vector<int64_t> window(ids.end() - n, ids.end());
    auto ctx = torch::tensor(window, opts).unsqueeze(0);
    auto logits = model_->forward(ctx).select(1, n - 1) / temperature;
    auto next = torch::multinomial(torch::softmax(logits, -1), 1);
    ids.push_back(next.item<int64_t>());
  }
  return tok.decode(ids);
}
