#include <torch/torch.h>

#include <iostream>
#include <string>

#include "config.h"
#include "graph_data.h"
#include "trainer.h"

int main(int argc, char** argv) {
  GcnConfig cfg;
  bool use_gpu = torch::cuda::is_available();
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    if (a == "--cpu") use_gpu = false;
    else if (a == "--epochs" && i + 1 < argc) cfg.epochs = std::stoll(argv[++i]);
    else if (a == "--hidden" && i + 1 < argc) cfg.hidden = std::stoll(argv[++i]);
  }
  torch::manual_seed(static_cast<uint64_t>(cfg.seed));
  const torch::Device device = use_gpu ? torch::kCUDA : torch::kCPU;

  CitationGraph g = load_citation_graph(cfg);
  std::cout << g.num_nodes << " nodes, " << g.edges.size() << " edges on "
            << device << "\n";
  GcnTrainer trainer(cfg, g, device);
  for (int64_t e = 1; e <= cfg.epochs; ++e) {
    const double loss = trainer.step();
    if (e % 20 == 0) {
      std::cout << "epoch " << e << " loss " << loss << " val "
                << trainer.accuracy(trainer.masks().val) << "\n";
    }
  }
  std::cout << "test accuracy " << trainer.accuracy(trainer.masks().test) << "\n";
  return 0;
}
