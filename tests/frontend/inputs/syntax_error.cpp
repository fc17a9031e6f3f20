// Does not parse: a missing semicolon and an unknown identifier.
#include <torch/torch.h>

int main() {
  auto x = torch::ones({2})
  return undeclared_thing;
}
