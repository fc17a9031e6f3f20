#include "fasta.h"

#include <cctype>
#include <fstream>
#include <stdexcept>

std::vector<Protein> read_fasta(const std::string& path) {
  std::ifstream in(path);
  if (!in) throw std::runtime_error("cannot open " + path);
  std::vector<Protein> out;
  std::string line;
  while (std::getline(in, line)) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (line.empty()) continue;
    if (line[0] == '>') {
      Protein p;
      const auto space = line.find(' ');
      p.id = line.substr(1, space == std::string::npos ? std::string::npos : space - 1);
      if (space != std::string::npos) p.description = line.substr(space + 1);
      out.push_back(p);
    } else if (!out.empty()) {
      for (char c : line) {
        if (std::isalpha(static_cast<unsigned char>(c)))
          out.back().seq += static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
      }
    }
  }
  return out;
}

torch::Tensor encode_residues(const std::string& seq) {
  static const std::string alphabet = "ACDEFGHIKLMNPQRSTVWY";
  std::vector<int64_t> ids;
  ids.reserve(seq.size());
  for (char c : seq) {
    const auto pos = alphabet.find(c);
    ids.push_back(pos == std::string::npos ? 20 : static_cast<int64_t>(pos));
  }
  return torch::tensor(ids).unsqueeze(0);
}

torch::Tensor max_asa_table() {
  static const double kMaxAsa[kNumResidueTypes] = {
      129.0, 167.0, 193.0, 223.0, 240.0, 104.0, 224.0, 197.0, 236.0, 201.0,
      224.0, 195.0, 159.0, 225.0, 274.0, 155.0, 172.0, 174.0, 285.0, 263.0,
      200.0 /* unknown: mean of the others */};
  return torch::from_blob(const_cast<double*>(kMaxAsa), {kNumResidueTypes}, torch::kFloat64)  //@bug P04B torch-dtype-mismatch|torch-data-ptr-type
      .clone();
}
