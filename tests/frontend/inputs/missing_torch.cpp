// Includes a LibTorch header that the -- flags below cannot find.
#include <torch/torch.h>

int main() { return 0; }
