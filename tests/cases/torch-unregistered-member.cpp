// Cases for torch-unregistered-member: what a module builds at construction
// but never registers stays behind when module->to(device) moves the rest.
#include <torch/torch.h>

#include <map>
#include <vector>

struct ForgotSubmoduleImpl : torch::nn::Module {
  ForgotSubmoduleImpl() {
    fc1 = register_module("fc1", torch::nn::Linear(8, 4));
    fc2 = torch::nn::Linear(4, 2); // expected-note {{'fc2' is created here}}
  }
  torch::Tensor forward(torch::Tensor x) { return fc2(fc1(x)); }
  torch::nn::Linear fc1{nullptr};
  torch::nn::Linear fc2{nullptr}; // expected-warning {{submodule 'fc2' of module 'ForgotSubmoduleImpl' is not registered, so module->to(device) leaves its parameters behind [torch-unregistered-member]}}
};
TORCH_MODULE(ForgotSubmodule);

struct ForgotBufferImpl : torch::nn::Module {
  explicit ForgotBufferImpl(int64_t N)
      : scale(torch::ones({N})), // expected-note {{'scale' is created here}}
        bias(torch::zeros({N}, torch::requires_grad(true))) {} // expected-note {{'bias' is created here}}
  torch::Tensor forward(torch::Tensor x) { return x * scale + bias; }
  torch::Tensor scale; // expected-warning {{tensor member 'scale' of module 'ForgotBufferImpl' is not registered, so module->to(device) leaves it behind [torch-unregistered-member]}}
  torch::Tensor bias; // expected-warning {{tensor member 'bias' of module 'ForgotBufferImpl' is not registered, so module->to(device) leaves it behind [torch-unregistered-member]}}
};

struct InClassInitImpl : torch::nn::Module {
  torch::Tensor forward(torch::Tensor x) { return proj(x) + offset_; }
  torch::nn::Linear proj{4, 4}; // expected-warning {{submodule 'proj' of module 'InClassInitImpl' is not registered, so module->to(device) leaves its parameters behind [torch-unregistered-member]}} expected-note {{'proj' is created here}}
  torch::Tensor offset_ = torch::full({4}, 0.5); // expected-warning {{tensor member 'offset_' of module 'InClassInitImpl' is not registered, so module->to(device) leaves it behind [torch-unregistered-member]}} expected-note {{'offset_' is created here}}
};

struct AnchorsImpl : torch::nn::Module {
  AnchorsImpl() {
    for (int I = 0; I < 3; ++I)
      anchors.push_back(torch::randn({2})); // expected-note {{'anchors' is created here}}
  }
  std::vector<torch::Tensor> anchors; // expected-warning {{tensor container 'anchors' of module 'AnchorsImpl' is not registered, so module->to(device) leaves its tensors behind [torch-unregistered-member]}}
};

struct SharedPtrChildImpl : torch::nn::Module {
  SharedPtrChildImpl() : child(std::make_shared<ForgotBufferImpl>(3)) {} // expected-note {{'child' is created here}}
  std::shared_ptr<ForgotBufferImpl> child; // expected-warning {{submodule 'child' of module 'SharedPtrChildImpl' is not registered, so module->to(device) leaves its parameters behind [torch-unregistered-member]}}
};

// The same getter on a module that runs the submodule in its forward():
// moving the module leaves the submodule behind, getter or not.
struct HeadWithGetterImpl : torch::nn::Module {
  HeadWithGetterImpl() {
    body = torch::nn::Sequential(torch::nn::Linear(8, 4)); // expected-note {{'body' is created here}}
  }
  torch::Tensor forward(torch::Tensor x) { return body->forward(x); }
  torch::nn::Sequential get_body() { return body; }
  torch::nn::Sequential body; // expected-warning {{submodule 'body' of module 'HeadWithGetterImpl' is not registered, so module->to(device) leaves its parameters behind [torch-unregistered-member]}}
};

// ---- Must stay silent ----------------------------------------------------

// Every registration spelling.
struct RegisteredImpl : torch::nn::Module {
  RegisteredImpl()
      : weight(register_parameter("weight", torch::randn({4, 4}))),
        seq(register_module("seq", torch::nn::Sequential(
                                       torch::nn::Linear(4, 4),
                                       torch::nn::ReLU()))) {
    running = torch::zeros({4});
    register_buffer("running", running); // Discarded, but it names the member.
    head = register_module("head", torch::nn::Linear(4, 2));
    for (int I = 0; I < 2; ++I)
      extra.push_back(torch::ones({1}));
    for (auto &T : extra)
      register_buffer("extra" + std::to_string(T.numel()), T);
  }
  torch::Tensor weight, running;
  torch::nn::Sequential seq{nullptr};
  torch::nn::Linear head{nullptr};
  std::vector<torch::Tensor> extra;
};

// A container filled with what register_parameter returns holds the
// registered tensors themselves: module->to() moves their data in place.
struct ScalesImpl : torch::nn::Module {
  explicit ScalesImpl(int64_t Blocks) {
    for (int64_t I = 0; I < Blocks; ++I)
      scales.push_back(register_parameter("scale_" + std::to_string(I),
                                          torch::full({4}, 0.1)));
  }
  std::vector<torch::Tensor> scales;
};

// Registration in reset(), the Cloneable pattern.
struct ClonableImpl : torch::nn::Cloneable<ClonableImpl> {
  ClonableImpl() { reset(); }
  void reset() override {
    table = register_parameter("table", torch::randn({10, 4}));
  }
  torch::Tensor table;
};

// A schedule the module builds on the device it is given (koba-jon's
// DDPM/DDIM): every value stored reads that device, or a member built from
// it. module->to(device) would leave them behind only if the module were
// moved elsewhere than the device it was built for, which the rule cannot
// see. (A member built without the device, as ForgotBufferImpl's, is
// reported.)
struct ScheduleImpl : torch::nn::Module {
  ScheduleImpl(int64_t Steps, torch::Device device) {
    betas = torch::linspace(1e-4, 0.02, Steps).to(device);
    betas = torch::cat({torch::zeros({1}).to(device), betas}, 0);
    alphas = 1.0 - betas;
    alpha_bars = torch::cumprod(alphas, 0);
  }
  torch::Tensor forward(torch::Tensor t) { return alpha_bars.index_select(0, t); }
  torch::Tensor betas, alphas, alpha_bars;
};

// Tensors first assigned in forward() are caches that follow the input's
// device; only construction-time members are tracked.
struct CacheImpl : torch::nn::Module {
  torch::Tensor forward(torch::Tensor x) {
    last_input = x;
    return x * 2;
  }
  torch::Tensor last_input;
};

// Members that are never built (nullptr holders, default tensors) hold
// nothing to move.
struct LazyImpl : torch::nn::Module {
  torch::nn::Linear later{nullptr};
  torch::Tensor empty;
};

// References and plain classes are not a module's state.
struct NotAModule {
  NotAModule() : t(torch::ones({2})) {}
  torch::Tensor t;
};
struct HoldsRefImpl : torch::nn::Module {
  explicit HoldsRefImpl(torch::Tensor &Shared) : shared(Shared) {}
  torch::Tensor &shared;
};

// A module class without forward() that builds a Sequential and hands it
// out (DCGAN generators written this way): a factory. The caller moves and
// trains what it takes; the class itself is never run or moved.
class GeneratorFactory : public torch::nn::Module {
public:
  GeneratorFactory() {
    main = torch::nn::Sequential(torch::nn::Linear(8, 16), torch::nn::ReLU(),
                                 torch::nn::Linear(16, 4));
  }
  torch::nn::Sequential get_module() { return main; }

private:
  torch::nn::Sequential main;
};

// ---- Templates and macros ------------------------------------------------

template <typename T> struct TemplatedImpl : torch::nn::Module {
  TemplatedImpl() { factor = torch::ones({1}); } // expected-note {{'factor' is created here}}
  torch::Tensor factor; // expected-warning {{tensor member 'factor' of module 'TemplatedImpl' is not registered, so module->to(device) leaves it behind [torch-unregistered-member]}}
  T tag{};
};
template struct TemplatedImpl<int>;
template struct TemplatedImpl<float>;

#define DECLARE_STATE(name) torch::Tensor name
struct MacroImpl : torch::nn::Module {
  MacroImpl() { DECLARE_STATE_INIT(); }
  void DECLARE_STATE_INIT() { state = register_buffer("state", torch::ones({2})); }
  DECLARE_STATE(state); // Registered by a method the constructor calls.
};

// ---- Public code that must stay silent -----------------------------------

// torchvision-style ResNet: a class template whose constructor is defined
// outside the class body registers everything through calls that stay
// unresolved until instantiation (their arguments are dependent).
template <typename Block> struct ResNetImpl : torch::nn::Module {
  explicit ResNetImpl(std::vector<int64_t> layers);
  torch::Tensor forward(torch::Tensor x) {
    return fc(layer1->forward(conv1(x)));
  }
  torch::nn::Sequential makeLayer(int64_t planes, int64_t blocks) {
    torch::nn::Sequential s;
    for (int64_t i = 0; i < blocks; ++i)
      s->push_back(Block(planes));
    return s;
  }
  torch::nn::Conv2d conv1{nullptr};
  torch::nn::Sequential layer1{nullptr};
  torch::nn::Linear fc{nullptr};
};
template <typename Block>
ResNetImpl<Block>::ResNetImpl(std::vector<int64_t> layers)
    : conv1(torch::nn::Conv2dOptions(3, 64, 7)), fc(512, 10) {
  layer1 = makeLayer(64, layers[0]);
  register_module("conv1", conv1);
  register_module("layer1", layer1);
  register_module("fc", fc);
}
struct BasicBlockImpl : torch::nn::Module {
  explicit BasicBlockImpl(int64_t planes)
      : conv(register_module("conv", torch::nn::Conv2d(planes, planes, 3))) {}
  torch::Tensor forward(torch::Tensor x) { return conv(x); }
  torch::nn::Conv2d conv;
};
TORCH_MODULE(BasicBlock);
template struct ResNetImpl<BasicBlock>;

// A user's module without parameters or buffers: there is nothing in it for
// module->to(device) to move, registered or not.
struct PostProcessImpl : torch::nn::Module {
  explicit PostProcessImpl(double threshold) : threshold(threshold) {}
  torch::Tensor forward(torch::Tensor x) { return x.sigmoid() > threshold; }
  double threshold;
};
TORCH_MODULE(PostProcess);
struct DetectorImpl : torch::nn::Module {
  DetectorImpl() : post(PostProcess(0.5)) {
    head = register_module("head", torch::nn::Linear(4, 4));
  }
  torch::Tensor forward(torch::Tensor x) { return post(head(x)); }
  torch::nn::Linear head{nullptr};
  PostProcess post{nullptr};
};

// A grid re-created in every forward() from the input's options follows the
// input, whatever the constructor put there first.
struct YoloHeadImpl : torch::nn::Module {
  YoloHeadImpl() : grid_(torch::zeros({1})) {}
  torch::Tensor forward(torch::Tensor x) {
    grid_ = torch::arange(x.size(1), x.options());
    return x + grid_;
  }
  torch::Tensor grid_;
};

// A tensor the caller hands to the constructor is the caller's: it lives
// wherever the caller made it, so the module leaves nothing behind that it
// created. (Submodules handed in are still reported: parameters() misses
// them.)
struct CallerAnchorsImpl : torch::nn::Module {
  CallerAnchorsImpl(torch::Tensor anchors, torch::Tensor strides)
      : anchors_(anchors), strides_(std::move(strides)) {}
  torch::Tensor forward(torch::Tensor x) { return x * anchors_.sum(); }
  torch::Tensor anchors_, strides_;
};
TORCH_MODULE(CallerAnchors);

// Registered through the constructor parameter the member was given (the
// parameter shadows the member): the same module, registered.
struct DiffusionImpl : torch::nn::Module {
  explicit DiffusionImpl(torch::nn::Sequential model) {
    this->model = model;
    register_module("model", model);
  }
  torch::Tensor forward(torch::Tensor x) { return model->forward(x); }
  torch::nn::Sequential model{nullptr};
};
TORCH_MODULE(Diffusion);
