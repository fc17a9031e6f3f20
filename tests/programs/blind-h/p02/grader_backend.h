#pragma once

#include <torch/script.h>
#include <torch/torch.h>

#include <memory>
#include <string>

// The scripted grader: forward(x: Tensor[N, 3, 512, 512]) ->
//   Tuple[Tensor (ICDR grade logits [N, 5]),
//         List[Tensor] (lesion logit maps [N, 1, 64, 64]: MA, HE, EX, SE)]
class GraderBackend {
 public:
  virtual ~GraderBackend() = default;
  virtual torch::Device device() const = 0;
  // Takes a host image; implementations place it where their module lives.
  virtual c10::ivalue::TupleElements run(const torch::Tensor& image) = 0;
};

std::unique_ptr<GraderBackend> open_grader(const std::string& path, const std::string& where);
