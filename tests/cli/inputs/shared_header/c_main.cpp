#include "gpu.h"

#include <iostream>

// Asks whether CUDA is there: the project also runs on the CPU.
int main() {
  std::cout << torch::cuda::is_available() << "\n";
  return 0;
}
