// DQN agent for CartPole: converts the environment state into a network input.
#include <torch/torch.h>

#include <iostream>
#include <random>

struct CartPoleState {
  double x, x_dot, theta, theta_dot;
};

struct QNetImpl : torch::nn::Module {
  QNetImpl() : fc1(register_module("fc1", torch::nn::Linear(4, 64))),
               fc2(register_module("fc2", torch::nn::Linear(64, 2))) {}
  torch::Tensor forward(torch::Tensor s) { return fc2(torch::relu(fc1(s))); }
  torch::nn::Linear fc1, fc2;
};
TORCH_MODULE(QNet);

class Agent {
 public:
  explicit Agent(double eps) : epsilon_(eps), rng_(42) {}

  torch::Tensor state_to_tensor(const CartPoleState& s) const {
    float obs[4] = {static_cast<float>(s.x), static_cast<float>(s.x_dot),
                    static_cast<float>(s.theta), static_cast<float>(s.theta_dot)};
    torch::Tensor t = torch::from_blob(obs, {4});  //@bug J04 torch-from-blob-lifetime
    return t.unsqueeze(0);
  }

  int act(const CartPoleState& s) {
    std::uniform_real_distribution<double> coin(0.0, 1.0);
    if (coin(rng_) < epsilon_) {
      return static_cast<int>(rng_() % 2);
    }
    torch::NoGradGuard guard;
    auto q = net_->forward(state_to_tensor(s));
    return static_cast<int>(q.argmax(1).item<int64_t>());
  }

 private:
  QNet net_;
  double epsilon_;
  std::mt19937 rng_;
};

int main() {
  Agent agent(0.1);
  CartPoleState s{0.0, 0.1, 0.02, -0.3};
  for (int t = 0; t < 5; ++t) {
    int a = agent.act(s);
    s.x += 0.02 * s.x_dot;
    s.x_dot += a == 1 ? 0.1 : -0.1;
    s.theta += 0.02 * s.theta_dot;
    std::cout << "t=" << t << " action=" << a << "\n";
  }
  return 0;
}
