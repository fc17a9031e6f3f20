#include "net.h"

// Another program of the same folder: it never leaves the CPU and reads the
// CPU checkpoint its own Python exporter writes. The trainer's device says
// nothing of it: silent.
int main() {
  Net Model;
  torch::load(Model, "exported.pt");
  return Model->forward(torch::ones({1, 2})).numel() == 2 ? 0 : 1;
}
