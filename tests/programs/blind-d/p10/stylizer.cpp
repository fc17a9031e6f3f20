#include "stylizer.h"

#include "image_io.h"
#include "losses.h"

Stylizer::Stylizer(const StyleConfig& cfg)
    : cfg_(cfg),
      device_(cfg.device),
      optimizer_(net_->parameters(), torch::optim::AdamOptions(cfg.lr)) {
  // Load on the host: the style targets are computed there, and the trunk is
  // moved to the training device together with the transformer below.
  torch::load(vgg_, cfg_.vgg_weights, torch::Device(torch::kCPU));
  vgg_->eval();
  for (auto& p : vgg_->parameters()) p.requires_grad_(false);

  // The style targets never change during training: compute them once.
  {
    torch::NoGradGuard no_grad;
    auto style = imagenet_normalize(load_image(cfg_.style_image, cfg_.style_size));  //@bug P10A torch-device-mismatch
    for (const auto& f : vgg_->forward(style)) {
      style_grams_.push_back(gram_matrix(f));  //@bug P10A torch-device-mismatch
    }
  }

  net_->to(device_);
  vgg_->to(device_);
}

double Stylizer::train_step(const torch::Tensor& content) {
  net_->train();
  auto x = content.to(device_, /*non_blocking=*/true);

  std::vector<torch::Tensor> content_feats;
  {
    torch::NoGradGuard no_grad;
    content_feats = vgg_->forward(imagenet_normalize(x));
  }

  optimizer_.zero_grad();
  auto y = net_->forward(x);
  auto feats = vgg_->forward(imagenet_normalize(y));
  auto c_loss = cfg_.content_weight * torch::mse_loss(feats[1], content_feats[1]);
  auto s_loss = cfg_.style_weight * style_loss(feats, style_grams_);  //@bug P10A torch-device-mismatch
  auto tv = cfg_.tv_weight * total_variation(y);
  auto loss = c_loss + s_loss + tv;
  loss.backward();
  optimizer_.step();
  return loss.item<double>();
}

void Stylizer::stylize_file(const std::string& in_path,
                            const std::string& out_path) {
  torch::NoGradGuard no_grad;
  net_->eval();
  auto img = load_image(in_path, cfg_.image_size).to(device_);
  save_image(out_path, net_->forward(img));
}
