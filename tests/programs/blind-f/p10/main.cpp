#include <algorithm>
#include <iostream>
#include <string>

#include "kg_data.h"
#include "trainer.h"

// Nightly link-prediction model for the parts catalogue (CPU only).
int main(int argc, char** argv) {
  const std::string train_path = argc > 1 ? argv[1] : "data/parts_kg_train.tsv";
  const std::string valid_path = argc > 2 ? argv[2] : "data/parts_kg_valid.tsv";
  torch::manual_seed(3);

  KnowledgeGraph kg;
  kg.load(train_path, /*grow=*/true);
  auto train = kg.triples();
  kg.load(valid_path, /*grow=*/false);  // unseen entities are skipped
  auto valid = kg.triples();

  // The five best-connected parts, for the log.
  auto deg = kg.degrees();
  auto top = std::get<1>(deg.topk(std::min<int64_t>(5, deg.size(0))));
  const int64_t* d = deg.data_ptr<int64_t>();
  const int64_t* t = top.data_ptr<int64_t>();
  for (int64_t i = 0; i < top.size(0); ++i) {
    std::cout << "hub " << kg.entity_name(t[i]) << " degree " << d[t[i]] << "\n";
  }

  KgConfig cfg;
  KgTrainer trainer(cfg, kg);
  for (int64_t epoch = 1; epoch <= cfg.epochs; ++epoch) {
    const double loss = trainer.train_epoch(train);
    if (epoch % 20 == 0) {
      RankMetrics m = trainer.evaluate(valid, 2000);
      std::cout << "epoch " << epoch << " loss " << loss << " MR " << m.mean_rank
                << " hits@10 " << m.hits_at_10 << "\n";
    }
  }
  trainer.save();
  trainer.export_vectors();
  return 0;
}
