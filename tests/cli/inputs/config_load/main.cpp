#include "server.h"

int main(int argc, char **argv) {
  ServeConfig cfg;
  cfg.device = argc > 1 ? torch::Device(argv[1]) : torch::Device(torch::kCPU);
  Server server(cfg);
  server.infer(torch::rand({1, 3, 8, 8}));
}
