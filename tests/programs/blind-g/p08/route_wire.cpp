#include "wordpiece.h"

#include <torch/script.h>
#include <torch/torch.h>

#include <algorithm>
#include <iostream>
#include <numeric>

// Routes incoming newsroom wire items to desks (politics, business, sport,
// science, culture, weather, obituaries) and prints the most attended tokens.
int main(int argc, char** argv) {
  if (argc < 3) {
    std::cerr << "usage: route_wire MODEL.pt VOCAB.txt [DEVICE] < items.txt\n";
    return 2;
  }
  const std::string device_name =
      argc > 3 ? argv[3] : (torch::cuda::is_available() ? "cuda:0" : "cpu");
  const torch::Device device(device_name);
  torch::jit::script::Module model = torch::jit::load(argv[1], device);
  model.eval();
  WordPiece tokenizer(argv[2]);
  const std::vector<std::string> desks = {"politics", "business", "sport",  "science",
                                          "culture",  "weather",  "obituaries"};

  std::string line;
  while (std::getline(std::cin, line)) {
    if (line.empty()) continue;
    std::vector<int64_t> ids = tokenizer.encode(line, 256);
    torch::Tensor input_ids = torch::tensor(ids).unsqueeze(0).to(device);
    torch::Tensor attention_mask = torch::ones_like(input_ids);

    torch::NoGradGuard no_grad;
    auto out = model.forward({input_ids, attention_mask}).toTuple();
    torch::Tensor logits = out->elements()[0].toTensor().squeeze(0).contiguous();     // [7]
    torch::Tensor attention = out->elements()[1].toTensor().squeeze(0).contiguous();  // [L]

    std::vector<float> scores;
    const float* first = logits.data_ptr<float>();  //@bug P08A torch-host-read-device-tensor
    scores.assign(first, first + logits.numel());
    const size_t desk = static_cast<size_t>(
        std::max_element(scores.begin(), scores.end()) - scores.begin());

    std::vector<float> weights;
    weights.reserve(ids.size());
    const float* a = attention.data_ptr<float>();  //@bug P08B torch-host-read-device-tensor
    weights.insert(weights.end(), a, a + attention.numel());
    std::vector<size_t> order(weights.size());
    std::iota(order.begin(), order.end(), 0);
    const size_t top = std::min<size_t>(3, order.size());
    std::partial_sort(order.begin(), order.begin() + top, order.end(),
                      [&](size_t x, size_t y) { return weights[x] > weights[y]; });

    std::cout << desks[std::min(desk, desks.size() - 1)] << "\t" << line.substr(0, 60) << "\ttop tokens:";
    for (size_t k = 0; k < top; ++k) std::cout << " " << ids[order[k]];
    std::cout << "\n";
  }
  return 0;
}
