// Uses sample() without its body: whether its batch is on the CPU is what
// buffer.cpp shows the project.
#include "buffer.h"

torch::Tensor learn(ReplayBuffer &Buffer, torch::nn::Linear &Net,
                    torch::Device Device) {
  Net->to(Device);
  Batch B = Buffer.sample(8);
  return Net->forward(B.Obs);
}
