#include "gan_trainer.h"

#include <fstream>
#include <iostream>

GanTrainer::GanTrainer(const GanOptions& opts)
    : opts_(opts),
      device_(opts.device()),
      generator_(opts.z_dim, opts.num_classes, opts.g_width, opts.channels),
      critic_(opts.channels, opts.num_classes, opts.d_width),
      g_opt_(generator_->parameters(),
             torch::optim::AdamOptions(opts.g_lr).betas({opts.beta1, opts.beta2})),
      d_opt_(critic_->parameters(),
             torch::optim::AdamOptions(opts.d_lr).betas({opts.beta1, opts.beta2})) {
  generator_->to(device_);
  critic_->to(device_);
  auto opts_dev = torch::TensorOptions().device(device_);
  fixed_z_ = torch::randn({opts_.num_classes * 8, opts_.z_dim}, opts_dev);
  fixed_labels_ = torch::arange(opts_.num_classes, opts_dev.dtype(torch::kLong))
                      .repeat_interleave(8);
}

StepLosses GanTrainer::step(const LabeledBatch& batch) {
  StepLosses out;
  auto real = batch.images.to(device_);
  auto labels = batch.labels;  //@bug P09A torch-device-mismatch
  const int64_t b = real.size(0);
  auto label_opts = torch::TensorOptions().dtype(torch::kLong).device(device_);

  // --- critic: hinge loss ---
  for (int64_t k = 0; k < opts_.critic_steps; ++k) {
    auto z = torch::randn({b, opts_.z_dim}, real.options());
    auto fake_labels = torch::randint(0, opts_.num_classes, {b}, label_opts);
    auto fake = generator_->forward(z, fake_labels).detach();

    auto d_real = critic_->forward(real, labels);  //@bug P09A torch-device-mismatch
    auto d_fake = critic_->forward(fake, fake_labels);
    auto d_loss = torch::relu(1.0 - d_real).mean() + torch::relu(1.0 + d_fake).mean();
    d_opt_.zero_grad();
    d_loss.backward();
    d_opt_.step();
    out.d_loss = d_loss.item<double>();
  }

  // --- generator ---
  auto z = torch::randn({b, opts_.z_dim}, real.options());
  auto gen_labels = torch::randint(0, opts_.num_classes, {b}, label_opts);
  auto g_loss = -critic_->forward(generator_->forward(z, gen_labels), gen_labels).mean();
  g_opt_.zero_grad();
  g_loss.backward();
  g_opt_.step();
  out.g_loss = g_loss.item<double>();
  return out;
}

void GanTrainer::run(DigitsLoader& loader) {
  for (int64_t epoch = 1; epoch <= opts_.epochs; ++epoch) {
    loader.reshuffle();
    StepLosses last;
    for (size_t i = 0; i < loader.num_batches(); ++i) {
      last = step(loader.batch(i));
      if (i % 200 == 0) {
        std::cout << "epoch " << epoch << " batch " << i << "  D "
                  << last.d_loss << "  G " << last.g_loss << "\n";
      }
    }
    write_samples(opts_.out_dir + "/epoch_" + std::to_string(epoch) + ".pgm");
    torch::save(generator_, opts_.out_dir + "/generator.pt");
    torch::save(critic_, opts_.out_dir + "/critic.pt");
  }
}

void GanTrainer::write_samples(const std::string& path) {
  torch::NoGradGuard no_grad;
  generator_->eval();
  auto imgs = generator_->forward(fixed_z_, fixed_labels_);
  generator_->train();
  // [N, 1, 28, 28] in [-1, 1] -> one grid, rows = classes
  const int64_t n_cls = opts_.num_classes;
  const int64_t s = opts_.image_size;
  auto grid = imgs.view({n_cls, 8, s, s})
                  .permute({0, 2, 1, 3})
                  .reshape({n_cls * s, 8 * s})
                  .add(1.0)
                  .mul(127.5)
                  .clamp(0, 255)
                  .to(torch::kUInt8)
                  .cpu()
                  .contiguous();
  std::ofstream out(path, std::ios::binary);
  out << "P5\n" << grid.size(1) << " " << grid.size(0) << "\n255\n";
  out.write(reinterpret_cast<const char*>(grid.data_ptr<uint8_t>()),
            grid.numel());
}
