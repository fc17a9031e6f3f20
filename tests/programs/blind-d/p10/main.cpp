#include <torch/torch.h>

#include <iostream>
#include <string>

#include "config.h"
#include "image_io.h"
#include "stylizer.h"

int main(int argc, char** argv) {
  StyleConfig cfg;
  int gpu = 0;
  for (int i = 1; i + 1 < argc; i += 2) {
    const std::string key = argv[i];
    if (key == "--gpu") gpu = std::stoi(argv[i + 1]);  // -1 for CPU
    if (key == "--style") cfg.style_image = argv[i + 1];
    if (key == "--content") cfg.content_dir = argv[i + 1];
  }
  choose_device(cfg, gpu);

  ContentFolder content(cfg.content_dir, cfg.image_size);
  Stylizer stylizer(cfg);
  std::cout << content.size() << " content images, device " << cfg.device
            << "\n";

  int64_t step = 0;
  for (int64_t epoch = 0; epoch < cfg.epochs; ++epoch) {
    for (size_t start = 0; start < content.size();
         start += static_cast<size_t>(cfg.batch_size)) {
      const double loss = stylizer.train_step(
          content.batch(start, static_cast<size_t>(cfg.batch_size)));
      if (++step % 500 == 0) {
        std::cout << "step " << step << " loss " << loss << "\n";
        stylizer.stylize_file("samples/amber.ppm",
                              "samples/amber_" + std::to_string(step) + ".ppm");
      }
    }
  }
  stylizer.save();
  return 0;
}
