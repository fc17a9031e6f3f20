#include "net.h"

int main(int argc, char **) {
  torch::Device device(argc > 1 ? torch::kCUDA : torch::kCPU);
  Net Model;
  Model->to(device);
  restore(Model, "net.pt");
  torch::save(Model, "net.pt");
  return 0;
}
