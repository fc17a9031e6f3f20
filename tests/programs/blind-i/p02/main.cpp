#include <iostream>
#include <vector>

#include "hypnogram.h"
#include "psg.h"
#include "stager_backend.h"
#include "staging.h"

//   sleep_stage <stager.pt> <scored_nights.txt> [--device auto|cpu|cuda] <night.psg>...
int main(int argc, char** argv) {
  if (argc < 4) {
    std::cerr << "usage: " << argv[0] << " <stager.pt> <scored.txt> [--device D] <night.psg>...\n";
    return 2;
  }
  std::string device = "auto";
  std::vector<std::string> nights;
  for (int i = 3; i < argc; ++i) {
    const std::string a = argv[i];
    if (a == "--device" && i + 1 < argc) device = argv[++i];
    else nights.push_back(a);
  }

  SleepStager stager(open_stager(argv[1], device), argv[2]);
  std::cerr << "stager on " << stager.backend().name() << "\n";
  for (const auto& path : nights) {
    const Recording rec = read_recording(path);
    const StagingResult res = stager.stage(rec);  // throws on a recording that is not 100 Hz
    print_report(rec.subject, summarise(res.stages, res.arousal_probs, stager.epoch_seconds()));
  }
  return 0;
}
