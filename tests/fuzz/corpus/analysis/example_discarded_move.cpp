// discarded_move.cpp - the result of Tensor::to is thrown away.
//
// Bug: inside the training loop the batch is "moved" with `data.to(device);`
// and `target.to(device);` as statements. Tensor::to returns a new tensor and
// leaves its receiver where it was (unlike Module::to, which moves the module
// in place), so both tensors stay on the CPU. On a CPU-only machine nothing
// changes and the program trains fine. On a GPU machine the first forward
// throws:
//   Expected all tensors to be on the same device, but found at least two
//   devices, cuda:0 and cpu! (when checking argument for argument mat1 in
//   method wrapper_addmm)
// torchlint reports torch-discarded-move on both calls, with the fix-it
// `data = data.to(device);`. The fix is discarded_move_fixed.cpp.
//
// torchlint-expect: 75:12: torch-discarded-move
// torchlint-expect: 76:14: torch-discarded-move

#include <torch/torch.h>

#include <cstdio>

// Points in the plane, labelled 1 inside the unit circle and 0 outside.
class CircleDataset : public torch::data::datasets::Dataset<CircleDataset> {
public:
  explicit CircleDataset(int64_t size)
      : points_(torch::rand({size, 2}) * 4 - 2) {
    labels_ = (points_.pow(2).sum(1) < 1).to(torch::kFloat).unsqueeze(1);
  }

  torch::data::Example<> get(size_t index) override {
    return {points_[index], labels_[index]};
  }

  torch::optional<size_t> size() const override { return points_.size(0); }

private:
  torch::Tensor points_, labels_;
};

struct NetImpl : torch::nn::Module {
  NetImpl()
      : layers(register_module(
            "layers",
            torch::nn::Sequential(torch::nn::Linear(2, 32), torch::nn::ReLU(),
                                  torch::nn::Linear(32, 1)))) {}

  torch::Tensor forward(torch::Tensor x) { return layers->forward(x); }

  torch::nn::Sequential layers;
};
TORCH_MODULE(Net);

int main() {
  torch::manual_seed(0);
  const torch::Device device = torch::cuda::is_available()
                                   ? torch::Device(torch::kCUDA)
                                   : torch::Device(torch::kCPU);

  auto loader = torch::data::make_data_loader(
      CircleDataset(256).map(torch::data::transforms::Stack<>()),
      torch::data::DataLoaderOptions().batch_size(32));

  Net model;
  model->to(device);
  torch::optim::Adam optimizer(model->parameters(),
                               torch::optim::AdamOptions(1e-2));
  torch::nn::BCEWithLogitsLoss criterion;

  for (int epoch = 1; epoch <= 5; ++epoch) {
    double total = 0;
    int batches = 0;
    for (auto &batch : *loader) {
      torch::Tensor data = batch.data;
      torch::Tensor target = batch.target;
      data.to(device);
      target.to(device);

      optimizer.zero_grad();
      auto loss = criterion(model(data), target);
      loss.backward();
      optimizer.step();
      total += loss.item<double>();
      ++batches;
    }
    std::printf("epoch %d  mean loss %.4f\n", epoch, total / batches);
  }
}
