#include <torch/torch.h>

#include <iostream>
#include <string>
#include <vector>

#include "classifier.h"
#include "ecg_reader.h"
#include "report.h"

// Batch rhythm screening of resting ECGs. Usage:
//   ecg_screen model.pt auto|cpu|cuda record1.bin [record2.bin ...]
int main(int argc, char** argv) {
  if (argc < 4) {
    std::cerr << "usage: ecg_screen MODEL BACKEND RECORD...\n";
    return 2;
  }
  const std::string model_path = argv[1];
  const std::string kind = argv[2];
  const int64_t window = 2500;  // 5 s at 500 Hz
  const int64_t hop = 1250;
  const double alert_threshold = 0.35;

  EcgClassifier classifier(open_backend(model_path, kind), window, hop);
  const auto& labels = rhythm_labels();

  for (int i = 3; i < argc; ++i) {
    EcgRecord rec = read_record(argv[i]);
    auto logits = classifier.classify_record(rec);
    RhythmSummary s = summarize(logits);
    std::cout << format_report(rec.id, s, alert_threshold) << "\n";

    // Per-window trace for the cardiologist's viewer.
    auto cls = s.window_class.accessor<int32_t, 1>();  //@bug P02B torch-data-ptr-type|torch-dtype-mismatch
    auto conf = s.window_conf.accessor<float, 1>();
    for (int64_t w = 0; w < cls.size(0); ++w) {
      const double start_s = static_cast<double>(w * hop) / rec.sample_rate;
      std::cout << "  t=" << start_s << "s " << labels.at(static_cast<size_t>(cls[w]))
                << " p=" << conf[w] << "\n";
    }
  }
  return 0;
}
