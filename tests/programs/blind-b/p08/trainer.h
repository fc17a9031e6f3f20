#pragma once

#include <torch/torch.h>

#include <string>
#include <vector>

#include "batching.h"
#include "seq2seq.h"
#include "vocab.h"

struct TrainerOptions {
  int64_t embed_dim = 256;
  int64_t hidden_dim = 512;
  int64_t epochs = 20;
  double lr = 1e-3;
  double clip = 1.0;
  int64_t max_decode_len = 40;
};

class Seq2SeqTrainer {
 public:
  Seq2SeqTrainer(const Vocab& src_vocab, const Vocab& tgt_vocab, TrainerOptions options,
                 torch::Device device);

  double train_epoch(const std::vector<TranslationBatch>& batches);
  std::string translate(const std::string& sentence);

 private:
  const Vocab& src_vocab_;
  const Vocab& tgt_vocab_;
  TrainerOptions options_;
  torch::Device device_;
  Seq2Seq model_;
  torch::optim::Adam optimizer_;
};
