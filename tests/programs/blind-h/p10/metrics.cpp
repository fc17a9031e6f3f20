#include <algorithm>
#include <cstdio>
#include <numeric>

#include "trainer.h"

LangReport evaluate(LangIdNet& model, const Corpus& test, int64_t languages, int64_t batch_size) {
  torch::NoGradGuard no_grad;
  model->eval();
  LangReport r;
  r.confusion = torch::zeros({languages, languages}, torch::kLong);
  for (size_t s = 0; s < test.size(); s += static_cast<size_t>(batch_size)) {
    std::vector<size_t> idx(std::min(static_cast<size_t>(batch_size), test.size() - s));
    std::iota(idx.begin(), idx.end(), s);
    TextBatch b = test.batch(idx);
    auto pred = model->forward(b.ngrams, b.offsets).argmax(1);
    r.confusion.index_put_({b.labels, pred}, torch::ones_like(pred), /*accumulate=*/true);
  }
  auto c = r.confusion.accessor<int64_t, 2>();
  int64_t correct = 0, total = 0;
  for (int64_t i = 0; i < languages; ++i) {
    int64_t row = 0, col = 0;
    for (int64_t j = 0; j < languages; ++j) {
      row += c[i][j];
      col += c[j][i];
    }
    correct += c[i][i];
    total += row;
    const double denom = static_cast<double>(row + col);
    r.f1.push_back(denom > 0 ? 2.0 * static_cast<double>(c[i][i]) / denom : 0.0);
  }
  r.accuracy = total ? static_cast<double>(correct) / static_cast<double>(total) : 0.0;
  return r;
}

void print_report(const LangReport& r, const std::vector<std::string>& languages) {
  std::printf("accuracy %.4f\n", r.accuracy);
  for (size_t i = 0; i < languages.size(); ++i)
    std::printf("  %-6s F1 %.3f\n", languages[i].c_str(), r.f1[i]);
}

std::vector<std::pair<int64_t, float>> top_languages(LangIdNet& model, const TextBatch& text,
                                                     const torch::Tensor& log_prior, int64_t k) {
  torch::NoGradGuard no_grad;
  model->eval();
  auto logits = model->forward(text.ngrams, text.offsets).squeeze(0);
  auto probs = torch::softmax(torch::log_softmax(logits, 0) + log_prior, 0);
  auto top = probs.topk(std::min<int64_t>(k, probs.size(0)));
  auto values = std::get<0>(top).contiguous();
  auto ids = std::get<1>(top).contiguous();
  const float* v = values.data_ptr<float>();
  const int64_t* id = ids.data_ptr<int64_t>();
  std::vector<std::pair<int64_t, float>> out;
  for (int64_t i = 0; i < values.numel(); ++i) out.emplace_back(id[i], v[i]);
  return out;
}
