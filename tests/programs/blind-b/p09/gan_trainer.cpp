#include "gan_trainer.h"

#include <fstream>
#include <iostream>

namespace F = torch::nn::functional;

namespace {

void init_weights(torch::nn::Module& module) {
  torch::NoGradGuard no_grad;
  if (auto* conv = module.as<torch::nn::Conv2d>()) {
    torch::nn::init::normal_(conv->weight, 0.0, 0.02);
  } else if (auto* deconv = module.as<torch::nn::ConvTranspose2d>()) {
    torch::nn::init::normal_(deconv->weight, 0.0, 0.02);
  } else if (auto* bn = module.as<torch::nn::BatchNorm2d>()) {
    torch::nn::init::normal_(bn->weight, 1.0, 0.02);
    torch::nn::init::zeros_(bn->bias);
  }
}

torch::optim::AdamOptions adam(const GanOptions& o) {
  return torch::optim::AdamOptions(o.lr).betas(std::make_tuple(o.beta1, 0.999));
}

}  // namespace

GanTrainer::GanTrainer(const GanOptions& options)
    : options_(options),
      device_(options.device()),
      generator_(options.latent_dim, options.gen_features, options.channels),
      discriminator_(options.disc_features, options.channels),
      gen_opt_(generator_->parameters(), adam(options)),
      disc_opt_(discriminator_->parameters(), adam(options)),
      paths_(options.checkpoint_dir) {
  generator_->apply(init_weights);
  discriminator_->apply(init_weights);
  generator_->to(device_);
  discriminator_->to(device_);
  if (options_.resume) {
    load_checkpoint(paths_, generator_, discriminator_, gen_opt_, disc_opt_, device_);
  }
  fixed_noise_ = torch::randn({64, options_.latent_dim}, torch::TensorOptions().device(device_));
}

void GanTrainer::train_step(const torch::Tensor& real, double& d_loss, double& g_loss) {
  const int64_t batch = real.size(0);
  auto real_targets = torch::full({batch}, options_.real_label,
                                  torch::TensorOptions().device(device()));
  auto fake_targets = torch::zeros_like(real_targets);

  auto noise = torch::randn({batch, options_.latent_dim}, real.options());
  auto fake = generator_->forward(noise);

  disc_opt_.zero_grad();
  auto loss_real = F::binary_cross_entropy_with_logits(discriminator_->forward(real), real_targets);
  auto loss_fake =
      F::binary_cross_entropy_with_logits(discriminator_->forward(fake.detach()), fake_targets);
  auto disc_loss = (loss_real + loss_fake) * 0.5;
  disc_loss.backward();
  disc_opt_.step();

  gen_opt_.zero_grad();
  auto gen_loss = F::binary_cross_entropy_with_logits(discriminator_->forward(fake),
                                                      torch::ones_like(real_targets));
  gen_loss.backward();
  gen_opt_.step();

  d_loss = disc_loss.item<double>();
  g_loss = gen_loss.item<double>();
}

double GanTrainer::feature_distance(int64_t samples) {
  torch::NoGradGuard no_grad;
  auto feature_net = torch::jit::load(options_.inception_path, device_);
  feature_net.eval();

  BlobImages reference(samples, options_.channels, options_.image_size);
  std::vector<torch::Tensor> real_images;
  for (int64_t i = 0; i < samples; ++i) real_images.push_back(reference.get(i).data);
  auto real = torch::stack(real_images).to(device_);

  generator_->eval();
  auto fake = generator_->forward(
      torch::randn({samples, options_.latent_dim}, torch::TensorOptions().device(device_)));
  generator_->train();

  auto embed = [&](const torch::Tensor& images) {
    return feature_net.forward({images}).toTensor();
  };
  auto mu_real = embed(real).mean(0);
  auto mu_fake = embed(fake).mean(0);
  return (mu_real - mu_fake).pow(2).sum().item<double>();
}

void GanTrainer::write_ppm(const torch::Tensor& images, const std::string& path) const {
  // images: [N, C, H, W] in [-1, 1], on any device.
  auto grid = images.detach().cpu().add(1).mul(127.5).clamp(0, 255).to(torch::kUInt8);
  const int64_t n = grid.size(0), h = grid.size(2), w = grid.size(3);
  auto tiles = grid.permute({2, 0, 3, 1}).reshape({h, n * w, 3}).contiguous();
  std::ofstream out(path, std::ios::binary);
  out << "P6\n" << n * w << " " << h << "\n255\n";
  out.write(reinterpret_cast<const char*>(tiles.data_ptr<uint8_t>()), tiles.numel());
}

void GanTrainer::train() {
  auto dataset = BlobImages(20000, options_.channels, options_.image_size)
                     .map(torch::data::transforms::Stack<>());
  auto loader = torch::data::make_data_loader(
      std::move(dataset), torch::data::DataLoaderOptions().batch_size(options_.batch_size).workers(4));

  for (int64_t epoch = 1; epoch <= options_.epochs; ++epoch) {
    double d_loss = 0.0, g_loss = 0.0;
    int64_t step = 0;
    for (auto& batch : *loader) {
      train_step(batch.data.to(device()), d_loss, g_loss);
      if (++step % 100 == 0) {
        std::cout << "epoch " << epoch << " step " << step << " D " << d_loss << " G "
                  << g_loss << std::endl;
      }
    }
    {
      torch::NoGradGuard no_grad;
      generator_->eval();
      write_ppm(generator_->forward(fixed_noise_).narrow(0, 0, 8),
                options_.checkpoint_dir + "/epoch_" + std::to_string(epoch) + ".ppm");
      generator_->train();
    }
    save_checkpoint(paths_, generator_, discriminator_, gen_opt_, disc_opt_);
  }
}
