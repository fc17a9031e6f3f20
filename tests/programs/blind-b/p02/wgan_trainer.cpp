#include "wgan_trainer.h"

#include <fstream>
#include <iostream>

namespace {

torch::optim::AdamOptions adam_options(const TrainOptions& o) {
  return torch::optim::AdamOptions(o.lr).betas(std::make_tuple(o.beta1, o.beta2));
}

}  // namespace

WGANTrainer::WGANTrainer(TrainOptions opts)
    : opts_(std::move(opts)),
      generator_(opts_.latent_dim, opts_.hidden_dim, opts_.data_dim),
      critic_(opts_.data_dim, opts_.hidden_dim),
      gen_optim_(generator_->parameters(), adam_options(opts_)),
      critic_optim_(critic_->parameters(), adam_options(opts_)) {
  // Module::to() swaps parameter storage in place, so the optimizers created
  // above keep pointing at the right tensors.
  generator_->to(opts_.device);
  critic_->to(opts_.device);
  fixed_noise_ = sample_noise(1024);
}

torch::Tensor WGANTrainer::sample_noise(int64_t n) const {
  return torch::randn({n, opts_.latent_dim},
                      torch::TensorOptions().device(opts_.device));
}

torch::Tensor WGANTrainer::gradient_penalty(const torch::Tensor& real,
                                            const torch::Tensor& fake) {
  const int64_t batch = real.size(0);
  auto alpha = torch::rand({batch, 1});  //@bug P02A torch-factory-missing-device|torch-device-mismatch
  alpha = alpha.expand_as(real);  //@bug P02A torch-device-mismatch
  auto interpolated = (alpha * real + (1 - alpha) * fake).requires_grad_(true);  //@bug P02A torch-device-mismatch

  auto scores = critic_->forward(interpolated);
  auto grads = torch::autograd::grad({scores}, {interpolated},
                                     {torch::ones_like(scores)},
                                     /*retain_graph=*/true,
                                     /*create_graph=*/true)[0];
  return (grads.norm(2, 1) - 1).pow(2).mean();
}

std::pair<double, double> WGANTrainer::step() {
  double critic_loss_value = 0.0;
  for (int64_t i = 0; i < opts_.critic_iters; ++i) {
    auto real = data_.sample(opts_.batch_size).to(opts_.device);
    torch::Tensor fake;
    {
      torch::NoGradGuard no_grad;
      fake = generator_->forward(sample_noise(opts_.batch_size));
    }

    critic_optim_.zero_grad();
    auto wasserstein = critic_->forward(fake).mean() - critic_->forward(real).mean();
    auto penalty = gradient_penalty(real, fake);
    auto critic_loss = wasserstein + opts_.lambda_gp * penalty;
    critic_loss.backward();
    critic_optim_.step();
    critic_loss_value = critic_loss.item<double>();
  }

  gen_optim_.zero_grad();
  auto gen_loss = -critic_->forward(generator_->forward(sample_noise(opts_.batch_size))).mean();
  gen_loss.backward();
  gen_optim_.step();
  return {critic_loss_value, gen_loss.item<double>()};
}

void WGANTrainer::dump_samples(int64_t iteration) {
  torch::NoGradGuard no_grad;
  generator_->eval();
  auto points = generator_->forward(fixed_noise_).cpu();
  generator_->train();

  std::ofstream out(opts_.out_dir + "/samples_" + std::to_string(iteration) + ".csv");
  auto acc = points.accessor<float, 2>();
  for (int64_t i = 0; i < acc.size(0); ++i) {
    out << acc[i][0] << "," << acc[i][1] << "\n";
  }
}

void WGANTrainer::train() {
  for (int64_t it = 1; it <= opts_.iterations; ++it) {
    auto [critic_loss, gen_loss] = step();
    if (it % opts_.log_every == 0) {
      std::cout << "[" << it << "] critic " << critic_loss << " gen " << gen_loss
                << std::endl;
      dump_samples(it);
    }
  }
  torch::save(generator_, opts_.out_dir + "/generator.pt");
  torch::save(critic_, opts_.out_dir + "/critic.pt");
}
