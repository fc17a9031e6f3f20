#include "restock_env.h"

#include <torch/torch.h>

#include <iostream>
#include <numeric>
#include <random>
#include <vector>

struct ActorCriticImpl : torch::nn::Module {
  ActorCriticImpl(int64_t obs_dim, int64_t n_actions, int64_t hidden)
      : body(register_module("body", torch::nn::Linear(obs_dim, hidden))),
        pi(register_module("pi", torch::nn::Linear(hidden, n_actions))),
        v(register_module("v", torch::nn::Linear(hidden, 1))) {}

  std::pair<torch::Tensor, torch::Tensor> forward(const torch::Tensor& obs) {
    torch::Tensor h = torch::tanh(body->forward(obs));
    return {pi->forward(h), v->forward(h).squeeze(-1)};
  }

  torch::nn::Linear body, pi, v;
};
TORCH_MODULE(ActorCritic);

int main() {
  const torch::Device device = torch::cuda::is_available() ? torch::kCUDA : torch::kCPU;
  constexpr int kHorizon = 90;
  const float gamma = 0.99f, lam = 0.95f;

  ActorCritic net(RestockEnv::kObsDim, RestockEnv::kActions, 64);
  net->to(device);
  torch::optim::Adam opt(net->parameters(), torch::optim::AdamOptions(3e-4));
  RestockEnv env(7);
  std::mt19937 rng(11);

  for (int iter = 0; iter < 200; ++iter) {
    std::vector<float> obs_log, rewards;
    std::vector<int64_t> actions;
    std::vector<torch::Tensor> values;
    auto obs = env.reset();
    {
      torch::NoGradGuard no_grad;
      for (int t = 0; t < kHorizon; ++t) {
        obs_log.insert(obs_log.end(), obs.begin(), obs.end());
        torch::Tensor x = torch::from_blob(obs.data(), {1, RestockEnv::kObsDim}, torch::kFloat32).to(device);
        auto out = net->forward(x);
        torch::Tensor probs = torch::softmax(out.first, -1).squeeze(0).contiguous();
        const float* p = probs.data_ptr<float>();  //@bug P04A torch-host-read-device-tensor
        std::discrete_distribution<int> policy(p, p + RestockEnv::kActions);
        const int a = policy(rng);
        bool done = false;
        rewards.push_back(env.step(a, done));
        actions.push_back(a);
        values.push_back(out.second);
        obs = env.observe();
        if (done) break;
      }
    }
    const int64_t n = static_cast<int64_t>(rewards.size());
    torch::Tensor v_all = torch::cat(values);
    const float* vp = v_all.data_ptr<float>();  //@bug P04B torch-host-read-device-tensor
    std::vector<float> v(vp, vp + n);
    std::vector<float> adv(static_cast<size_t>(n)), ret(static_cast<size_t>(n));
    float gae = 0.0f;
    for (int64_t t = n - 1; t >= 0; --t) {
      const float next_v = t + 1 < n ? v[t + 1] : 0.0f;
      const float delta = rewards[t] + gamma * next_v - v[t];
      gae = delta + gamma * lam * gae;
      adv[t] = gae;
      ret[t] = gae + v[t];
    }

    torch::Tensor obs_b = torch::tensor(obs_log).view({n, RestockEnv::kObsDim}).to(device);
    torch::Tensor act_b = torch::tensor(actions).to(device);
    torch::Tensor adv_b = torch::tensor(adv).to(device);
    torch::Tensor ret_b = torch::tensor(ret).to(device);
    adv_b = (adv_b - adv_b.mean()) / (adv_b.std() + 1e-8);

    auto out = net->forward(obs_b);
    torch::Tensor logp = torch::log_softmax(out.first, -1).gather(1, act_b.unsqueeze(1)).squeeze(1);
    torch::Tensor loss = -(logp * adv_b).mean() + 0.5 * (out.second - ret_b).pow(2).mean();
    opt.zero_grad();
    loss.backward();
    opt.step();
    if (iter % 20 == 0) {
      std::cout << "iter " << iter << " return " << std::accumulate(rewards.begin(), rewards.end(), 0.0f)
                << " loss " << loss.item<float>() << "\n";
    }
  }
  return 0;
}
