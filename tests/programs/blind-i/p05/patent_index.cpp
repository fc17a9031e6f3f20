#include "patent_index.h"

#include <fstream>
#include <sstream>
#include <stdexcept>

PatentIndex load_index(const std::string& dir) {
  PatentIndex index;
  std::ifstream vec(dir + "/vectors.bin", std::ios::binary);
  if (!vec) throw std::runtime_error("cannot open " + dir + "/vectors.bin");
  int64_t shards = 0;
  vec.read(reinterpret_cast<char*>(&shards), sizeof shards);
  int64_t rows = 0;
  for (int64_t s = 0; s < shards; ++s) {
    int64_t n = 0, dim = 0;
    vec.read(reinterpret_cast<char*>(&n), sizeof n);
    vec.read(reinterpret_cast<char*>(&dim), sizeof dim);
    auto t = torch::empty({n, dim}, torch::kFloat32);
    vec.read(reinterpret_cast<char*>(t.data_ptr<float>()),
             static_cast<std::streamsize>(t.numel() * sizeof(float)));
    if (!vec) throw std::runtime_error(dir + "/vectors.bin: truncated shard " + std::to_string(s));
    index.shards.push_back(t);
    rows += n;
  }
  std::ifstream tsv(dir + "/rows.tsv");
  std::string line;
  while (std::getline(tsv, line)) {
    const auto tab = line.find('\t');
    index.publication.push_back(line.substr(0, tab));
    index.cpc.push_back(tab == std::string::npos ? "" : line.substr(tab + 1));
  }
  if (index.size() != rows) throw std::runtime_error(dir + ": rows.tsv does not match the vectors");
  return index;
}
