#include <cstdio>
#include <fstream>
#include <iostream>
#include <string>

#include "encoder_backend.h"
#include "patent_index.h"
#include "search.h"
#include "tokenizer.h"
#include "whitening.h"

//   prior_art <encoder.pt> <vocab.tsv> <whitening.bin> <index_dir> [--cpu] [--top K] <claims.tsv>
// claims.tsv: application number <TAB> CPC <TAB> text of the independent claim.
int main(int argc, char** argv) {
  if (argc < 6) {
    std::cerr << "usage: " << argv[0]
              << " <encoder.pt> <vocab.tsv> <whitening.bin> <index_dir> [--cpu] [--top K] <claims.tsv>\n";
    return 2;
  }
  bool use_gpu = true;
  int64_t top = 10;
  std::string claims_path;
  for (int i = 5; i < argc; ++i) {
    const std::string a = argv[i];
    if (a == "--cpu") use_gpu = false;
    else if (a == "--top" && i + 1 < argc) top = std::stoll(argv[++i]);
    else claims_path = a;
  }

  PriorArtSearch search(load_claim_encoder(argv[1], use_gpu), ClaimTokenizer(argv[2]),
                        load_index(argv[4]), load_whitening(argv[3]));

  std::ifstream claims(claims_path);
  if (!claims) {
    std::cerr << "cannot open " << claims_path << "\n";
    return 1;
  }
  std::string line;
  while (std::getline(claims, line)) {
    const auto t1 = line.find('\t');
    const auto t2 = line.find('\t', t1 + 1);
    if (t1 == std::string::npos || t2 == std::string::npos) continue;
    const std::string application = line.substr(0, t1);
    const std::string cpc = line.substr(t1 + 1, t2 - t1 - 1);
    std::printf("%s (%s)\n", application.c_str(), cpc.c_str());
    for (const auto& hit : search.search(line.substr(t2 + 1), cpc, top))
      std::printf("  %-16s %-12s %.4f\n", hit.publication.c_str(), hit.cpc.c_str(), hit.score);
  }
  return 0;
}
