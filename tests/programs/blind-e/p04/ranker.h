#pragma once

#include <torch/script.h>
#include <torch/torch.h>

#include <memory>
#include <string>

// Two-tower ranker exported with a scripted method
//   score(Tensor user[1, D], Tensor items[N]) -> (Tensor scores[N], Tensor u[1, E])
class Ranker {
 public:
  virtual ~Ranker() = default;
  virtual torch::jit::IValue score(const torch::Tensor& user,
                                   const torch::Tensor& items) = 0;
  virtual torch::Device device() const = 0;
};

class ScriptedRanker : public Ranker {
 public:
  ScriptedRanker(const std::string& path, torch::Device device);
  torch::jit::IValue score(const torch::Tensor& user,
                           const torch::Tensor& items) override;
  torch::Device device() const override { return device_; }

 private:
  torch::Device device_;
  torch::jit::Module module_;
};

std::unique_ptr<Ranker> load_ranker(const std::string& path,
                                    torch::Device device);
