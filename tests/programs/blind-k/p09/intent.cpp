// Intent classifier: a scripted transformer encoder served in fp16. Its inputs
// are token ids and an attention mask, both integer tensors.
#include <torch/script.h>
#include <torch/torch.h>

#include <iostream>
#include <string>
#include <unordered_map>
#include <vector>

namespace {

std::vector<int64_t> tokenize(const std::string& text,
                              const std::unordered_map<std::string, int64_t>& vocab,
                              size_t max_len) {
  std::vector<int64_t> ids{101};  // [CLS]
  std::string word;
  auto flush = [&]() {
    if (word.empty()) return;
    auto it = vocab.find(word);
    ids.push_back(it == vocab.end() ? 100 : it->second);  // [UNK]
    word.clear();
  };
  for (char c : text) {
    if (c == ' ') {
      flush();
    } else {
      word.push_back(c);
    }
  }
  flush();
  ids.push_back(102);  // [SEP]
  while (ids.size() < max_len) ids.push_back(0);
  ids.resize(max_len);
  return ids;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) {
    std::cerr << "usage: intent model.pt\n";
    return 2;
  }
  torch::Device device(torch::cuda::is_available() ? torch::kCUDA : torch::kCPU);
  torch::jit::script::Module encoder = torch::jit::load(argv[1], device);
  encoder.to(torch::kHalf);
  encoder.eval();

  const std::unordered_map<std::string, int64_t> vocab{{"book", 2001}, {"a", 1037}, {"flight", 3462}};
  auto ids_vec = tokenize("book a flight", vocab, 16);
  auto input_ids = torch::tensor(ids_vec).unsqueeze(0).to(device);
  auto attention_mask = input_ids.ne(0).to(torch::kLong);

  torch::NoGradGuard no_grad;
  auto logits = encoder.forward({input_ids, attention_mask}).toTensor();
  std::cout << "intent " << logits.argmax(1).item<int64_t>() << "\n";
  return 0;
}
