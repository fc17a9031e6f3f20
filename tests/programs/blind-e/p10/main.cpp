#include <torch/torch.h>

#include <iostream>
#include <string>
#include <vector>

#include "corpus.h"
#include "trainer.h"

int main(int argc, char** argv) {
  W2vConfig cfg;
  bool resume = false;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    if (a == "--resume") resume = true;
    else if (a == "--epochs" && i + 1 < argc) cfg.epochs = std::stoll(argv[++i]);
    else if (a == "--dim" && i + 1 < argc) cfg.dim = std::stoll(argv[++i]);
  }
  torch::set_num_threads(4);

  const std::vector<std::string> templates = {
      "pump seal leaking at station", "replace pump seal and gasket",
      "conveyor belt misaligned at station", "belt tension adjusted conveyor ok",
      "valve stuck closed after pressure test", "pressure valve replaced test ok",
      "motor overheating bearing noise", "bearing replaced motor running cool"};
  std::vector<std::string> lines;
  for (int r = 0; r < 300; ++r) {
    lines.push_back(templates[static_cast<size_t>(r) % templates.size()] + " " +
                    std::to_string(r % 12));
  }
  Corpus corpus(lines, /*min_count=*/2);
  W2vTrainer trainer(cfg, corpus);
  if (resume) trainer.resume();
  for (int64_t e = 1; e <= cfg.epochs; ++e) {
    std::cout << "epoch " << e << " loss " << trainer.train_epoch(static_cast<uint64_t>(e)) << "\n";
  }
  for (const auto& nb : trainer.neighbours("pump", 3)) {
    std::cout << "pump ~ " << nb.first << " " << nb.second << "\n";
  }
  trainer.save_text("tickets.vec");
  return 0;
}
