#pragma once

#include <torch/torch.h>

#include <utility>

// Convolutional-recurrent text recogniser. Input [B, 1, 32, W]; output
// log-probabilities [T = W / 4, B, num_classes] laid out for CTC.
struct CRNNImpl : torch::nn::Module {
  CRNNImpl(int64_t num_classes, int64_t hidden)
      : conv1(register_module(
            "conv1",
            torch::nn::Conv2d(torch::nn::Conv2dOptions(1, 32, 3).padding(1)))),
        bn1(register_module("bn1", torch::nn::BatchNorm2d(32))),
        conv2(register_module(
            "conv2",
            torch::nn::Conv2d(torch::nn::Conv2dOptions(32, 64, 3).padding(1)))),
        bn2(register_module("bn2", torch::nn::BatchNorm2d(64))),
        conv3(register_module(
            "conv3",
            torch::nn::Conv2d(torch::nn::Conv2dOptions(64, 128, 3).padding(1)))),
        bn3(register_module("bn3", torch::nn::BatchNorm2d(128))),
        rnn(register_module(
            "rnn", torch::nn::LSTM(torch::nn::LSTMOptions(128 * 4, hidden)
                                       .num_layers(2)
                                       .bidirectional(true)
                                       .dropout(0.2)))),
        fc(register_module("fc", torch::nn::Linear(2 * hidden, num_classes))) {}

  torch::Tensor forward(torch::Tensor x) {
    x = torch::max_pool2d(torch::relu(bn1(conv1(x))), 2);  //@bug P01A torch-device-mismatch
    x = torch::max_pool2d(torch::relu(bn2(conv2(x))), 2);
    x = torch::relu(bn3(conv3(x)));
    x = torch::max_pool2d(x, {2, 1});                // [B, 128, 4, W/4]
    x = x.permute({3, 0, 1, 2}).flatten(2);          // [T, B, 512]
    auto seq = std::get<0>(rnn->forward(x));         // [T, B, 2H]
    return torch::log_softmax(fc(seq), /*dim=*/2);   // [T, B, C]
  }

  torch::nn::Conv2d conv1;
  torch::nn::BatchNorm2d bn1;
  torch::nn::Conv2d conv2;
  torch::nn::BatchNorm2d bn2;
  torch::nn::Conv2d conv3;
  torch::nn::BatchNorm2d bn3;
  torch::nn::LSTM rnn;
  torch::nn::Linear fc;
};
TORCH_MODULE(CRNN);
