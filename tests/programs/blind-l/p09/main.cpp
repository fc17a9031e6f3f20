#include <iostream>

#include "model.h"
#include "text.h"

int main(int argc, char** argv) {
  TrainConfig cfg;
  const bool want_gpu = argc > 1 && std::string(argv[1]) == "--gpu";
  if (want_gpu && torch::cuda::is_available()) cfg.device = torch::Device(torch::kCUDA);

  auto reviews = synthetic_reviews(3000, 8);
  std::vector<Review> train(reviews.begin(), reviews.begin() + 2500);
  std::vector<Review> test(reviews.begin() + 2500, reviews.end());
  const Vocab vocab = Vocab::build(train, 2);

  SentimentNet model(vocab.size(), 64, 3);
  model->to(cfg.device);
  torch::optim::SGD optimizer(model->parameters(), torch::optim::SGDOptions(cfg.lr).momentum(0.9));

  for (int64_t epoch = 1; epoch <= cfg.epochs; ++epoch) {
    const double loss = train_epoch(model, optimizer, train, vocab, cfg);
    std::cout << "epoch " << epoch << " nll " << loss << " test acc "
              << accuracy(model, test, vocab, cfg) << "\n";
  }
  return 0;
}
