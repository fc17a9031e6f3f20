#include <cstdio>
#include <iostream>
#include <string>
#include <vector>

#include "burst_classifier.h"

//   camtrap_classify <model.pt> <species.tsv> <site_history.tsv> [--cpu] <manifest.tsv>
int main(int argc, char** argv) {
  if (argc < 5) {
    std::cerr << "usage: " << argv[0]
              << " <model.pt> <species.tsv> <site_history.tsv> [--cpu] <manifest.tsv>\n";
    return 2;
  }
  bool use_gpu = true;
  std::string manifest;
  for (int i = 4; i < argc; ++i) {
    const std::string a = argv[i];
    if (a == "--cpu") use_gpu = false;
    else manifest = a;
  }

  BurstClassifier classifier(make_species_backend(argv[1], use_gpu), read_taxonomy(argv[2]),
                             argv[3]);
  std::cerr << "species model on " << classifier.backend().name() << "\n";

  int blanks = 0, review = 0;
  std::printf("burst\tsite\tlabel\tprob\treview\n");
  for (const auto& burst : read_manifest(manifest)) {
    const BurstResult r = classifier.classify(burst);
    blanks += r.blank ? 1 : 0;
    review += r.needs_review ? 1 : 0;
    std::printf("%s\t%s\t%s\t%.3f\t%d\n", r.burst_id.c_str(), r.site.c_str(),
                r.blank ? "blank" : r.top.at(0).first.c_str(),
                r.blank ? r.blank_prob : r.top.at(0).second, r.needs_review ? 1 : 0);
  }
  std::cerr << blanks << " blank bursts, " << review << " sent to review\n";
  return 0;
}
