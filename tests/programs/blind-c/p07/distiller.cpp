#include "distiller.h"

#include <iostream>

#include "utils.h"

namespace F = torch::nn::functional;

Distiller::Distiller(const DistillConfig& cfg,
                     const std::vector<int64_t>& class_counts)
    : cfg_(cfg),
      teacher_(cfg.num_classes),
      student_(cfg.num_classes),
      optimizer_(student_->parameters(),
                 torch::optim::SGDOptions(cfg.lr).momentum(cfg.momentum).nesterov(true)) {
  torch::load(teacher_, cfg_.teacher_ckpt, cfg_.teacher_device);
  teacher_->to(cfg_.teacher_device);
  teacher_->eval();
  for (auto& p : teacher_->parameters()) p.requires_grad_(false);

  student_->to(cfg_.student_device);

  auto opts = torch::nn::CrossEntropyLossOptions();
  if (cfg_.balance_classes) {
    opts.weight(class_weights(class_counts));  //@bug P07B torch-device-mismatch
  }
  ce_ = torch::nn::CrossEntropyLoss(opts);  //@bug P07B torch-device-mismatch
}

DistillStats Distiller::train_epoch(const std::vector<Batch>& batches) {
  const double T = cfg_.temperature;
  auto soften = [T](const torch::Tensor& logits) {
    return F::softmax(logits / T, F::SoftmaxFuncOptions(1));
  };

  DistillStats stats;
  student_->train();
  for (const auto& batch : batches) {
    auto x = batch.first.to(cfg_.student_device);
    auto y = batch.second.to(cfg_.student_device);

    torch::Tensor teacher_logits;
    {
      torch::NoGradGuard no_grad;
      teacher_logits = teacher_->forward(batch.first.to(cfg_.teacher_device));  //@bug P07A torch-device-mismatch
    }

    auto student_logits = student_->forward(x);
    auto kd = F::kl_div(F::log_softmax(student_logits / T, F::LogSoftmaxFuncOptions(1)),  //@bug P07A torch-device-mismatch
                        soften(teacher_logits),  //@bug P07A torch-device-mismatch
                        F::KLDivFuncOptions().reduction(torch::kBatchMean)) *
              (T * T);
    auto ce = ce_(student_logits, y);  //@bug P07B torch-device-mismatch
    auto loss = cfg_.alpha * kd + (1.0 - cfg_.alpha) * ce;

    optimizer_.zero_grad();
    loss.backward();
    optimizer_.step();

    stats.kd_loss += kd.item<double>();
    stats.ce_loss += ce.item<double>();
    stats.train_acc += top1(student_logits.detach(), y);
  }
  const double n = static_cast<double>(batches.size());
  stats.kd_loss /= n;
  stats.ce_loss /= n;
  stats.train_acc /= n;
  return stats;
}

double Distiller::evaluate(const std::vector<Batch>& batches) {
  torch::NoGradGuard no_grad;
  student_->eval();
  double acc = 0.0;
  for (const auto& batch : batches) {
    auto logits = student_->forward(batch.first.to(cfg_.student_device)).cpu();
    acc += top1(logits, batch.second);
  }
  return batches.empty() ? 0.0 : acc / batches.size();
}

void Distiller::save_student() const { torch::save(student_, cfg_.student_out); }
