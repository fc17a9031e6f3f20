#include "ecg_reader.h"

#include <fstream>
#include <stdexcept>

EcgRecord read_record(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw std::runtime_error("cannot open " + path);
  EcgRecord rec;
  rec.id = path;
  int32_t header[3] = {0, 0, 0};  // leads, sample rate, samples per lead
  in.read(reinterpret_cast<char*>(header), sizeof(header));
  rec.leads = header[0];
  rec.sample_rate = header[1];
  rec.samples.resize(static_cast<size_t>(header[0]) * static_cast<size_t>(header[2]));
  in.read(reinterpret_cast<char*>(rec.samples.data()),
          static_cast<std::streamsize>(rec.samples.size() * sizeof(float)));
  if (!in) throw std::runtime_error("truncated record " + path);
  return rec;
}

torch::Tensor window_record(const EcgRecord& rec, int64_t window, int64_t hop) {
  const int64_t n = rec.num_samples();
  TORCH_CHECK(n >= window, "record shorter than one window: ", rec.id);
  auto sig = torch::from_blob(const_cast<float*>(rec.samples.data()),  //@bug P02A torch-factory-missing-device|torch-device-mismatch
                              {rec.leads, n}, torch::kFloat32)
                 .clone();
  auto mean = sig.mean(1, /*keepdim=*/true);
  auto stdv = sig.std(1, /*unbiased=*/true, /*keepdim=*/true).clamp_min(1e-3);
  sig = (sig - mean) / stdv;
  // [leads, W, window] -> [W, leads, window]
  return sig.unfold(1, window, hop).permute({1, 0, 2}).contiguous();
}
