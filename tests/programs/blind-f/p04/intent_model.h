#pragma once

#include <torch/script.h>
#include <torch/torch.h>

#include <memory>
#include <string>

#include "tokenizer.h"

// The scripted intent model exposes two methods:
//   encode(input_ids [B, L] Long, attention_mask [B, L] Float) -> [B, L, H]
//   classify(pooled [B, H]) -> logits [B, num_intents]
class IntentBackend {
 public:
  virtual ~IntentBackend() = default;
  virtual torch::Device device() const = 0;
  virtual torch::Tensor hidden(const torch::Tensor& ids, const torch::Tensor& mask) = 0;
  virtual torch::Tensor head(const torch::Tensor& pooled) = 0;
};

class ScriptedIntentBackend : public IntentBackend {
 public:
  ScriptedIntentBackend(const std::string& path, torch::Device device);
  torch::Device device() const override { return device_; }
  torch::Tensor hidden(const torch::Tensor& ids, const torch::Tensor& mask) override;
  torch::Tensor head(const torch::Tensor& pooled) override;

 private:
  torch::Device device_;
  torch::jit::script::Module module_;
};

class IntentModel {
 public:
  explicit IntentModel(std::unique_ptr<IntentBackend> backend)
      : backend_(std::move(backend)) {}

  // Masked mean pooling of the encoder states, then the classifier head.
  // Returns logits [1, num_intents] on the backend's device.
  torch::Tensor logits(const Encoded& enc);

 private:
  std::unique_ptr<IntentBackend> backend_;
};

std::unique_ptr<IntentBackend> load_intent_backend(const std::string& path,
                                                   const std::string& device_spec);
