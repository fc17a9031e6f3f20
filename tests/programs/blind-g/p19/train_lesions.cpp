#include "lesion_data.h"

#include <algorithm>
#include <iostream>

namespace nn = torch::nn;
namespace F = torch::nn::functional;

nn::Sequential make_net() {
  nn::Sequential net;
  int64_t in = 3;
  for (int64_t out : {32, 64, 128, 128}) {
    net->push_back(nn::Conv2d(nn::Conv2dOptions(in, out, 3).padding(1)));
    net->push_back(nn::BatchNorm2d(out));
    net->push_back(nn::ReLU());
    net->push_back(nn::MaxPool2d(2));
    in = out;
  }
  net->push_back(nn::AdaptiveAvgPool2d(1));
  net->push_back(nn::Flatten());
  net->push_back(nn::Dropout(0.3));
  net->push_back(nn::Linear(128, LesionData::kClasses));
  return net;
}

int main(int argc, char** argv) {
  if (argc != 3) {
    std::cerr << "usage: train_lesions TRAIN.csv OUT.pt\n";
    return 2;
  }
  const torch::Device device = torch::cuda::is_available() ? torch::kCUDA : torch::kCPU;
  LesionData data(argv[1]);

  // Inverse-frequency class weights: melanoma is rare but must not be missed.
  std::vector<int64_t> counts = data.label_counts();
  std::vector<float> w;
  for (int64_t c : counts) w.push_back(static_cast<float>(data.size()) / (LesionData::kClasses * std::max<int64_t>(c, 1)));
  const torch::Tensor class_weights = torch::tensor(w);
  const torch::Tensor pixel_mean = torch::tensor({0.76f, 0.55f, 0.58f}).view({1, 3, 1, 1});
  const torch::Tensor pixel_std = torch::tensor({0.14f, 0.15f, 0.17f}).view({1, 3, 1, 1});

  nn::Sequential net = make_net();
  net->to(device);
  torch::optim::AdamW opt(net->parameters(), torch::optim::AdamWOptions(1e-3).weight_decay(1e-4));

  for (int epoch = 0; epoch < 30; ++epoch) {
    net->train();
    int64_t step = 0;
    for (const LesionBatch& b : data.shuffled_batches(32, static_cast<uint64_t>(epoch))) {
      torch::Tensor x = (b.images.to(device) - pixel_mean.to(device)) / pixel_std.to(device);  //@bug P19A torch-device-access-in-loop
      torch::Tensor y = b.labels.to(device);
      torch::Tensor logits = net->forward(x);
      torch::Tensor loss = F::cross_entropy(logits, y, F::CrossEntropyFuncOptions().weight(class_weights.to(device)));  //@bug P19B torch-device-access-in-loop
      opt.zero_grad();
      loss.backward();
      opt.step();
      if (step++ % 20 == 0) std::cout << "epoch " << epoch << " step " << step << " loss " << loss.item<float>() << "\n";
    }
  }
  torch::save(net, argv[2]);
  return 0;
}
