// Includes a LibTorch header that the compile command in the test cannot reach.
#include <torch/torch.h>

int main() { return 0; }
