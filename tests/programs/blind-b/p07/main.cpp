// iris_softmax: multinomial logistic regression on a small CSV, CPU only.
//
//   ./iris_softmax iris.csv [--resume]
//
// The CSV has four numeric columns followed by a class name.
#include <torch/torch.h>

#include <fstream>
#include <iostream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

namespace {

struct Table {
  std::vector<double> features;  // row-major, rows x 4
  std::vector<int> labels;
  std::vector<std::string> class_names;
  int64_t rows = 0;
};

Table read_csv(const std::string& path) {
  Table table;
  std::map<std::string, int> class_ids;
  std::ifstream in(path);
  std::string line;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#') continue;
    std::stringstream ss(line);
    std::string cell;
    for (int c = 0; c < 4; ++c) {
      std::getline(ss, cell, ',');
      table.features.push_back(std::stod(cell));
    }
    std::getline(ss, cell);
    auto it = class_ids.find(cell);
    if (it == class_ids.end()) {
      it = class_ids.emplace(cell, static_cast<int>(class_ids.size())).first;
      table.class_names.push_back(cell);
    }
    table.labels.push_back(it->second);
    ++table.rows;
  }
  return table;
}

struct SoftmaxRegressionImpl : torch::nn::Module {
  SoftmaxRegressionImpl(int64_t in, int64_t classes)
      : linear(register_module("linear", torch::nn::Linear(in, classes))) {}
  torch::Tensor forward(const torch::Tensor& x) { return linear->forward(x); }
  torch::nn::Linear linear;
};
TORCH_MODULE(SoftmaxRegression);

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) {
    std::cerr << "usage: " << argv[0] << " data.csv [--resume]" << std::endl;
    return 1;
  }
  const bool resume = argc > 2 && std::string(argv[2]) == "--resume";
  const std::string checkpoint = "softmax_regression.pt";
  torch::set_num_threads(4);

  Table table = read_csv(argv[1]);
  const int64_t classes = static_cast<int64_t>(table.class_names.size());

  // The parsed values are doubles; wrap them with the matching dtype and
  // convert to the model's float32.
  auto x = torch::from_blob(table.features.data(), {table.rows, 4}, torch::kFloat64)
               .to(torch::kFloat32);
  auto y = torch::tensor(table.labels);  // int -> int64 for torch::tensor

  auto mean = x.mean(0);
  auto scale = x.std(0) + 1e-6;
  x = (x - mean) / scale;

  const torch::Device device(torch::kCPU);
  SoftmaxRegression model(4, classes);
  if (resume) {
    torch::load(model, checkpoint);
  }
  model->to(device);

  torch::optim::SGD optimizer(model->parameters(), torch::optim::SGDOptions(0.1));
  const auto l2 = torch::tensor(1e-3, torch::kFloat64);
  for (int epoch = 0; epoch < 300; ++epoch) {
    auto logits = model->forward(x);
    auto penalty = model->linear->weight.pow(2).sum() * l2;
    auto loss = torch::nn::functional::cross_entropy(logits, y) + penalty;
    optimizer.zero_grad();
    loss.backward();
    optimizer.step();
    if (epoch % 50 == 0) {
      std::cout << "epoch " << epoch << " loss " << loss.item<float>() << std::endl;
    }
  }
  torch::save(model, checkpoint);

  torch::NoGradGuard no_grad;
  auto probs = torch::softmax(model->forward(x), 1).contiguous();
  auto pred = probs.argmax(1);
  const float* p = probs.data_ptr<float>();
  const int64_t* labels_out = pred.data_ptr<int64_t>();
  const int64_t* truth = y.data_ptr<int64_t>();

  auto confusion = torch::zeros({classes, classes}, torch::kInt32);
  auto cm = confusion.accessor<int32_t, 2>();
  int64_t correct = 0;
  double confidence = 0.0;
  for (int64_t i = 0; i < table.rows; ++i) {
    cm[truth[i]][labels_out[i]] += 1;
    correct += labels_out[i] == truth[i];
    confidence += p[i * classes + labels_out[i]];
  }
  std::cout << "accuracy " << static_cast<double>(correct) / table.rows
            << ", mean confidence " << confidence / table.rows << std::endl;
  for (int64_t r = 0; r < classes; ++r) {
    std::cout << table.class_names[r] << ":";
    for (int64_t c = 0; c < classes; ++c) std::cout << " " << cm[r][c];
    std::cout << "\n";
  }

  // Export the normalisation statistics next to the weights.
  std::vector<torch::Tensor> stats{mean, scale};
  torch::save(stats, "normalization.pt");
  return 0;
}
