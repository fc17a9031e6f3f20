#pragma once

#include <torch/torch.h>

#include <cstdint>

// Bump allocator over one preallocated byte tensor on the inference device.
// Views handed out alias the arena's storage (same device, no copy), so a
// long-running stream does not go through the caching allocator per chunk.
class DeviceArena {
 public:
  DeviceArena(torch::Device device, int64_t bytes)
      : device_(device),
        storage_(torch::empty({bytes}, torch::TensorOptions().dtype(torch::kUInt8).device(device))) {}

  torch::Tensor take_float(torch::IntArrayRef sizes) {
    int64_t numel = 1;
    for (int64_t s : sizes) numel *= s;
    const int64_t bytes = (numel * static_cast<int64_t>(sizeof(float)) + 255) / 256 * 256;
    TORCH_CHECK(offset_ + bytes <= storage_.numel(), "device arena exhausted");
    uint8_t* base = storage_.data_ptr<uint8_t>() + offset_;
    offset_ += bytes;
    return torch::from_blob(base, sizes, torch::TensorOptions().dtype(torch::kFloat32).device(device_));
  }

  void reset() { offset_ = 0; }
  torch::Device device() const { return device_; }

 private:
  torch::Device device_;
  torch::Tensor storage_;
  int64_t offset_ = 0;
};
