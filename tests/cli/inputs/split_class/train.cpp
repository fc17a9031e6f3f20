// Uses makeLabels() without its body: whether its tensor is on the CPU is
// what labels.cpp shows the project.
#include "trainer.h"

Trainer::Trainer(torch::Device Device) : Device(Device) { Model->to(Device); }

torch::Tensor Trainer::step(torch::Tensor Input) {
  torch::Tensor Out = Model->forward(Input.to(Device));
  return torch::nn::functional::cross_entropy(Out, makeLabels(Input.size(0)));
}
