#!/usr/bin/env python3
"""Generates benchmark inputs: realistic LibTorch training programs, and one
very large function for the analysis' scaling test. Nothing here is a test;
bench/run.sh times torchlint, clang and clang-tidy on the output."""
import pathlib
import sys

PROGRAM = """// Generated training program {n} for bench/run.sh.
#include <torch/torch.h>

#include <iostream>
#include <vector>

struct Net{n}Impl : torch::nn::Module {{
  Net{n}Impl(int64_t In, int64_t Hidden, int64_t Out)
      : fc1(register_module("fc1", torch::nn::Linear(In, Hidden))),
        fc2(register_module("fc2", torch::nn::Linear(Hidden, Hidden))),
        head(register_module("head", torch::nn::Linear(Hidden, Out))),
        norm(register_module("norm", torch::nn::LayerNorm(
                                         torch::nn::LayerNormOptions({{Hidden}})))) {{}}
  torch::Tensor forward(torch::Tensor x) {{
    auto h = torch::relu(fc1(x));
    h = norm(torch::relu(fc2(h)) + h);
    auto bias = torch::zeros({{h.size(1)}}, h.options());
    return head(h + bias);
  }}
  torch::nn::Linear fc1, fc2, head;
  torch::nn::LayerNorm norm;
}};
TORCH_MODULE(Net{n});

template <typename Batches>
double trainEpoch(Net{n} &model, Batches &data, torch::optim::Optimizer &opt,
                  torch::Device device) {{
  double Total = 0;
  model->train();
  for (auto &batch : data) {{
    auto inputs = batch.data.to(device);
    auto labels = batch.target{bug};
    opt.zero_grad();
    auto logits = model(inputs);
    auto loss = torch::nn::functional::cross_entropy(logits, labels);
    loss.backward();
    opt.step();
    Total += loss.item<double>();
  }}
  return Total;
}}

int main() {{
  torch::manual_seed({n});
  torch::Device device(torch::cuda::is_available() ? torch::kCUDA
                                                   : torch::kCPU);
  Net{n} model({inputs}, {hidden}, {classes});
  model->to(device);
  torch::optim::Adam opt(model->parameters(), 1e-3);
  std::vector<torch::data::Example<>> data;
  for (int I = 0; I < 8; ++I)
    data.push_back({{torch::randn({{16, {inputs}}}),
                    torch::randint(0, {classes}, {{16}}, torch::kLong)}});
  for (int Epoch = 0; Epoch < 3; ++Epoch)
    std::cout << "epoch " << Epoch << " loss "
              << trainEpoch(model, data, opt, device) << std::endl;
  torch::save(model, "net{n}.pt");
  return 0;
}}
"""


def programs(out: pathlib.Path, count: int) -> None:
    for n in range(count):
        bug = "" if n % 2 else ".to(device)"
        text = PROGRAM.format(n=n, bug=bug, inputs=8 + n, hidden=32 + 4 * n,
                              classes=3 + n % 4)
        (out / f"train_{n}.cpp").write_text(text)


def big_function(path: pathlib.Path, statements: int) -> None:
    """One function of `statements` statements over statements/5 tensors,
    with a branch every 40 statements, as a worst case for the dataflow."""
    lines = ["// Generated for bench/run.sh: the analysis' scaling test.",
             "#include <torch/torch.h>", "",
             "torch::Tensor big(torch::Device device, bool Flag) {",
             "  auto t0 = torch::randn({4}).to(device);"]
    tensors = 1
    for i in range(1, statements):
        if i % 40 == 0:
            lines.append(f"  if (Flag) {{ t{tensors - 1} = t{tensors - 1} * 2; }}")
        elif i % 5 == 0:
            lines.append(f"  auto t{tensors} = t{tensors - 1} + t{max(0, tensors - 3)};")
            tensors += 1
        elif i % 5 == 1:
            lines.append(f"  t{tensors - 1} = t{tensors - 1}.relu();")
        elif i % 5 == 2:
            lines.append(f"  auto s{i} = torch::ones({{4}}, torch::device(device));")
        elif i % 5 == 3:
            lines.append(f"  t{tensors - 1} = t{tensors - 1} * s{i - 1};")
        else:
            lines.append(f"  t{tensors - 1} += torch::tensor(0.5);")
    lines += [f"  return t{tensors - 1};", "}", ""]
    path.write_text("\n".join(lines))


if __name__ == "__main__":
    what, out = sys.argv[1], pathlib.Path(sys.argv[2])
    if what == "programs":
        out.mkdir(parents=True, exist_ok=True)
        programs(out, int(sys.argv[3]))
    else:
        big_function(out, int(sys.argv[3]))
