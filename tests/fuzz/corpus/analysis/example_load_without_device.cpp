// load_without_device.cpp - checkpoints loaded with no device.
//
// Bug: the program fine-tunes a model from a saved checkpoint and serves it
// with a TorchScript post-processor, loading both with torch::load(model,
// path) and torch::jit::load(path). With no device argument every tensor
// comes back on the device it was saved from. Both files here were written on
// the CPU, as checkpoints shipped with a project often are. On a CPU-only
// machine that is where everything runs, and the program works. On a GPU
// machine torch::load puts the parameters of the already moved model back on
// the CPU and the first forward throws:
//   Expected all tensors to be on the same device, but found at least two
//   devices, cuda:0 and cpu! (when checking argument for argument mat1 in
//   method wrapper_addmm)
// and the post-processor's buffers stay on the CPU too. (The other way round,
// a checkpoint written on a GPU does not load at all on a CPU-only machine.)
// torchlint reports torch-load-without-device on both loads, with the fix-it
// of passing `device`. The fix is load_without_device_fixed.cpp.
//
// torchlint-expect: 77:3: torch-load-without-device
// torchlint-expect: 94:38: torch-load-without-device

#include <torch/script.h>
#include <torch/torch.h>

#include <cstdio>
#include <filesystem>
#include <string>

struct RegressorImpl : torch::nn::Module {
  RegressorImpl()
      : fc1(register_module("fc1", torch::nn::Linear(4, 16))),
        fc2(register_module("fc2", torch::nn::Linear(16, 1))) {}

  torch::Tensor forward(torch::Tensor x) { return fc2(torch::relu(fc1(x))); }

  torch::nn::Linear fc1, fc2;
};
TORCH_MODULE(Regressor);

// Writes the checkpoint the program starts from. In a real project it comes
// from elsewhere (a CPU pre-training job, a release artefact); it is written
// here so that the example needs no files.
void write_pretrained_checkpoint(const std::string &path) {
  Regressor pretrained;
  torch::save(pretrained, path);
}

// Writes a TorchScript module that maps standardised predictions back to
// physical units, standing in for one exported from Python with
// torch.jit.script(...).save(path).
void write_postprocessor(const std::string &path) {
  torch::jit::Module postprocessor("Postprocessor");
  postprocessor.register_buffer("scale", torch::full({1}, 12.5));
  postprocessor.register_buffer("shift", torch::full({1}, 40.0));
  postprocessor.define(R"JIT(
def forward(self, x):
    return x * self.scale + self.shift
)JIT");
  postprocessor.save(path);
}

int main() {
  torch::manual_seed(0);
  const torch::Device device(torch::cuda::is_available() ? torch::kCUDA
                                                         : torch::kCPU);

  const auto dir = std::filesystem::temp_directory_path() / "torchlint-load";
  std::filesystem::create_directories(dir);
  const std::string checkpoint = (dir / "pretrained.pt").string();
  const std::string postprocessor_path = (dir / "postprocessor.pt").string();
  write_pretrained_checkpoint(checkpoint);
  write_postprocessor(postprocessor_path);

  // Fine-tune the pre-trained regressor on new data.
  Regressor model;
  model->to(device);
  torch::load(model, checkpoint);
  torch::optim::Adam optimizer(model->parameters(),
                               torch::optim::AdamOptions(1e-2));

  const auto inputs = torch::randn({64, 4}).to(device);
  const auto targets = inputs.sum(1, /*keepdim=*/true).tanh();
  for (int step = 1; step <= 50; ++step) {
    optimizer.zero_grad();
    auto loss = torch::mse_loss(model(inputs), targets);
    loss.backward();
    optimizer.step();
    if (step % 10 == 0)
      std::printf("step %2d  loss %.4f\n", step, loss.item<float>());
  }

  // Serve: predictions in physical units.
  torch::NoGradGuard no_grad;
  torch::jit::Module postprocessor = torch::jit::load(postprocessor_path);
  const auto predictions =
      postprocessor.forward({model(inputs.slice(0, 0, 4))}).toTensor();
  std::printf("first predictions: %.2f %.2f %.2f %.2f\n",
              predictions[0].item<float>(), predictions[1].item<float>(),
              predictions[2].item<float>(), predictions[3].item<float>());

  std::filesystem::remove_all(dir);
}
