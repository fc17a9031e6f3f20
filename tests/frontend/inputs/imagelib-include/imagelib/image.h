// A small stand-in for a third-party image library (not LibTorch), so the
// missing-header test can compare findings with the header present.
#pragma once
#include <string>
#include <vector>

namespace imagelib {
class Image {
public:
  const float *data() const { return Pixels.data(); }
  long height() const { return 2; }
  long width() const { return 2; }
  int gpu() const { return 0; } ///< The GPU the image was decoded on.

private:
  std::vector<float> Pixels = std::vector<float>(4);
};
inline Image load(const std::string &) { return Image(); }
} // namespace imagelib
