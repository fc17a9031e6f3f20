// Clean: model, loss weights (criterion_->to) and labels all move to device_; forward's factory follows x.options(); lengths stay on the CPU as pack_padded_sequence requires; post-processing runs after .cpu().
#include <torch/torch.h>
#include <iostream>
#include <random>
#include <vector>
#include "config.h"
#include "trainer.h"

static PaddedBatch make_batch(int64_t batch, int64_t max_len, int64_t vocab, int64_t classes, std::mt19937& rng) {
  std::uniform_int_distribution<int64_t> len(2, max_len), tok(1, vocab - 1), cls(0, classes - 1);
  auto tokens = torch::zeros({batch, max_len}, torch::kLong);
  std::vector<int64_t> lengths, labels;
  for (int64_t b = 0; b < batch; ++b) {
    int64_t l = len(rng);
    lengths.push_back(l);
    labels.push_back(cls(rng));
    for (int64_t t = 0; t < l; ++t) tokens[b][t] = tok(rng);
  }
  return {tokens, torch::tensor(lengths), torch::tensor(labels)};
}

int main() {
  Config cfg{pick_device(), 100, 16, 32, 3};
  std::mt19937 rng(11);
  Trainer trainer(cfg, {1.0f, 2.0f, 0.5f});
  for (int it = 0; it < 20; ++it) {
    double loss = trainer.step(make_batch(8, 10, cfg.vocab, cfg.classes, rng));
    if (it % 5 == 0) std::cout << "iter " << it << " loss " << loss << "\n";
  }
  auto top = trainer.top_probability(make_batch(4, 10, cfg.vocab, cfg.classes, rng));
  std::cout << "top prob " << top[0] << "\n";
  return 0;
}
