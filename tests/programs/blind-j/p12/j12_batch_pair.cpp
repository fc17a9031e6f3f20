// Collates tabular samples into an (inputs, targets) pair for a small regression model.
#include <torch/torch.h>

#include <iostream>
#include <memory>
#include <utility>
#include <vector>

struct Sample {
  std::vector<float> features;
  float target;
};

std::pair<torch::Tensor, torch::Tensor> collate(const std::vector<Sample>& samples, int64_t dim) {
  const int64_t n = static_cast<int64_t>(samples.size());
  std::unique_ptr<float[]> buffer(new float[n * dim]);
  std::vector<float> targets;
  targets.reserve(samples.size());
  for (int64_t i = 0; i < n; ++i) {
    for (int64_t d = 0; d < dim; ++d) {
      buffer[i * dim + d] = samples[i].features[d];
    }
    targets.push_back(samples[i].target);
  }
  torch::Tensor x = torch::from_blob(buffer.get(), {n, dim});  //@bug J12 torch-from-blob-lifetime
  x.sub_(0.5).mul_(2.0);
  return std::make_pair(x, torch::tensor(targets).unsqueeze(1));
}

int main() {
  std::vector<Sample> data;
  for (int i = 0; i < 32; ++i) {
    data.push_back({{0.1f * i, 0.2f, 0.3f * (i % 3), 0.05f}, 0.5f * i});
  }
  torch::nn::Linear model(4, 1);
  torch::optim::Adam opt(model->parameters(), torch::optim::AdamOptions(1e-2));
  for (int epoch = 0; epoch < 3; ++epoch) {
    auto batch = collate(data, 4);
    auto loss = torch::mse_loss(model->forward(batch.first), batch.second);
    opt.zero_grad();
    loss.backward();
    opt.step();
    std::cout << "epoch " << epoch << " loss " << loss.item<float>() << "\n";
  }
  return 0;
}
