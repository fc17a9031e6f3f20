#include "clause_classifier.h"

#include <fstream>
#include <iostream>

// Reads a contract split into clauses (one per paragraph, blank-line separated)
// and prints the clause types that need legal review.
int main(int argc, char** argv) {
  if (argc < 4) {
    std::cerr << "usage: clause_tagger ENCODER.pt VOCAB.txt CONTRACT.txt [--cpu]\n";
    return 2;
  }
  const bool use_gpu = !(argc > 4 && std::string(argv[4]) == "--cpu");
  ClauseClassifier clf(argv[1], argv[2],
                       {"indemnification", "limitation_of_liability", "termination_for_convenience",
                        "auto_renewal", "governing_law", "non_compete", "data_protection"},
                       use_gpu);
  std::ifstream contract(argv[3]);
  std::string line, paragraph;
  int index = 0;
  auto flush = [&]() {
    if (paragraph.empty()) return;
    ++index;
    for (const ClauseLabel& l : clf.classify(paragraph, 0.5f)) {
      std::cout << "clause " << index << ": " << l.name << " (" << l.probability << ")\n";
    }
    paragraph.clear();
  };
  while (std::getline(contract, line)) {
    if (line.empty()) {
      flush();
    } else {
      paragraph += line + " ";
    }
  }
  flush();
  return 0;
}
