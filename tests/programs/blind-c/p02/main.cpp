#include <torch/torch.h>

#include <iostream>
#include <string>

#include "config.h"
#include "graph.h"
#include "trainer.h"

int main(int argc, char** argv) {
  GcnOptions opts;
  if (argc > 2) {
    opts.feature_file = argv[1];
    opts.edge_file = argv[2];
  }
  if (argc > 3) {
    opts.epochs = std::stoll(argv[3]);
  }
  torch::manual_seed(opts.seed);
  opts.device = torch::cuda::is_available() ? torch::kCUDA : torch::kCPU;

  GraphData graph = load_citation_graph(opts);
  std::cout << "nodes " << graph.features.size(0) << ", features "
            << graph.features.size(1) << ", classes " << graph.num_classes
            << ", device " << opts.device << "\n";

  GcnTrainer trainer(opts, graph);
  trainer.fit();
  std::cout << "test accuracy " << trainer.test_accuracy() << "\n";
  return 0;
}
