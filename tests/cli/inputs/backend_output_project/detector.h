#pragma once
#include <torch/script.h>
#include <torch/torch.h>

#include <memory>
#include <string>

// What a detector returns for a batch of crops: the class logits and the
// embeddings, on the device of the detector that ran them.
struct Detections {
  torch::Tensor logits, embeddings;
};

// A TorchScript detector on the CPU or on a GPU, chosen at run time.
class Detector {
public:
  virtual ~Detector() = default;
  virtual torch::Device device() const = 0;
  virtual Detections detect(const torch::Tensor &crops) = 0;
  virtual torch::Tensor embed(const torch::Tensor &crops) = 0;
};

std::unique_ptr<Detector> openDetector(const std::string &path);

// Uploads host crops to the device it was made for.
class Uploader {
public:
  explicit Uploader(torch::Device device);
  torch::Tensor upload(const torch::Tensor &crops);

private:
  torch::Device device_;
};
