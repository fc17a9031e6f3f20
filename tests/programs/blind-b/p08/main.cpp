#include <torch/torch.h>

#include <iostream>
#include <vector>

#include "batching.h"
#include "trainer.h"
#include "vocab.h"

int main() {
  const std::vector<SentencePair> corpus = {
      {"ich bin müde", "i am tired"},
      {"er ist groß", "he is tall"},
      {"wir sind hier", "we are here"},
      {"das ist gut", "that is good"},
      {"sie ist nett", "she is nice"},
      {"ich habe hunger", "i am hungry"},
      {"es ist kalt", "it is cold"},
      {"du bist klug", "you are smart"},
  };

  Vocab src_vocab, tgt_vocab;
  for (const auto& pair : corpus) {
    src_vocab.add_sentence(pair.source);
    tgt_vocab.add_sentence(pair.target);
  }

  const torch::Device device =
      torch::cuda::is_available() ? torch::kCUDA : torch::kCPU;
  auto batches = make_batches(corpus, src_vocab, tgt_vocab, /*batch_size=*/4);

  TrainerOptions options;
  Seq2SeqTrainer trainer(src_vocab, tgt_vocab, options, device);
  for (int64_t epoch = 1; epoch <= options.epochs; ++epoch) {
    std::cout << "epoch " << epoch << " loss " << trainer.train_epoch(batches) << std::endl;
  }
  std::cout << trainer.translate("es ist gut") << std::endl;
  return 0;
}
