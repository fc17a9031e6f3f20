#include "detector.h"

#include <iostream>

// Scores each crop against a gallery of reference embeddings kept on the
// host, and weighs the class scores with host priors.
int main(int argc, char **argv) {
  if (argc < 2)
    return 2;
  std::unique_ptr<Detector> detector = openDetector(argv[1]);
  torch::Tensor crops = torch::rand({8, 3, 64, 64});
  torch::Tensor gallery = torch::rand({8, 128});
  torch::Tensor priors = torch::ones({8, 6});
  torch::Tensor centre = torch::zeros({8, 128});

  Detections out = detector->detect(crops);
  // Bug: the gallery stays on the host while the embeddings are on the
  // detector's device.
  torch::Tensor similarity = (out.embeddings * gallery).sum(1);
  // Right: the priors follow the logits to their device.
  torch::Tensor weighted = out.logits * priors.to(out.logits.device());

  // Bug: the same through a method that returns the tensor itself.
  torch::Tensor direct = detector->embed(crops) - centre;
  // Right: moved to the host before meeting host tensors.
  torch::Tensor host = detector->embed(crops).cpu() - centre;

  // Bug: a non-virtual method of another file returns the crops on the
  // uploader's device; the mask stays on the host.
  Uploader uploader(detector->device());
  torch::Tensor mask = torch::ones({8, 3, 64, 64});
  torch::Tensor masked = uploader.upload(crops) * mask;

  std::cout << masked.sum().item<float>() << " " << similarity.sum().item<float>() + weighted.sum().item<float>() +
                   direct.sum().item<float>() + host.sum().item<float>()
            << "\n";
  return 0;
}
