#include "mel_clips.h"

#include <algorithm>
#include <iomanip>
#include <iostream>

namespace nn = torch::nn;
namespace F = torch::nn::functional;

constexpr int64_t kGenres = 8;  // jazz, classical, rock, pop, folk, electronic, hip-hop, spoken word

struct GenreNetImpl : nn::Module {
  GenreNetImpl()
      : c1(register_module("c1", nn::Conv2d(nn::Conv2dOptions(1, 16, 3).padding(1)))),
        c2(register_module("c2", nn::Conv2d(nn::Conv2dOptions(16, 32, 3).padding(1)))),
        fc(register_module("fc", nn::Linear(32, kGenres))) {}
  torch::Tensor forward(torch::Tensor x) {
    x = F::max_pool2d(torch::relu(c1(x)), F::MaxPool2dFuncOptions(2));
    x = F::max_pool2d(torch::relu(c2(x)), F::MaxPool2dFuncOptions(2));
    return fc(x.mean({2, 3}));
  }
  nn::Conv2d c1, c2;
  nn::Linear fc;
};
TORCH_MODULE(GenreNet);

int main(int argc, char** argv) {
  if (argc != 3) {
    std::cerr << "usage: train_genres TRAIN.bin VAL.bin\n";
    return 2;
  }
  const torch::Device device = torch::cuda::is_available() ? torch::kCUDA : torch::kCPU;
  MelClips train = load_clips(argv[1]), val = load_clips(argv[2]);
  const torch::Tensor counts = torch::bincount(train.genres, {}, kGenres).to(torch::kFloat32);
  const torch::Tensor weights = (counts.sum() / (counts.clamp_min(1.0) * kGenres)).to(device);  // moved once
  const torch::Tensor val_x = val.mels.to(device);  // the validation set is moved once, not per epoch

  GenreNet net;
  net->to(device);
  torch::optim::Adam opt(net->parameters(), torch::optim::AdamOptions(1e-3));
  const int64_t n = train.mels.size(0), bs = 64;

  for (int epoch = 0; epoch < 20; ++epoch) {
    net->train();
    torch::Tensor perm = torch::randperm(n, torch::kInt64);
    for (int64_t s = 0; s + bs <= n; s += bs) {
      torch::Tensor idx = perm.slice(0, s, s + bs);
      torch::Tensor x = train.mels.index_select(0, idx).to(device);
      torch::Tensor y = train.genres.index_select(0, idx).to(device);
      torch::Tensor loss = F::cross_entropy(net->forward(x), y, F::CrossEntropyFuncOptions().weight(weights));
      opt.zero_grad();
      loss.backward();
      opt.step();
      std::cout << "epoch " << epoch << " batch " << s / bs << " loss " << loss.item<float>() << "\n";
    }

    // Validation: predictions come back to the host once, then per-clip reads are host reads.
    net->eval();
    torch::NoGradGuard no_grad;
    torch::Tensor logits = net->forward(val_x);
    auto host_pred = logits.argmax(1).cpu();
    torch::Tensor confusion = torch::zeros({kGenres, kGenres}, torch::kInt64);
    for (int64_t i = 0; i < host_pred.size(0); ++i) {
      const int64_t truth = val.genres[i].item<int64_t>();
      const int64_t guess = host_pred[i].item<int64_t>();
      confusion[truth][guess] += 1;
    }
    const double acc = confusion.diag().sum().item<double>() / std::max<int64_t>(1, host_pred.size(0));
    std::cout << "epoch " << epoch << " val accuracy " << std::fixed << std::setprecision(3) << acc << "\n";
    for (int64_t g = 0; g < kGenres; ++g) {
      std::cout << "  genre " << g << " recall "
                << confusion[g][g].item<double>() / std::max<double>(1.0, confusion[g].sum().item<double>()) << "\n";
    }
  }
  return 0;
}
