#include "fbank.h"

#include <cmath>
#include <fstream>
#include <stdexcept>

namespace {

double hz_to_mel(double hz) { return 1127.0 * std::log(1.0 + hz / 700.0); }

std::vector<float> triangular_bank(const FbankOptions& o) {
  const int64_t bins = o.n_fft / 2 + 1;
  const double lo = hz_to_mel(o.low_freq), hi = hz_to_mel(o.high_freq);
  const double step = (hi - lo) / static_cast<double>(o.num_mels + 1);
  std::vector<float> fb(static_cast<size_t>(bins * o.num_mels), 0.f);
  for (int64_t m = 0; m < o.num_mels; ++m) {
    const double left = lo + m * step, centre = left + step, right = centre + step;
    for (int64_t b = 0; b < bins; ++b) {
      const double hz = static_cast<double>(b) * o.sample_rate / o.n_fft;
      const double mel = hz_to_mel(hz);
      double w = 0.0;
      if (mel > left && mel <= centre) w = (mel - left) / (centre - left);
      else if (mel > centre && mel < right) w = (right - mel) / (right - centre);
      fb[static_cast<size_t>(b * o.num_mels + m)] = static_cast<float>(w);
    }
  }
  return fb;
}

}  // namespace

std::vector<int16_t> read_pcm16(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw std::runtime_error("cannot open " + path);
  in.seekg(0, std::ios::end);
  const std::streamoff bytes = in.tellg();
  if (bytes <= 44) throw std::runtime_error("empty wav " + path);
  std::vector<int16_t> pcm(static_cast<size_t>((bytes - 44) / 2));
  in.seekg(44);
  in.read(reinterpret_cast<char*>(pcm.data()),
          static_cast<std::streamsize>(pcm.size() * sizeof(int16_t)));
  return pcm;
}

FbankExtractor::FbankExtractor(const FbankOptions& opts) : opts_(opts) {
  window_ = torch::hamming_window(opts_.frame_length, /*periodic=*/false);
  std::vector<float> fb = triangular_bank(opts_);
  mel_fb_ = torch::from_blob(fb.data(), {opts_.n_fft / 2 + 1, opts_.num_mels},
                             torch::kFloat32)
                .clone();
}

torch::Tensor FbankExtractor::compute(const torch::Tensor& wave) const {
  TORCH_CHECK(wave.dim() == 1, "expected a mono waveform");
  TORCH_CHECK(wave.size(0) >= opts_.frame_length, "utterance too short");
  // Pre-emphasis, then [frames, frame_length] with DC removed per frame.
  auto emph = torch::cat({wave.slice(0, 0, 1),
                          wave.slice(0, 1) - opts_.preemphasis * wave.slice(0, 0, -1)});
  auto frames = emph.unfold(0, opts_.frame_length, opts_.frame_shift);
  frames = (frames - frames.mean(1, /*keepdim=*/true)) * window_;
  auto spec = torch::fft::rfft(frames, opts_.n_fft, /*dim=*/-1);
  auto power = spec.abs().pow(2);                       // [frames, n_fft/2+1]
  auto mel = torch::matmul(power, mel_fb_);             //@bug P01B torch-dtype-mismatch
  auto logmel = torch::log(mel.clamp_min(1e-6));
  return logmel - logmel.mean(0, /*keepdim=*/true);
}
