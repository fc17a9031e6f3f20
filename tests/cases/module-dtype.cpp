// Cases for the dtype of the user's own modules: a forward() that returns
// what its children with parameters compute gives the dtype of the module it
// is called on (Float as created, Double after `m->to(torch::kDouble)`), so
// reading its output as double is reported, through a trainer's field too.
// A module whose own code converts its children has no known dtype: its
// output and its inputs say nothing. A chain held by a member that starts
// empty (`net{nullptr}`) is the chain the constructor registers.
#include <torch/torch.h>

#include <iostream>
#include <vector>

struct ClassifierImpl : torch::nn::Module {
  ClassifierImpl()
      : emb(register_module("emb", torch::nn::Embedding(10, 4))),
        fc(register_module("fc", torch::nn::Linear(4, 2))) {}
  torch::Tensor forward(const torch::Tensor &tokens) {
    return fc(emb(tokens).mean(1));
  }
  torch::nn::Embedding emb;
  torch::nn::Linear fc;
};
TORCH_MODULE(Classifier);

/// A chain held by a member that starts empty and is registered in the
/// constructor's body, as header-style modules write it.
struct RegressorImpl : torch::nn::Module {
  explicit RegressorImpl(int64_t in) {
    net = register_module("net", torch::nn::Sequential(torch::nn::Linear(in, 8),
                                                       torch::nn::Tanh(),
                                                       torch::nn::Linear(8, 1)));
  }
  torch::Tensor forward(const torch::Tensor &x) { return net->forward(x); }
  torch::nn::Sequential net{nullptr};
};
TORCH_MODULE(Regressor);

/// Converts its own child: what it computes is not the dtype it was built
/// with.
struct DoubleHeadImpl : torch::nn::Module {
  DoubleHeadImpl() : fc(register_module("fc", torch::nn::Linear(4, 2))) {
    fc->to(torch::kDouble);
  }
  torch::Tensor forward(const torch::Tensor &x) { return fc(x); }
  torch::nn::Linear fc;
};
TORCH_MODULE(DoubleHead);

class Reporter {
public:
  void report(const torch::Tensor &tokens) {
    torch::NoGradGuard no_grad;
    auto probs = torch::softmax(model_->forward(tokens), 1).cpu().contiguous(); // expected-note {{'probs' is computed by 'model_' here}}
    const double *p = probs.data_ptr<double>(); // expected-warning {{'data_ptr<double>' reads 'probs' as double, but 'probs' is Float; LibTorch throws "expected scalar type Double but found Float" [torch-data-ptr-type]}}
    std::cout << p[0] << "\n";
  }

  // Must stay silent: read as the Float it is.
  void reportFloat(const torch::Tensor &tokens) {
    torch::NoGradGuard no_grad;
    auto probs = torch::softmax(model_->forward(tokens), 1).contiguous();
    std::cout << probs.data_ptr<float>()[0] << "\n";
  }

private:
  Classifier model_; // expected-note {{'model_' is created here with Float parameters (modules are created as Float)}}
};

int main() {
  Reporter reporter;
  auto tokens = torch::randint(0, 10, {2, 3});
  reporter.report(tokens);
  reporter.reportFloat(tokens);

  Classifier local; // expected-note {{'local' is created here with Float parameters (modules are created as Float)}}
  auto out = local->forward(tokens); // expected-note {{'out' is computed by 'local' here}}
  std::cout << out.data_ptr<double>()[0] << "\n"; // expected-warning {{'data_ptr<double>' reads 'out' as double, but 'out' is Float; LibTorch throws "expected scalar type Double but found Float" [torch-data-ptr-type]}}

  // Must stay silent: the module was converted to Double where it is used.
  Classifier converted;
  converted->to(torch::kDouble);
  std::cout << converted->forward(tokens).data_ptr<double>()[0] << "\n";

  // The chain's first Linear meets the Double row.
  Regressor regressor(3); // expected-note {{'regressor' is created here with Float parameters (modules are created as Float)}}
  std::vector<double> row{1.0, 2.0, 3.0};
  auto x = torch::from_blob(row.data(), {1, 3}, torch::kDouble).clone(); // expected-note {{'x' is created as Double here ('torch::from_blob' with dtype Double)}}
  std::cout << regressor->forward(x).item<double>() << "\n"; // expected-warning {{'regressor' receives tensors of different dtypes: 'x' is Double but the parameters of 'regressor' are Float [torch-dtype-mismatch]}}
  // Must stay silent: converted to Float first.
  std::cout << regressor->forward(x.to(torch::kFloat)).item<float>() << "\n";

  // Must stay silent: the module converts its child itself, so a Double
  // input is right and its output is Double.
  DoubleHead head;
  auto y = head->forward(torch::randn({2, 4}, torch::kDouble));
  std::cout << y.data_ptr<double>()[0] << "\n";
  return 0;
}
