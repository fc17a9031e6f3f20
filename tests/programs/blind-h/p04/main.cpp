#include <iostream>
#include <string>
#include <vector>

#include "fasta.h"
#include "postprocess.h"
#include "predictor.h"
#include "ss_backend.h"

// Secondary structure and solvent accessibility for every sequence of a
// FASTA file, in the lab's PSIPRED-like text layout.
//
//   ss_predict <predictor.pt> <sequences.fasta> [--cpu] [--buried 0.25]
int main(int argc, char** argv) {
  if (argc < 3) {
    std::cerr << "usage: " << argv[0] << " <predictor.pt> <sequences.fasta> [--cpu] [--buried F]\n";
    return 2;
  }
  bool gpu = true;
  float buried = 0.25f;
  for (int i = 3; i < argc; ++i) {
    const std::string a = argv[i];
    if (a == "--cpu") gpu = false;
    else if (a == "--buried" && i + 1 < argc) buried = std::stof(argv[++i]);
  }

  const auto proteins = read_fasta(argv[2]);
  StructurePredictor predictor(load_backend(argv[1], gpu), /*max_length=*/1022);
  const torch::Tensor max_asa = max_asa_table();
  std::cerr << proteins.size() << " sequences, device " << predictor.device() << "\n";

  size_t helix = 0, strand = 0, total = 0;
  for (const auto& protein : proteins) {
    Prediction pred = predictor.predict(protein);
    auto q3 = ss8_to_q3(pred.ss8_probs);
    const std::string ss = q3_string(q3);
    const std::vector<float> conf = q3_confidence(q3);  //@bug P04A torch-host-read-device-tensor
    auto rsa = relative_accessibility(pred.asa, pred.residues, max_asa);  //@bug P04B torch-dtype-mismatch|torch-data-ptr-type
    const std::string burial = burial_string(rsa, buried);  //@bug P04B torch-data-ptr-type|torch-dtype-mismatch
    print_prediction(pred.id, protein.seq.substr(0, ss.size()), ss, conf, burial);
    for (char c : ss) {
      helix += c == 'H';
      strand += c == 'E';
    }
    total += ss.size();
  }
  if (total > 0) {
    std::cout << "overall: " << 100.0 * helix / total << "% helix, " << 100.0 * strand / total
              << "% strand\n";
  }
  return 0;
}
