#include "signal_reader.h"

#include <torch/script.h>
#include <torch/torch.h>

#include <algorithm>
#include <cmath>
#include <iostream>

void normalise_signal(std::vector<float>& s) {
  if (s.empty()) return;
  std::vector<float> tmp(s);
  std::nth_element(tmp.begin(), tmp.begin() + tmp.size() / 2, tmp.end());
  const float med = tmp[tmp.size() / 2];
  for (float& v : tmp) v = std::abs(v - med);
  std::nth_element(tmp.begin(), tmp.begin() + tmp.size() / 2, tmp.end());
  const float mad = std::max(1.4826f * tmp[tmp.size() / 2], 1e-3f);
  for (float& v : s) v = (v - med) / mad;
}

// Basecaller for the field-sequencing kit: batches of up to 32 reads, padded,
// through a scripted CTC model that returns (log_probs [B, T, 5], out_lengths [B]).
int main(int argc, char** argv) {
  if (argc != 3) {
    std::cerr << "usage: basecall MODEL.pt READS.bin > calls.fasta\n";
    return 2;
  }
  const torch::Device device = torch::cuda::is_available() ? torch::kCUDA : torch::kCPU;
  torch::jit::script::Module model = torch::jit::load(argv[1], device);
  model.eval();
  const char kAlphabet[] = {'-', 'A', 'C', 'G', 'T'};

  std::ifstream in(argv[2], std::ios::binary);
  std::vector<RawRead> batch;
  RawRead r;
  bool more = true;
  while (more) {
    more = next_read(in, r);
    if (more) {
      normalise_signal(r.signal);
      batch.push_back(r);
    }
    if (batch.empty() || (more && batch.size() < 32)) continue;

    int64_t max_len = 0;
    for (const RawRead& b : batch) max_len = std::max<int64_t>(max_len, static_cast<int64_t>(b.signal.size()));
    const int64_t B = static_cast<int64_t>(batch.size());
    torch::Tensor x = torch::zeros({B, 1, max_len}, torch::kFloat32);
    std::vector<int64_t> lens;
    for (int64_t b = 0; b < B; ++b) {
      std::vector<float>& sig = batch[static_cast<size_t>(b)].signal;
      const int64_t len = static_cast<int64_t>(sig.size());
      x[b][0].slice(0, 0, len).copy_(torch::from_blob(sig.data(), {len}, torch::kFloat32));
      lens.push_back(len);
    }

    torch::NoGradGuard no_grad;
    auto out = model.forward({x.to(device), torch::tensor(lens).to(device)}).toTuple();
    torch::Tensor best = out->elements()[0].toTensor().argmax(-1);  // [B, T] int64
    torch::Tensor out_lengths = out->elements()[1].toTensor();      // [B] int64

    for (int64_t b = 0; b < B; ++b) {
      std::string seq;
      int64_t prev = 0;
      const int64_t T = out_lengths[b].item<int64_t>();  //@bug P22A torch-device-access-in-loop
      for (int64_t t = 0; t < T; ++t) {
        const int64_t k = best.index({b, t}).item<int64_t>();  //@bug P22B torch-device-access-in-loop
        if (k != 0 && k != prev) seq.push_back(kAlphabet[k]);
        prev = k;
      }
      std::cout << ">" << batch[static_cast<size_t>(b)].read_id << "\n" << seq << "\n";
    }
    batch.clear();
  }
  return 0;
}
