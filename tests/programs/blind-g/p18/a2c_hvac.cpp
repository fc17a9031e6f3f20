#include "building_env.h"

#include <torch/torch.h>

#include <cmath>
#include <iostream>
#include <vector>

namespace nn = torch::nn;

// Synchronous A2C over 32 simulated floors at once.
int main() {
  constexpr int kEnvs = 32;
  constexpr int kObs = BuildingEnv::kObsDim;
  constexpr int kSteps = 16;
  const torch::Device device = torch::cuda::is_available() ? torch::kCUDA : torch::kCPU;

  nn::Sequential body(nn::Linear(kObs, 64), nn::Tanh(), nn::Linear(64, 64), nn::Tanh());
  nn::Linear policy_head(64, BuildingEnv::kActions), value_head(64, 1);
  body->to(device);
  policy_head->to(device);
  value_head->to(device);
  std::vector<torch::Tensor> params = body->parameters();
  for (const auto& p : policy_head->parameters()) params.push_back(p);
  for (const auto& p : value_head->parameters()) params.push_back(p);
  torch::optim::RMSprop opt(params, torch::optim::RMSpropOptions(7e-4));

  std::vector<BuildingEnv> envs;
  for (int e = 0; e < kEnvs; ++e) envs.emplace_back(100u + static_cast<unsigned>(e));
  std::vector<float> obs_buf(kEnvs * kObs);

  for (int update = 0; update < 2000; ++update) {
    std::vector<torch::Tensor> log_probs, values, rewards, entropies;
    for (int t = 0; t < kSteps; ++t) {
      for (int e = 0; e < kEnvs; ++e) envs[static_cast<size_t>(e)].observe(obs_buf.data() + e * kObs);
      torch::Tensor obs = torch::tensor(obs_buf).view({kEnvs, kObs}).to(device);
      torch::Tensor h = body->forward(obs);
      torch::Tensor logp_all = torch::log_softmax(policy_head->forward(h), 1);
      torch::Tensor actions = torch::multinomial(logp_all.exp(), 1).squeeze(1);  // [kEnvs] int64

      std::vector<float> r(kEnvs);
      for (int e = 0; e < kEnvs; ++e) {
        r[static_cast<size_t>(e)] = envs[static_cast<size_t>(e)].step(actions[e].item<int64_t>());  //@bug P18A torch-device-access-in-loop
      }
      log_probs.push_back(logp_all.gather(1, actions.unsqueeze(1)).squeeze(1));
      entropies.push_back(-(logp_all.exp() * logp_all).sum(1));
      values.push_back(value_head->forward(h).squeeze(1));
      rewards.push_back(torch::tensor(r).to(device));
    }

    torch::Tensor ret = torch::zeros({kEnvs}, torch::TensorOptions().device(device));
    std::vector<torch::Tensor> returns(kSteps);
    for (int t = kSteps - 1; t >= 0; --t) {
      ret = rewards[static_cast<size_t>(t)] + 0.99 * ret;
      returns[static_cast<size_t>(t)] = ret;
    }
    torch::Tensor R = torch::stack(returns), V = torch::stack(values);
    torch::Tensor adv = (R - V).detach();
    torch::Tensor loss = -(torch::stack(log_probs) * adv).mean() + 0.5 * (R - V).pow(2).mean() -
                         0.01 * torch::stack(entropies).mean();
    opt.zero_grad();
    loss.backward();
    opt.step();
    if (update % 100 == 0) {
      std::cout << "update " << update << " loss " << loss.item<float>() << " mean reward "
                << R.mean().item<float>() << "\n";
    }
  }
  return 0;
}
