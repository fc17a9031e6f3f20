#pragma once

#include <torch/torch.h>

// Two-layer GCN with a self-connection on the normalised adjacency:
//   H' = (A_norm + I) H W
struct GraphConvImpl : torch::nn::Module {
  GraphConvImpl(int64_t in, int64_t out)
      : lin(register_module("lin", torch::nn::Linear(in, out))) {}

  torch::Tensor forward(const torch::Tensor& x, const torch::Tensor& adj) {
    auto a_hat = adj + torch::eye(adj.size(0));  //@bug P08B torch-factory-missing-device|torch-device-mismatch
    return torch::matmul(a_hat, lin(x));  //@bug P08A torch-dtype-mismatch
  }

  torch::nn::Linear lin;
};
TORCH_MODULE(GraphConv);

struct GcnImpl : torch::nn::Module {
  GcnImpl(int64_t in, int64_t hidden, int64_t classes, double dropout)
      : conv1(register_module("conv1", GraphConv(in, hidden))),
        conv2(register_module("conv2", GraphConv(hidden, classes))),
        drop(register_module("drop", torch::nn::Dropout(dropout))) {}

  torch::Tensor forward(const torch::Tensor& x, const torch::Tensor& adj) {
    auto h = torch::relu(conv1(drop(x), adj));
    return conv2(drop(h), adj);  // [N, classes] logits
  }

  GraphConv conv1, conv2;
  torch::nn::Dropout drop;
};
TORCH_MODULE(Gcn);
