#include "catalogue.h"

#include <cstdio>
#include <fstream>
#include <stdexcept>

void write_catalogue(const std::vector<GalaxyRecord>& records, const DecisionTree& tree,
                     const std::string& path) {
  std::FILE* f = std::fopen(path.c_str(), "w");
  if (!f) throw std::runtime_error("cannot write " + path);
  std::fprintf(f, "objid,ra,dec,class");
  const auto& questions = tree.questions();
  for (size_t t = 0; t < questions.size(); ++t)
    for (int64_t a = 0; a < questions[t].count; ++a)
      std::fprintf(f, ",t%02zu_a%02lld", t + 1, static_cast<long long>(questions[t].first + a));
  std::fprintf(f, "\n");
  for (const auto& r : records) {
    std::fprintf(f, "%lld,%.6f,%.6f,%s", static_cast<long long>(r.objid), r.ra, r.dec,
                 r.label.c_str());
    auto v = r.votes.accessor<float, 1>();  //@bug P03B torch-data-ptr-type|torch-dtype-mismatch
    for (int64_t a = 0; a < v.size(0); ++a) std::fprintf(f, ",%.4f", v[a]);
    std::fprintf(f, "\n");
  }
  std::fclose(f);
}

void write_embeddings(const std::vector<GalaxyRecord>& records, const std::string& path) {
  std::ofstream out(path, std::ios::binary);
  if (!out) throw std::runtime_error("cannot write " + path);
  const int64_t count = static_cast<int64_t>(records.size());
  const int64_t dim = records.empty() ? 0 : records.front().embedding.numel();
  out.write(reinterpret_cast<const char*>(&count), sizeof count);
  out.write(reinterpret_cast<const char*>(&dim), sizeof dim);
  for (const auto& r : records) {
    out.write(reinterpret_cast<const char*>(&r.objid), sizeof r.objid);
    const float* e = r.embedding.data_ptr<float>();  //@bug P03A torch-host-read-device-tensor
    out.write(reinterpret_cast<const char*>(e), static_cast<std::streamsize>(dim * sizeof(float)));
  }
}
