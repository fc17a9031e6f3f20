#include <iostream>

#include "backend.h"
#include "beats.h"

int main(int argc, char** argv) {
  if (argc < 3) {
    std::cerr << "usage: arrhythmia MODEL.pt LEAD_II.txt [sampling_hz]\n";
    return 1;
  }
  const double fs = argc > 3 ? std::stod(argv[3]) : 360.0;
  auto backend = ecg::make_backend(argv[1]);

  const auto lead = ecg::read_lead(argv[2]);
  const auto peaks = ecg::detect_r_peaks(lead, fs);
  auto beats = ecg::segment_beats(lead, peaks);
  if (beats.size(0) == 0) {
    std::cerr << "no complete beats found\n";
    return 1;
  }

  auto probs = backend->run(beats);
  auto thresholds = ecg::alarm_thresholds();
  auto alarms = probs.ge(thresholds);
  alarms.select(1, 0).zero_();  // normal beats never raise an alarm

  auto per_class = alarms.sum(0);
  const auto& names = ecg::class_names();
  std::cout << beats.size(0) << " beats analysed\n";
  for (int64_t c = 1; c < per_class.size(0); ++c) {
    std::cout << "  class " << names[c] << ": " << per_class[c].item<int64_t>() << " flagged\n";
  }
  return 0;
}
