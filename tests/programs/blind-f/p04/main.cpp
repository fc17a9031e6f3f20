#include <torch/torch.h>

#include <iostream>
#include <string>
#include <vector>

#include "intent_model.h"
#include "ranking.h"
#include "tokenizer.h"

// Intent detection for the bank's support chat. Reads utterances on stdin,
// prints the three most likely intents for each.
//   intent_service model.pt vocab.txt shares.tsv [auto|cpu|cuda:N]
int main(int argc, char** argv) {
  if (argc < 4) {
    std::cerr << "usage: intent_service MODEL VOCAB SHARES [DEVICE]\n";
    return 2;
  }
  const std::string device_spec = argc > 4 ? argv[4] : "auto";
  const int64_t max_len = 64;
  const double temperature = 1.2;

  WordPieceTokenizer tokenizer(argv[2], max_len);
  IntentModel model(load_intent_backend(argv[1], device_spec));

  std::vector<std::string> names;
  std::vector<double> shares;
  read_intent_shares(argv[3], names, shares);
  const auto c = static_cast<int64_t>(shares.size());
  auto prior = torch::from_blob(shares.data(), {c}, torch::kFloat64);  //@bug P04A torch-dtype-mismatch
  auto log_prior = (prior / prior.sum()).log();  //@bug P04A torch-dtype-mismatch

  std::string line;
  while (std::getline(std::cin, line)) {
    if (line.empty()) continue;
    Encoded enc = tokenizer.encode(line);
    auto logits = model.logits(enc);
    auto ranked = rank_intents(logits, log_prior, names, temperature, 3);  //@bug P04A torch-dtype-mismatch
    std::cout << line << "\n";
    for (const auto& r : ranked) {
      std::cout << "  " << r.intent << "  " << r.probability << "\n";
    }
  }
  return 0;
}
