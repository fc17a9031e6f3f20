#include "taxonomy.h"

#include <algorithm>
#include <cmath>
#include <fstream>
#include <sstream>
#include <stdexcept>

int64_t Taxonomy::index_of(const std::string& common) const {
  auto it = std::find(common_names.begin(), common_names.end(), common);
  return it == common_names.end() ? -1 : static_cast<int64_t>(it - common_names.begin());
}

Taxonomy read_taxonomy(const std::string& path) {
  std::ifstream in(path);
  if (!in) throw std::runtime_error("cannot open species list " + path);
  Taxonomy t;
  std::string line;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#') continue;
    t.common_names.push_back(line.substr(0, line.find('\t')));  // common <TAB> latin
  }
  if (t.common_names.empty()) throw std::runtime_error(path + ": no species");
  return t;
}

std::map<std::string, torch::Tensor> load_site_priors(const std::string& path,
                                                      const Taxonomy& taxonomy) {
  std::ifstream in(path);
  if (!in) throw std::runtime_error("cannot open site history " + path);
  const auto k = static_cast<size_t>(taxonomy.size());
  std::map<std::string, std::vector<float>> counts;
  std::vector<float> survey(k, 0.f);
  std::string line;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#') continue;
    std::istringstream ss(line);
    std::string site, species;
    float n = 0.f;
    if (!(ss >> site >> species >> n)) continue;
    const int64_t idx = taxonomy.index_of(species);
    if (idx < 0) continue;  // species dropped from this season's model
    auto& row = counts.emplace(site, std::vector<float>(k, 0.f)).first->second;
    row[static_cast<size_t>(idx)] += n;
    survey[static_cast<size_t>(idx)] += n;
  }
  auto to_log_prior = [k](const std::vector<float>& c) {
    double total = 0.0;
    for (float v : c) total += v;
    std::vector<float> lp(k);
    for (size_t i = 0; i < k; ++i)
      lp[i] = static_cast<float>(std::log((c[i] + 1.0) / (total + static_cast<double>(k))));
    return torch::tensor(lp);  //@bug P01A torch-factory-missing-device|torch-device-mismatch
  };
  std::map<std::string, torch::Tensor> priors;
  for (const auto& kv : counts) priors[kv.first] = to_log_prior(kv.second);  //@bug P01A torch-device-mismatch
  priors["*"] = to_log_prior(survey);  //@bug P01A torch-device-mismatch
  return priors;
}
