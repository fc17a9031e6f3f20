#include "embedding_service.h"

#include <iostream>

EmbeddingService::EmbeddingService(const std::string& path, int64_t dim)
    : encoder_(torch::jit::load(path)), dim_(dim) {
  encoder_.to(torch::kDouble);
  encoder_.eval();
}

torch::Tensor EmbeddingService::embed(const std::vector<float>& bag_of_words) {
  torch::NoGradGuard no_grad;
  auto x = torch::zeros({1, dim_});
  auto acc = x.accessor<float, 2>();
  for (int64_t i = 0; i < dim_ && i < static_cast<int64_t>(bag_of_words.size()); ++i) {
    acc[0][i] = bag_of_words[i];
  }
  std::vector<torch::jit::IValue> inputs;
  inputs.emplace_back(x);
  auto e = encoder_.forward(inputs).toTensor();
  return e / e.norm(2, 1, true);
}

double EmbeddingService::similarity(const std::vector<float>& a, const std::vector<float>& b) {
  return (embed(a) * embed(b)).sum().item<double>();
}

int main(int argc, char** argv) {
  if (argc < 2) {
    std::cerr << "usage: embedding_service encoder.pt\n";
    return 2;
  }
  EmbeddingService service(argv[1], 128);
  std::vector<float> a(128, 0.0f), b(128, 0.0f);
  a[3] = 1.0f;
  b[3] = 1.0f;
  b[7] = 0.5f;
  std::cout << "cosine " << service.similarity(a, b) << "\n";
  return 0;
}
