#pragma once

#include <torch/torch.h>

#include "config.h"

// Sketch-RNN style classifier: two 1-D convolutions over the stroke-3
// sequence, a 2-layer bidirectional LSTM over the packed sequence, and a
// linear layer on the final hidden states of both directions.
struct SketchNetImpl : torch::nn::Module {
  SketchNetImpl(int64_t num_classes, int64_t hidden, const torch::Tensor& delta_scale)
      : conv1(register_module("conv1", torch::nn::Conv1d(torch::nn::Conv1dOptions(3, 48, 5).padding(2)))),
        conv2(register_module("conv2", torch::nn::Conv1d(torch::nn::Conv1dOptions(48, 64, 5).padding(2)))),
        lstm(register_module("lstm", torch::nn::LSTM(torch::nn::LSTMOptions(64, hidden)
                                                         .num_layers(2)
                                                         .bidirectional(true)
                                                         .batch_first(true)
                                                         .dropout(0.3)))),
        drop(register_module("drop", torch::nn::Dropout(0.3))),
        fc(register_module("fc", torch::nn::Linear(2 * hidden, num_classes))) {
    // The statistics come in float64; the buffer is stored as float32 so
    // that it moves and saves with the weights.
    scale = register_buffer("delta_scale", delta_scale.to(torch::kFloat32).view({1, 1, 2}));
  }

  // points: [B, T, 3] on the model's device; lengths: [B] int64 on the host.
  torch::Tensor forward(const torch::Tensor& points, const torch::Tensor& lengths) {
    auto xy = points.slice(2, 0, 2) / scale;
    auto x = torch::cat({xy, points.slice(2, 2, 3)}, 2).transpose(1, 2);  // [B, 3, T]
    x = torch::relu(conv1->forward(x));
    x = torch::relu(conv2->forward(x)).transpose(1, 2);  // [B, T, 64]
    auto packed = torch::nn::utils::rnn::pack_padded_sequence(x, lengths, /*batch_first=*/true,
                                                              /*enforce_sorted=*/false);
    auto h_n = std::get<0>(std::get<1>(lstm->forward_with_packed_input(packed)));  // [4, B, H]
    auto last = torch::cat({h_n[-2], h_n[-1]}, 1);  // last layer, both directions
    return fc->forward(drop->forward(last));
  }

  torch::nn::Conv1d conv1, conv2;
  torch::nn::LSTM lstm;
  torch::nn::Dropout drop;
  torch::nn::Linear fc;
  torch::Tensor scale;
};
TORCH_MODULE(SketchNet);

SketchNet build_sketch_net(const Config& cfg, int64_t num_classes, const torch::Tensor& delta_scale);
