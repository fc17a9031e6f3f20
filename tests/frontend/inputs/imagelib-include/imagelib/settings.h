// Run settings of the stand-in library: a GPU count the program sets from
// its command line, so with this header present it is no CUDA guard.
#pragma once

namespace imagelib {
struct Settings {
  int gpu_count = 0; ///< How many GPUs the user asked for.
  int repeats = 1;   ///< How often to run each batch.
};
} // namespace imagelib
