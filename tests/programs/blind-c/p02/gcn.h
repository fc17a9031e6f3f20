#pragma once

#include <torch/torch.h>

namespace F = torch::nn::functional;

// One graph convolution: H' = A_hat * (H W).
struct GraphConvImpl : torch::nn::Module {
  GraphConvImpl(int64_t in_features, int64_t out_features)
      : linear(register_module(
            "linear", torch::nn::Linear(torch::nn::LinearOptions(
                                            in_features, out_features)
                                            .bias(false)))) {
    bias = register_parameter("bias", torch::zeros({out_features}));
  }

  torch::Tensor forward(const torch::Tensor& x, const torch::Tensor& adj) {
    auto support = linear->forward(x);
    return torch::mm(adj, support) + bias;  //@bug P02A torch-dtype-mismatch
  }

  torch::nn::Linear linear;
  torch::Tensor bias;
};
TORCH_MODULE(GraphConv);

struct GcnImpl : torch::nn::Module {
  GcnImpl(int64_t in_features, int64_t hidden, int64_t num_classes,
          double dropout)
      : conv1(register_module("conv1", GraphConv(in_features, hidden))),
        conv2(register_module("conv2", GraphConv(hidden, num_classes))),
        p(dropout) {}

  torch::Tensor forward(torch::Tensor x, const torch::Tensor& adj) {
    x = F::dropout(x, F::DropoutFuncOptions().p(p).training(is_training()));
    x = torch::relu(conv1->forward(x, adj));
    x = F::dropout(x, F::DropoutFuncOptions().p(p).training(is_training()));
    return F::log_softmax(conv2->forward(x, adj), /*dim=*/1);
  }

  GraphConv conv1;
  GraphConv conv2;
  double p;
};
TORCH_MODULE(Gcn);
