#include <torch/torch.h>

#include <iostream>
#include <string>

#include "config.h"
#include "lm_trainer.h"
#include "tokenizer.h"

int main(int argc, char** argv) {
  LmConfig cfg;
  std::string device_flag = argc > 1 ? argv[1] : "auto";
  if (argc > 2) cfg.corpus = argv[2];
  const torch::Device device = pick_device(device_flag);
  torch::manual_seed(cfg.seed);

  const std::string text = read_text(cfg.corpus);
  CharTokenizer tok(text);
  auto ids = tok.encode(text);
  const size_t split = ids.size() * 9 / 10;
  TokenStream train(std::vector<int32_t>(ids.begin(), ids.begin() + split),
                    cfg.block_size, cfg.seed);
  TokenStream val(std::vector<int32_t>(ids.begin() + split, ids.end()),
                  cfg.block_size, cfg.seed + 1);
  std::cout << "vocab " << tok.vocab_size() << ", " << ids.size()
            << " tokens, device " << device << "\n";

  LmTrainer trainer(cfg, tok.vocab_size(), device);
  double best = 1e9;
  for (int64_t step = 0; step < cfg.max_steps; ++step) {
    const double loss = trainer.train_step(train, step);
    if ((step + 1) % cfg.eval_every == 0) {
      const double vl = trainer.eval_loss(val, 20);
      std::cout << "step " << step + 1 << " train " << loss << " val " << vl
                << "\n"
                << trainer.generate(tok, "The ", 120, 0.8) << "\n";
      if (vl < best) {
        best = vl;
        trainer.save();
      }
    }
  }
  return 0;
}
