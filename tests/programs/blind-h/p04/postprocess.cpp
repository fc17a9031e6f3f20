#include "postprocess.h"

#include <algorithm>
#include <cstdio>

torch::Tensor ss8_to_q3(const torch::Tensor& ss8_probs) {
  // Rows: the model's output columns G H I E B T S C; columns: helix,
  // strand, coil.
  static const std::vector<float> kToQ3 = {1, 0, 0,  1, 0, 0,  1, 0, 0,  0, 1, 0,
                                           0, 1, 0,  0, 0, 1,  0, 0, 1,  0, 0, 1};
  auto reduce = torch::tensor(kToQ3).view({8, 3}).to(ss8_probs.device());
  return ss8_probs.matmul(reduce);
}

std::string q3_string(const torch::Tensor& q3_probs) {
  static const char kCodes[3] = {'H', 'E', 'C'};
  auto best = q3_probs.argmax(1).cpu();
  auto a = best.accessor<int64_t, 1>();
  std::string out;
  out.reserve(static_cast<size_t>(a.size(0)));
  for (int64_t i = 0; i < a.size(0); ++i) out += kCodes[a[i]];
  return out;
}

std::vector<float> q3_confidence(const torch::Tensor& q3_probs) {
  auto conf = std::get<0>(q3_probs.max(1)).contiguous();
  const float* p = conf.data_ptr<float>();  //@bug P04A torch-host-read-device-tensor
  return std::vector<float>(p, p + conf.numel());
}

torch::Tensor relative_accessibility(const torch::Tensor& asa, const torch::Tensor& residues,
                                     const torch::Tensor& max_asa) {
  return (asa / max_asa.index_select(0, residues)).clamp(0.0, 1.0);  //@bug P04B torch-dtype-mismatch|torch-data-ptr-type
}

std::string burial_string(const torch::Tensor& rsa, float threshold) {
  auto r = rsa.contiguous();
  const float* p = r.data_ptr<float>();  //@bug P04B torch-data-ptr-type|torch-dtype-mismatch
  std::string out;
  out.reserve(static_cast<size_t>(r.numel()));
  for (int64_t i = 0; i < r.numel(); ++i) out += p[i] < threshold ? 'b' : 'e';
  return out;
}

void print_prediction(const std::string& id, const std::string& seq, const std::string& ss,
                      const std::vector<float>& conf, const std::string& burial) {
  std::printf(">%s  length %zu\n", id.c_str(), ss.size());
  for (size_t start = 0; start < ss.size(); start += 60) {
    const size_t n = std::min<size_t>(60, ss.size() - start);
    std::string digits;
    for (size_t i = start; i < start + n; ++i)
      digits += static_cast<char>('0' + std::min(9, static_cast<int>(conf[i] * 10.0f)));
    std::printf("  AA   %s\n  SS   %s\n  CONF %s\n  ACC  %s\n\n", seq.substr(start, n).c_str(),
                ss.substr(start, n).c_str(), digits.c_str(), burial.substr(start, n).c_str());
  }
}
