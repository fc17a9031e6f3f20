#include "trainer.h"

#include <algorithm>
#include <iostream>

namespace F = torch::nn::functional;

namespace {

template <typename... Tensors>
void move_all(const torch::Device& device, Tensors&... tensors) {
  ((tensors = tensors.to(device)), ...);
}

}  // namespace

Trainer::Trainer(const HyperParams& hp, torch::Device device, TabularData data)
    : hp_(hp),
      device_(device),
      model_(data.train_x.size(1), hp.hidden, hp.num_classes),
      train_x_(std::move(data.train_x)),
      train_y_(std::move(data.train_y)),
      val_x_(std::move(data.val_x)),
      val_y_(std::move(data.val_y)) {
  class_weights_ = torch::tensor(inverse_frequency(train_y_, hp_.num_classes),
                                 torch::TensorOptions().device(device_));
  // The training split fits in device memory; the validation split stays on
  // the host and is streamed through a staging buffer.
  move_all(device_, train_x_, train_y_);
  model_->to(device_);
  optim_ = std::make_unique<torch::optim::AdamW>(
      model_->parameters(),
      torch::optim::AdamWOptions(hp_.lr).weight_decay(hp_.weight_decay));
}

double Trainer::train_epoch() {
  model_->train();
  const int64_t n = train_x_.size(0);
  auto order = torch::randperm(n, torch::TensorOptions().dtype(torch::kLong));
  const auto temperature = torch::tensor(hp_.temperature);

  double running = 0.0;
  int64_t batches = 0;
  for (int64_t start = 0; start < n; start += hp_.batch_size) {
    auto idx = order.slice(0, start, std::min(start + hp_.batch_size, n));
    auto xb = train_x_.index({idx});
    auto yb = train_y_.index({idx});

    auto logits = model_->forward(xb) / temperature;
    auto loss = F::cross_entropy(
        logits, yb,
        F::CrossEntropyFuncOptions().weight(class_weights_).label_smoothing(
            hp_.label_smoothing));

    optim_->zero_grad();
    loss.backward();
    optim_->step();
    running += loss.item<double>();
    ++batches;
  }
  return running / std::max<int64_t>(batches, 1);
}

double Trainer::evaluate() {
  torch::NoGradGuard no_grad;
  model_->eval();

  const int64_t n = val_x_.size(0);
  const int64_t features = val_x_.size(1);
  auto host_buf = torch::empty(
      {hp_.eval_batch, features},
      torch::TensorOptions().dtype(torch::kFloat).pinned_memory(device_.is_cuda()));
  auto dev_buf = torch::empty({hp_.eval_batch, features},
                              torch::TensorOptions().dtype(torch::kFloat).device(device_));

  int64_t correct = 0;
  double confidence = 0.0;
  for (int64_t start = 0; start < n; start += hp_.eval_batch) {
    const int64_t len = std::min(hp_.eval_batch, n - start);
    host_buf.narrow(0, 0, len).copy_(val_x_.narrow(0, start, len));
    auto inputs = dev_buf.narrow(0, 0, len);
    inputs.copy_(host_buf.narrow(0, 0, len), /*non_blocking=*/true);

    auto logits = model_->forward(inputs);
    auto probs = torch::softmax(logits, 1).cpu();
    auto pred = probs.argmax(1);
    correct += pred.eq(val_y_.narrow(0, start, len)).sum().item<int64_t>();

    auto top = std::get<0>(probs.max(1)).contiguous();
    const float* p = top.data_ptr<float>();
    for (int64_t i = 0; i < len; ++i) confidence += p[i];
  }
  std::cout << "  mean confidence " << confidence / n << std::endl;
  return static_cast<double>(correct) / n;
}

void Trainer::fit() {
  for (int64_t epoch = 1; epoch <= hp_.epochs; ++epoch) {
    const double loss = train_epoch();
    const double acc = evaluate();
    std::cout << "epoch " << epoch << " loss " << loss << " val_acc " << acc
              << std::endl;
  }
}

void Trainer::save() const {
  torch::save(model_, hp_.model_path);
}
