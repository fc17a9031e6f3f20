#include "sampler.h"

#include <fstream>
#include <iostream>

DdpmSampler::DdpmSampler(const DiffusionConfig& cfg, torch::Device device)
    : cfg_(cfg), device_(device), sched_(make_linear_schedule(cfg)) {
  model_ = Denoiser(cfg_.timesteps, cfg_.channels, cfg_.base_width,
                    cfg_.time_dim);
  torch::load(model_, cfg_.checkpoint, device_);
  model_->to(device_);
  model_->eval();
}

torch::Tensor DdpmSampler::p_mean(const torch::Tensor& x,
                                  const torch::Tensor& t,
                                  const torch::Tensor& eps) const {
  // mu = 1/sqrt(alpha_t) * (x_t - beta_t / sqrt(1 - alphabar_t) * eps)
  auto coef = extract(sched_.betas, t, x.dim()) /
              extract(sched_.sqrt_one_minus_alphas_cumprod, t, x.dim());
  return extract(sched_.sqrt_recip_alphas, t, x.dim()) * (x - coef * eps);  //@bug P03A torch-device-mismatch
}

torch::Tensor DdpmSampler::sample(int64_t n) {
  torch::NoGradGuard no_grad;
  torch::manual_seed(cfg_.seed);
  auto opts = torch::TensorOptions().dtype(torch::kFloat).device(device_);
  auto x = torch::randn({n, cfg_.channels, cfg_.image_size, cfg_.image_size},
                        opts);

  for (int64_t step = cfg_.timesteps - 1; step >= 0; --step) {
    auto t = torch::full({n}, step, torch::kLong);  //@bug P03B torch-factory-missing-device|torch-device-mismatch
    auto eps = model_->forward(x, t);  //@bug P03B torch-device-mismatch
    auto mean = p_mean(x, t, eps);
    if (step > 0) {
      auto var = extract(sched_.posterior_variance, t, x.dim());
      x = mean + torch::sqrt(var) * torch::randn_like(x);
    } else {
      x = mean;
    }
    if (cfg_.clip_denoised) {
      x = x.clamp(-1.0, 1.0);
    }
    if (step % 100 == 0) {
      std::cout << "step " << step << "  |x| " << x.abs().mean().item<float>()
                << "\n";
    }
  }
  return x;
}

void DdpmSampler::save_ppm(const torch::Tensor& images,
                           const std::string& prefix) const {
  auto u8 = ((images.detach().cpu() + 1.0) * 127.5)
                .clamp(0, 255)
                .to(torch::kUInt8)
                .permute({0, 2, 3, 1})
                .contiguous();
  const int64_t n = u8.size(0);
  const int64_t h = u8.size(1);
  const int64_t w = u8.size(2);
  for (int64_t i = 0; i < n; ++i) {
    auto img = u8[i];
    std::ofstream out(prefix + "_" + std::to_string(i) + ".ppm",
                      std::ios::binary);
    out << "P6\n" << w << " " << h << "\n255\n";
    out.write(reinterpret_cast<const char*>(img.data_ptr<uint8_t>()),
              h * w * 3);
  }
}
