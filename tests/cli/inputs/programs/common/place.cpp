// Shared code that moves a model to the device its caller chooses. Which
// program calls it is not known, so it decides nothing for the viewer.
#include <torch/torch.h>

void place(torch::nn::Linear &Model, torch::Device Device) {
  Model->to(Device);
}
