#pragma once

#include <torch/torch.h>

namespace F = torch::nn::functional;

// Residual block conditioned on the timestep embedding.
struct TimeResBlockImpl : torch::nn::Module {
  TimeResBlockImpl(int64_t channels, int64_t time_dim)
      : norm1(register_module("norm1", torch::nn::GroupNorm(8, channels))),
        conv1(register_module(
            "conv1", torch::nn::Conv2d(torch::nn::Conv2dOptions(channels, channels, 3).padding(1)))),
        time_proj(register_module("time_proj", torch::nn::Linear(time_dim, channels))),
        norm2(register_module("norm2", torch::nn::GroupNorm(8, channels))),
        conv2(register_module(
            "conv2", torch::nn::Conv2d(torch::nn::Conv2dOptions(channels, channels, 3).padding(1)))) {}

  torch::Tensor forward(const torch::Tensor& x, const torch::Tensor& temb) {
    auto h = conv1->forward(F::silu(norm1->forward(x)));
    h = h + time_proj->forward(F::silu(temb)).unsqueeze(-1).unsqueeze(-1);
    h = conv2->forward(F::silu(norm2->forward(h)));
    return x + h;
  }

  torch::nn::GroupNorm norm1;
  torch::nn::Conv2d conv1;
  torch::nn::Linear time_proj;
  torch::nn::GroupNorm norm2;
  torch::nn::Conv2d conv2;
};
TORCH_MODULE(TimeResBlock);

// A small noise-prediction network eps_theta(x_t, t).
struct DenoiserImpl : torch::nn::Module {
  DenoiserImpl(int64_t timesteps, int64_t channels, int64_t width,
               int64_t time_dim)
      : time_embed(register_module("time_embed",
                                   torch::nn::Embedding(timesteps, time_dim))),
        time_mlp(register_module(
            "time_mlp",
            torch::nn::Sequential(torch::nn::Linear(time_dim, time_dim),
                                  torch::nn::SiLU(),
                                  torch::nn::Linear(time_dim, time_dim)))),
        stem(register_module(
            "stem", torch::nn::Conv2d(torch::nn::Conv2dOptions(channels, width, 3).padding(1)))),
        block1(register_module("block1", TimeResBlock(width, time_dim))),
        block2(register_module("block2", TimeResBlock(width, time_dim))),
        head(register_module(
            "head", torch::nn::Conv2d(torch::nn::Conv2dOptions(width, channels, 3).padding(1)))) {}

  torch::Tensor forward(const torch::Tensor& x, const torch::Tensor& t) {
    auto temb = time_mlp->forward(time_embed->forward(t));  //@bug P03B torch-device-mismatch
    auto h = stem->forward(x);
    h = block1->forward(h, temb);
    h = block2->forward(h, temb);
    return head->forward(F::silu(h));
  }

  torch::nn::Embedding time_embed;
  torch::nn::Sequential time_mlp;
  torch::nn::Conv2d stem;
  TimeResBlock block1;
  TimeResBlock block2;
  torch::nn::Conv2d head;
};
TORCH_MODULE(Denoiser);
