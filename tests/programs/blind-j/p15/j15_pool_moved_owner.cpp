// Silent: the unique_ptr block is moved into the pool's member list (memory lives on), and the other from_blob tensor is used only inside its function.
#include <torch/torch.h>

#include <iostream>
#include <memory>
#include <vector>

class StagingPool {
 public:
  torch::Tensor acquire(int64_t rows, int64_t cols) {
    auto block = std::make_unique<float[]>(static_cast<size_t>(rows * cols));
    for (int64_t i = 0; i < rows * cols; ++i) block[i] = static_cast<float>(i % 17);
    torch::Tensor staged = torch::from_blob(block.get(), {rows, cols});
    blocks_.push_back(std::move(block));
    return staged;
  }

  size_t blocks() const { return blocks_.size(); }

 private:
  std::vector<std::unique_ptr<float[]>> blocks_;
};

float mean_reward(const std::vector<double>& rewards) {
  std::vector<float> tmp(rewards.begin(), rewards.end());
  auto t = torch::from_blob(tmp.data(), {static_cast<int64_t>(tmp.size())});
  return t.mean().item<float>();
}

int main() {
  StagingPool pool;
  auto a = pool.acquire(8, 4);
  auto b = pool.acquire(8, 4);
  torch::nn::Linear layer(4, 2);
  auto out = layer->forward(torch::cat({a, b}));
  std::cout << out.sizes() << " from " << pool.blocks() << " blocks\n";
  std::cout << "mean reward " << mean_reward({1.0, 0.0, -1.0, 2.5}) << "\n";
  return 0;
}
