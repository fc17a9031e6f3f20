#include "reacher.h"

#include <torch/torch.h>

#include <algorithm>
#include <iostream>
#include <random>
#include <vector>

namespace nn = torch::nn;

int main() {
  torch::Device device(torch::kCPU);
  if (torch::cuda::is_available()) device = torch::Device(torch::kCUDA);
  constexpr int kObs = Reacher::kObsDim, kAct = Reacher::kActDim;
  constexpr int64_t kBatch = 128;

  nn::Sequential actor(nn::Linear(kObs, 128), nn::ReLU(), nn::Linear(128, 2 * kAct));
  nn::Sequential critic(nn::Linear(kObs + kAct, 128), nn::ReLU(), nn::Linear(128, 1));
  actor->to(device);
  critic->to(device);
  torch::optim::Adam critic_opt(critic->parameters(), torch::optim::AdamOptions(3e-4));

  std::vector<float> buf_obs, buf_act, buf_rew, buf_next;
  Reacher env(5);
  std::mt19937 rng(9);

  // Sampled minibatch columns go to the learner's device (may be a GPU).
  auto to_batch = [&](std::vector<float>& column, int64_t width) {
    return torch::from_blob(column.data(), {kBatch, width}, torch::dtype(torch::kFloat32).device(device));  //@bug P12A torch-from-blob-device
  };

  for (int episode = 0; episode < 300; ++episode) {
    env.reset();
    bool done = false;
    while (!done) {
      float obs_buf[kObs];
      env.observe(obs_buf);
      torch::Tensor obs = torch::from_blob(obs_buf, {1, kObs}, torch::device(device).dtype(torch::kFloat32));  //@bug P12B torch-from-blob-device
      torch::Tensor act;
      {
        torch::NoGradGuard no_grad;
        torch::Tensor out = actor->forward(obs);
        torch::Tensor mu = out.slice(1, 0, kAct), log_std = out.slice(1, kAct).clamp(-5.0, 1.0);
        act = torch::tanh(mu + log_std.exp() * torch::randn_like(mu)).cpu();
      }
      float torque[kAct] = {act[0][0].item<float>(), act[0][1].item<float>()};
      const float r = env.step(torque, done);
      float next_buf[kObs];
      env.observe(next_buf);
      buf_obs.insert(buf_obs.end(), obs_buf, obs_buf + kObs);
      buf_act.insert(buf_act.end(), torque, torque + kAct);
      buf_rew.push_back(r);
      buf_next.insert(buf_next.end(), next_buf, next_buf + kObs);
    }

    const int64_t size = static_cast<int64_t>(buf_rew.size());
    if (size < kBatch) continue;
    std::uniform_int_distribution<int64_t> pick(0, size - 1);
    std::vector<float> s(kBatch * kObs), a(kBatch * kAct), rew(kBatch), s2(kBatch * kObs);
    for (int64_t i = 0; i < kBatch; ++i) {
      const int64_t k = pick(rng);
      std::copy_n(buf_obs.begin() + k * kObs, kObs, s.begin() + i * kObs);
      std::copy_n(buf_act.begin() + k * kAct, kAct, a.begin() + i * kAct);
      std::copy_n(buf_next.begin() + k * kObs, kObs, s2.begin() + i * kObs);
      rew[static_cast<size_t>(i)] = buf_rew[static_cast<size_t>(k)];
    }
    torch::Tensor q = critic->forward(torch::cat({to_batch(s, kObs), to_batch(a, kAct)}, 1));
    torch::Tensor target;
    {
      torch::NoGradGuard no_grad;
      torch::Tensor next_obs = to_batch(s2, kObs);
      torch::Tensor next_act = torch::tanh(actor->forward(next_obs).slice(1, 0, kAct));
      target = to_batch(rew, 1) + 0.99 * critic->forward(torch::cat({next_obs, next_act}, 1));
    }
    torch::Tensor loss = torch::mse_loss(q, target);
    critic_opt.zero_grad();
    loss.backward();
    critic_opt.step();
    if (episode % 25 == 0) std::cout << "episode " << episode << " critic loss " << loss.item<float>() << "\n";
  }
  return 0;
}
