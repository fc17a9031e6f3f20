#pragma once

#include <torch/torch.h>

#include <array>
#include <string>
#include <utility>
#include <vector>

// Predicts a k x k alignment matrix from a [B, k, N] point feature map.
struct TNetImpl : torch::nn::Module {
  explicit TNetImpl(int64_t k) : k_(k) {
    conv1 = register_module("conv1", torch::nn::Conv1d(k, 64, 1));
    conv2 = register_module("conv2", torch::nn::Conv1d(64, 128, 1));
    conv3 = register_module("conv3", torch::nn::Conv1d(128, 1024, 1));
    fc1 = register_module("fc1", torch::nn::Linear(1024, 512));
    fc2 = register_module("fc2", torch::nn::Linear(512, 256));
    fc3 = register_module("fc3", torch::nn::Linear(256, k * k));
    bn1 = register_module("bn1", torch::nn::BatchNorm1d(64));
    bn2 = register_module("bn2", torch::nn::BatchNorm1d(128));
    bn3 = register_module("bn3", torch::nn::BatchNorm1d(1024));
    bn4 = register_module("bn4", torch::nn::BatchNorm1d(512));
    bn5 = register_module("bn5", torch::nn::BatchNorm1d(256));
    // start from the identity transform
    torch::nn::init::zeros_(fc3->weight);
    torch::nn::init::zeros_(fc3->bias);
  }

  torch::Tensor forward(const torch::Tensor& x) {
    auto h = torch::relu(bn1(conv1(x)));
    h = torch::relu(bn2(conv2(h)));
    h = torch::relu(bn3(conv3(h)));
    h = std::get<0>(h.max(2));
    h = torch::relu(bn4(fc1(h)));
    h = torch::relu(bn5(fc2(h)));
    return fc3(h).view({-1, k_, k_});
  }

  int64_t k_;
  torch::nn::Conv1d conv1{nullptr}, conv2{nullptr}, conv3{nullptr};
  torch::nn::Linear fc1{nullptr}, fc2{nullptr}, fc3{nullptr};
  torch::nn::BatchNorm1d bn1{nullptr}, bn2{nullptr}, bn3{nullptr}, bn4{nullptr},
      bn5{nullptr};
};
TORCH_MODULE(TNet);

struct PointNetClsImpl : torch::nn::Module {
  explicit PointNetClsImpl(int64_t num_classes) {
    input_tnet = register_module("input_tnet", TNet(3));
    feature_tnet = register_module("feature_tnet", TNet(64));
    const std::array<int64_t, 2> dims{3, 64};
    for (size_t i = 0; i < dims.size(); ++i) {
      identities_.push_back(register_buffer(
          "identity" + std::to_string(i), torch::eye(dims[i]).unsqueeze(0)));
    }
    conv1 = register_module("conv1", torch::nn::Conv1d(3, 64, 1));
    conv2 = register_module("conv2", torch::nn::Conv1d(64, 128, 1));
    conv3 = register_module("conv3", torch::nn::Conv1d(128, 1024, 1));
    bn1 = register_module("bn1", torch::nn::BatchNorm1d(64));
    bn2 = register_module("bn2", torch::nn::BatchNorm1d(128));
    bn3 = register_module("bn3", torch::nn::BatchNorm1d(1024));
    fc1 = register_module("fc1", torch::nn::Linear(1024, 512));
    fc2 = register_module("fc2", torch::nn::Linear(512, 256));
    fc3 = register_module("fc3", torch::nn::Linear(256, num_classes));
    bn4 = register_module("bn4", torch::nn::BatchNorm1d(512));
    bn5 = register_module("bn5", torch::nn::BatchNorm1d(256));
    dropout = register_module("dropout", torch::nn::Dropout(0.3));
  }

  // points: [B, N, 3] -> (log-probabilities [B, C], feature transform [B, 64, 64])
  std::pair<torch::Tensor, torch::Tensor> forward(const torch::Tensor& points) {
    auto x = points.transpose(1, 2);  // [B, 3, N]
    auto t_in = input_tnet(x) + identities_[0];
    x = torch::bmm(t_in, x);
    x = torch::relu(bn1(conv1(x)));  // [B, 64, N]
    auto t_feat = feature_tnet(x) + identities_[1];
    x = torch::bmm(t_feat, x);
    x = torch::relu(bn2(conv2(x)));
    x = bn3(conv3(x));
    x = std::get<0>(x.max(2));  // global feature [B, 1024]
    x = torch::relu(bn4(fc1(x)));
    x = dropout(torch::relu(bn5(fc2(x))));
    return {torch::log_softmax(fc3(x), /*dim=*/1), t_feat};
  }

  TNet input_tnet{nullptr}, feature_tnet{nullptr};
  std::vector<torch::Tensor> identities_;
  torch::nn::Conv1d conv1{nullptr}, conv2{nullptr}, conv3{nullptr};
  torch::nn::BatchNorm1d bn1{nullptr}, bn2{nullptr}, bn3{nullptr}, bn4{nullptr},
      bn5{nullptr};
  torch::nn::Linear fc1{nullptr}, fc2{nullptr}, fc3{nullptr};
  torch::nn::Dropout dropout{nullptr};
};
TORCH_MODULE(PointNetCls);

// ||T T^T - I||_F^2 per sample, keeps the feature transform near-orthogonal.
inline torch::Tensor orthogonality_penalty(const torch::Tensor& t) {
  auto eye = torch::eye(t.size(1), t.options()).unsqueeze(0);
  return (torch::bmm(t, t.transpose(1, 2)) - eye).pow(2).sum({1, 2});
}
