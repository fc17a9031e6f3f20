#include "checkins.h"

#include <algorithm>
#include <iostream>

namespace nn = torch::nn;

struct NextVenueImpl : nn::Module {
  NextVenueImpl(int64_t venues, int64_t dim)
      : emb(register_module("emb", nn::Embedding(nn::EmbeddingOptions(venues, dim).padding_idx(0)))),
        gru(register_module("gru", nn::GRU(nn::GRUOptions(dim, dim).batch_first(true)))),
        out_emb(register_module("out_emb", nn::Embedding(venues, dim))) {}

  torch::Tensor user_state(const torch::Tensor& history) {
    return std::get<0>(gru->forward(emb(history))).select(1, -1);  // [B, dim]
  }

  nn::Embedding emb;
  nn::GRU gru;
  nn::Embedding out_emb;
};
TORCH_MODULE(NextVenue);

int main(int argc, char** argv) {
  if (argc != 2) {
    std::cerr << "usage: train_poi CHECKINS.tsv\n";
    return 2;
  }
  const torch::Device device = torch::cuda::is_available() ? torch::kCUDA : torch::kCPU;
  CheckinSet data = load_checkins(argv[1]);
  const torch::Tensor neg_table = build_negative_table(data, 1 << 20).to(device);  // moved before the loop
  constexpr int64_t kNeg = 10, kBatch = 256;

  NextVenue model(data.num_venues, 64);
  model->to(device);
  torch::optim::Adam opt(model->parameters(), torch::optim::AdamOptions(2e-3));
  const int64_t n = data.next.size(0);

  for (int epoch = 0; epoch < 10; ++epoch) {
    torch::Tensor perm = torch::randperm(n, torch::kInt64);
    for (int64_t s = 0; s + kBatch <= n; s += kBatch) {
      torch::Tensor idx = perm.slice(0, s, s + kBatch);
      torch::Tensor hist = data.history.index_select(0, idx).to(device);
      torch::Tensor pos = data.next.index_select(0, idx).to(device);
      torch::Tensor neg = neg_table.index_select(
          0, torch::randint(neg_table.size(0), {kBatch, kNeg}, torch::TensorOptions().dtype(torch::kInt64).device(device)).flatten())
                              .view({kBatch, kNeg});
      torch::Tensor u = model->user_state(hist);                              // [B, D]
      torch::Tensor pos_score = (u * model->out_emb(pos)).sum(1);            // [B]
      torch::Tensor neg_score = torch::bmm(model->out_emb(neg), u.unsqueeze(2)).squeeze(2);  // [B, kNeg]
      torch::Tensor loss = -torch::log_sigmoid(pos_score).mean() - torch::log_sigmoid(-neg_score).sum(1).mean();
      opt.zero_grad();
      loss.backward();
      opt.step();
      if (s % (100 * kBatch) == 0) std::cout << "epoch " << epoch << " loss " << loss.item<float>() << "\n";
    }
  }

  // Hit-rate@10 on the first 1000 users, read on the host after a single copy.
  torch::NoGradGuard no_grad;
  const int64_t m = std::min<int64_t>(n, 1000);
  torch::Tensor scores = torch::mm(model->user_state(data.history.slice(0, 0, m).to(device)), model->out_emb->weight.t());
  torch::Tensor top = std::get<1>(scores.topk(10, 1)).cpu();
  const torch::Tensor truth = data.next.slice(0, 0, m);
  int64_t hits = 0;
  for (int64_t i = 0; i < m; ++i) {
    for (int64_t j = 0; j < 10; ++j) {
      if (top[i][j].item<int64_t>() == truth[i].item<int64_t>()) ++hits;
    }
  }
  std::cout << "HR@10 " << static_cast<double>(hits) / static_cast<double>(m) << "\n";
  return 0;
}
