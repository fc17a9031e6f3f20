#include "backend.h"

#include <iostream>

int main(int argc, char **argv) {
  if (argc < 2)
    return 1;
  std::unique_ptr<Backend> backend = makeBackend(argv[1]);
  auto image = torch::rand({1, 3, 32, 32});
  auto logits = backend->run(image);
  auto features = torch::rand({1, 16}, torch::kFloat64);
  auto embedding = backend->project(features.to(backend->device()));
  std::cout << logits.argmax(1).item<int64_t>() << " " << embedding.sum()
            << "\n";
}
