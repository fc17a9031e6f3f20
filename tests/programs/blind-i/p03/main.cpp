#include <iostream>
#include <string>
#include <vector>

#include "catalogue.h"
#include "classifier.h"

//   galaxy_morphology <morphology.pt> <out_prefix> [--cpu] <field.gzc>...
// writes <out_prefix>.csv (catalogue) and <out_prefix>.emb (embeddings).
int main(int argc, char** argv) {
  if (argc < 4) {
    std::cerr << "usage: " << argv[0] << " <morphology.pt> <out_prefix> [--cpu] <field.gzc>...\n";
    return 2;
  }
  bool allow_gpu = true;
  std::vector<std::string> fields;
  for (int i = 3; i < argc; ++i) {
    const std::string a = argv[i];
    if (a == "--cpu") allow_gpu = false;
    else fields.push_back(a);
  }

  GalaxyClassifier classifier(make_morph_backend(argv[1], allow_gpu), /*input_size=*/64,
                              /*batch_size=*/32);
  std::vector<GalaxyRecord> all;
  for (const auto& field : fields) {
    auto records = classifier.classify(read_field(field));
    std::cerr << field << ": " << records.size() << " galaxies\n";
    for (auto& r : records) all.push_back(std::move(r));
  }

  const std::string prefix = argv[2];
  write_embeddings(all, prefix + ".emb");
  write_catalogue(all, classifier.tree(), prefix + ".csv");
  return 0;
}
