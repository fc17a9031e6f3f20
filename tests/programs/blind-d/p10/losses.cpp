#include "losses.h"

torch::Tensor gram_matrix(const torch::Tensor& features) {
  const int64_t B = features.size(0);
  const int64_t C = features.size(1);
  auto flat = features.reshape({B, C, -1});
  return torch::bmm(flat, flat.transpose(1, 2)) /
         static_cast<double>(C * flat.size(2));
}

torch::Tensor style_loss(const std::vector<torch::Tensor>& features,
                         const std::vector<torch::Tensor>& style_grams) {
  auto loss = torch::zeros({}, features.front().options());
  for (size_t i = 0; i < features.size(); ++i) {
    auto g = gram_matrix(features[i]);
    loss = loss + torch::mse_loss(g, style_grams[i].expand_as(g));  //@bug P10A torch-device-mismatch
  }
  return loss;
}

torch::Tensor imagenet_normalize(const torch::Tensor& x) {
  auto mean = torch::tensor({0.485, 0.456, 0.406}, x.options()).view({1, 3, 1, 1});
  auto stdv = torch::tensor({0.229, 0.224, 0.225}, x.options()).view({1, 3, 1, 1});
  return (x - mean) / stdv;
}

torch::Tensor total_variation(const torch::Tensor& img) {
  const int64_t H = img.size(2);
  const int64_t W = img.size(3);
  auto dh = img.narrow(2, 1, H - 1) - img.narrow(2, 0, H - 1);
  auto dw = img.narrow(3, 1, W - 1) - img.narrow(3, 0, W - 1);
  return dh.abs().sum() + dw.abs().sum();
}
