#include "vae_trainer.h"

#include <algorithm>
#include <fstream>

#include "latent_walk.h"

namespace F = torch::nn::functional;

VaeTrainer::VaeTrainer(const Runtime& rt)
    : cfg_(rt.cfg),
      device_(rt.device),
      model_(rt.cfg.input_dim, rt.cfg.hidden, rt.cfg.latent),
      optimizer_(model_->parameters(), torch::optim::AdamOptions(rt.cfg.lr)),
      ckpt_(rt.cfg.run_dir, rt.device) {
  model_->to(device_);
  if (cfg_.resume) {
    start_epoch_ = ckpt_.restore(model_, optimizer_);  //@bug P08A torch-device-mismatch|torch-load-without-device
  }
}

double VaeTrainer::train_epoch(const torch::Tensor& images, int64_t epoch) {
  model_->train();
  const double beta =
      std::min(1.0, static_cast<double>(epoch) / cfg_.kl_warmup_epochs);
  const int64_t n = images.size(0);
  auto perm = torch::randperm(n);
  double total = 0.0;
  for (int64_t start = 0; start < n; start += cfg_.batch_size) {
    const int64_t len = std::min(cfg_.batch_size, n - start);
    auto x = images.index_select(0, perm.narrow(0, start, len))
                 .view({len, cfg_.input_dim})
                 .to(device_, /*non_blocking=*/true);

    optimizer_.zero_grad();
    torch::Tensor recon, mu, logvar;
    std::tie(recon, mu, logvar) = model_->forward(x);  //@bug P08A torch-device-mismatch
    auto bce = F::binary_cross_entropy(
        recon, x, F::BinaryCrossEntropyFuncOptions().reduction(torch::kSum));
    auto kld = -0.5 * torch::sum(1.0 + logvar - mu.pow(2) - logvar.exp());
    auto loss = (bce + beta * kld) / static_cast<double>(len);
    loss.backward();
    optimizer_.step();
    total += loss.item<double>() * static_cast<double>(len);
  }
  if (epoch % cfg_.save_every == 0) ckpt_.save(model_, optimizer_, epoch);
  return total / static_cast<double>(n);
}

void VaeTrainer::write_latent_walk(const std::string& path, int64_t steps) {
  torch::NoGradGuard no_grad;
  model_->eval();
  auto z = slerp_walk(steps, cfg_.latent, device_);
  auto digits = model_->decode(z);  //@bug P08B torch-dtype-mismatch
  auto tile = tile_digits(digits, steps).contiguous();
  std::ofstream out(path, std::ios::binary);
  out << "P5\n" << tile.size(1) << " " << tile.size(0) << "\n255\n";
  out.write(reinterpret_cast<const char*>(tile.data_ptr<uint8_t>()),
            static_cast<std::streamsize>(tile.numel()));
}
