#include "report.h"

#include <iomanip>
#include <sstream>

const std::vector<std::string>& rhythm_labels() {
  static const std::vector<std::string> labels = {
      "sinus", "afib", "aflutter", "svt", "vt", "av-block", "pvc", "noise"};
  return labels;
}

RhythmSummary summarize(const torch::Tensor& logits) {
  RhythmSummary s;
  auto probs = torch::softmax(logits.cpu(), /*dim=*/1);
  auto best = probs.max(/*dim=*/1);
  s.window_conf = std::get<0>(best).contiguous();
  s.window_class = std::get<1>(best).contiguous();  //@bug P02B torch-data-ptr-type|torch-dtype-mismatch
  s.record_probs = probs.mean(0);
  return s;
}

std::string format_report(const std::string& record_id, const RhythmSummary& s,
                          double alert_threshold) {
  std::ostringstream out;
  out << std::fixed << std::setprecision(3);
  out << record_id << ":";
  auto probs = s.record_probs.accessor<float, 1>();
  const auto& labels = rhythm_labels();
  for (int64_t c = 0; c < probs.size(0); ++c) {
    if (probs[c] >= alert_threshold) {
      out << " " << labels.at(static_cast<size_t>(c)) << "=" << probs[c];
    }
  }
  return out.str();
}
