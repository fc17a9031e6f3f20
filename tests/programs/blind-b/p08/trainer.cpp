#include "trainer.h"

namespace F = torch::nn::functional;

Seq2SeqTrainer::Seq2SeqTrainer(const Vocab& src_vocab, const Vocab& tgt_vocab,
                               TrainerOptions options, torch::Device device)
    : src_vocab_(src_vocab),
      tgt_vocab_(tgt_vocab),
      options_(options),
      device_(device),
      model_(src_vocab.size(), tgt_vocab.size(), options.embed_dim, options.hidden_dim),
      optimizer_(model_->parameters(), torch::optim::AdamOptions(options.lr)) {
  model_->to(device_);
}

double Seq2SeqTrainer::train_epoch(const std::vector<TranslationBatch>& batches) {
  model_->train();
  double total = 0.0;
  for (const auto& batch : batches) {
    auto src = batch.src.to(device_);
    auto tgt = batch.tgt.to(device_);  //@bug P08B torch-loss-target-dtype|torch-dtype-mismatch
    const int64_t len = tgt.size(1);
    auto tgt_in = tgt.slice(1, 0, len - 1);
    auto tgt_out = tgt.slice(1, 1, len);  //@bug P08B torch-loss-target-dtype|torch-dtype-mismatch

    auto logits = model_->forward(src, tgt_in);
    auto loss = F::cross_entropy(logits.reshape({-1, logits.size(-1)}), tgt_out.reshape({-1}),  //@bug P08B torch-loss-target-dtype|torch-dtype-mismatch
                                 F::CrossEntropyFuncOptions().ignore_index(Vocab::kPad));

    optimizer_.zero_grad();
    loss.backward();
    torch::nn::utils::clip_grad_norm_(model_->parameters(), options_.clip);
    optimizer_.step();
    total += loss.item<double>();
  }
  return total / static_cast<double>(batches.size());
}

std::string Seq2SeqTrainer::translate(const std::string& sentence) {
  torch::NoGradGuard no_grad;
  model_->eval();
  auto ids = src_vocab_.encode(sentence);
  auto src = torch::tensor(std::vector<int64_t>(ids.begin(), ids.end()),
                           torch::TensorOptions().device(device_))
                 .unsqueeze(0);
  auto hidden = model_->encoder->forward(src);

  auto token = torch::full({1, 1}, Vocab::kBos,
                           torch::TensorOptions().dtype(torch::kLong).device(device_));
  std::string out;
  for (int64_t step = 0; step < options_.max_decode_len; ++step) {
    auto [logits, next_hidden] = model_->decoder->forward(token, hidden);
    hidden = next_hidden;
    token = logits.argmax(-1);
    const auto id = static_cast<int32_t>(token.item<int64_t>());
    if (id == Vocab::kEos) break;
    if (!out.empty()) out += ' ';
    out += tgt_vocab_.word(id);
  }
  return out;
}
