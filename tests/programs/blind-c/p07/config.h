#pragma once

#include <torch/torch.h>

#include <cstdint>
#include <string>

// Knowledge distillation of a wide CNN teacher into a small student
// (Hinton et al. 2015). The frozen teacher is kept off the student's GPU:
// it runs on a second GPU when there is one, otherwise on the host.
struct DistillConfig {
  std::string data_dir = "data/cifar10";
  std::string teacher_ckpt = "checkpoints/teacher_wrn.pt";
  std::string student_out = "checkpoints/student.pt";

  int64_t num_classes = 10;
  int64_t batch_size = 128;
  int64_t epochs = 30;
  double lr = 0.05;
  double momentum = 0.9;
  double temperature = 4.0;
  double alpha = 0.9;  // weight of the distillation term
  bool balance_classes = true;

  torch::Device student_device = torch::kCPU;
  torch::Device teacher_device = torch::kCPU;
};

inline void assign_devices(DistillConfig& cfg) {
  if (torch::cuda::is_available()) {
    cfg.student_device = torch::Device(torch::kCUDA, 0);
    cfg.teacher_device = torch::cuda::device_count() > 1
                             ? torch::Device(torch::kCUDA, 1)
                             : torch::Device(torch::kCPU);
  }
}
