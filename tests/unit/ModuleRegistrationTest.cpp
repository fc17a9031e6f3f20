//===- ModuleRegistrationTest.cpp - What module->to(device) leaves behind -===//
//
// The module registration analysis (torchlint/analysis/ModuleRegistration.h) on a
// real LibTorch program: which members of a module class hold state it
// creates and never registers, which are left out (given by the caller,
// placed by hand, re-created in forward(), built in another file), and which
// constructors register state.
//
//===----------------------------------------------------------------------===//

#include "torchlint/analysis/ModuleRegistration.h"
#include "TorchProgram.h"

#include "clang/AST/DeclTemplate.h"

using namespace clang;
using namespace torchlint;

namespace {

const char *const Program = R"cpp(
#include <torch/torch.h>

#include <memory>
#include <vector>

struct Plain : torch::nn::Module {
  Plain() {
    weight = torch::randn({2, 2}); // weight-created
    anchors.push_back(torch::zeros({2})); // anchors-created
    fc = torch::nn::Linear(2, 2); // fc-created
    bias = register_parameter("bias", torch::zeros({2}));
  }
  torch::Tensor forward(torch::Tensor x) {
    cache = x * 2;
    return relu(fc(x) + weight + bias);
  }
  torch::Tensor weight;
  std::vector<torch::Tensor> anchors;
  torch::nn::Linear fc{nullptr};
  torch::Tensor bias;
  torch::Tensor cache;
  torch::nn::ReLU relu;
};

struct Given : torch::nn::Module {
  Given(torch::Tensor t, torch::Device device) : given(t) {
    betas = torch::linspace(0, 1, 4).to(device);
    alphas = 1.0 - betas;
  }
  torch::Tensor given, betas, alphas;
};

struct Recreated : torch::nn::Module {
  Recreated() { grid = torch::zeros({2}); }
  torch::Tensor forward(torch::Tensor x) {
    grid = torch::zeros_like(x);
    return x + grid;
  }
  torch::Tensor grid;
};

struct Elsewhere : torch::nn::Module {
  Elsewhere();
  torch::Tensor w = torch::ones({1});
};

struct Inner : torch::nn::Module {
  Inner();
};
struct Outer : torch::nn::Module {
  Outer() : inner(std::make_shared<Inner>()) {} // inner-created
  std::shared_ptr<Inner> inner;
};

template <class T> struct Templated : torch::nn::Module {
  Templated() { register_buffer("b", torch::zeros({1})); }
};

struct NotAModule {
  torch::Tensor t = torch::zeros({1});
};
)cpp";

TorchProgram &program() {
  static TorchProgram P(Program);
  return P;
}

/// The class (or class template's pattern) of the program named Name.
const CXXRecordDecl *classNamed(llvm::StringRef Name) {
  for (Decl *D : program().context().getTraversalScope()) {
    const auto *RD = dyn_cast<CXXRecordDecl>(D);
    if (const auto *CT = dyn_cast<ClassTemplateDecl>(D))
      RD = CT->getTemplatedDecl();
    if (RD && RD->getIdentifier() && RD->getName() == Name &&
        RD->isThisDeclarationADefinition())
      return RD;
  }
  ADD_FAILURE() << "no class " << Name.str();
  return nullptr;
}

unsigned lineOf(SourceLocation Loc) {
  return program().context().getSourceManager().getExpansionLineNumber(Loc);
}

/// Members created at construction and never registered, in field order.
void membersLeftBehind() {
  std::vector<UnregisteredMember> Plain =
      unregisteredMembers(classNamed("Plain"));
  ASSERT_EQ(Plain.size(), 3u);
  EXPECT_EQ(Plain[0].Field->getName(), "weight");
  EXPECT_EQ(Plain[0].Kind, ModuleMemberKind::Tensor);
  EXPECT_EQ(lineOf(Plain[0].CreatedAt), program().line("// weight-created"));
  EXPECT_EQ(Plain[1].Field->getName(), "anchors");
  EXPECT_EQ(Plain[1].Kind, ModuleMemberKind::TensorContainer);
  EXPECT_EQ(lineOf(Plain[1].CreatedAt), program().line("// anchors-created"));
  EXPECT_EQ(Plain[2].Field->getName(), "fc");
  EXPECT_EQ(Plain[2].Kind, ModuleMemberKind::Submodule);
  EXPECT_EQ(lineOf(Plain[2].CreatedAt), program().line("// fc-created"));
  for (const UnregisteredMember &M : Plain) {
    EXPECT_TRUE(M.Creation);
    EXPECT_TRUE(M.Needs.empty());
  }

  // A submodule of a class whose constructor is in another file: reported
  // where that file shows the class registers state.
  std::vector<UnregisteredMember> Outer =
      unregisteredMembers(classNamed("Outer"));
  ASSERT_EQ(Outer.size(), 1u);
  EXPECT_EQ(Outer[0].Field->getName(), "inner");
  EXPECT_EQ(Outer[0].Kind, ModuleMemberKind::Submodule);
  EXPECT_EQ(lineOf(Outer[0].CreatedAt), program().line("// inner-created"));
  EXPECT_EQ(Outer[0].Needs, facts::registersState("Inner"));
}

/// Given by the caller, placed on the module's device by hand, re-created
/// in forward(), constructed in another file, or no module: nothing.
void membersLeftOut() {
  for (const char *Name :
       {"Given", "Recreated", "Elsewhere", "Inner", "NotAModule"}) {
    SCOPED_TRACE(Name);
    EXPECT_TRUE(unregisteredMembers(classNamed(Name)).empty());
  }
}

/// Which constructors register state, for units that see only the class.
void constructorsThatRegister() {
  const FunctionDecl *Plain = stateRegistration(classNamed("Plain"));
  ASSERT_TRUE(Plain);
  EXPECT_TRUE(isa<CXXConstructorDecl>(Plain));
  EXPECT_EQ(registersStateFact(classNamed("Plain")),
            facts::registersState("Plain"));
  EXPECT_FALSE(stateRegistration(classNamed("Recreated")));
  EXPECT_FALSE(stateRegistration(classNamed("Elsewhere")));
  // A class template's constructor has no single key.
  EXPECT_FALSE(stateRegistration(classNamed("Templated")));
}

/// LibTorch's headers take most of a minute to parse, and ctest runs each test
/// in a process of its own: one test asks every question of one parse.
TEST(ModuleRegistration, EachClassOnTheProgram) {
  ASSERT_TRUE(program().ok());
  {
    SCOPED_TRACE("MembersLeftBehind");
    membersLeftBehind();
  }
  {
    SCOPED_TRACE("MembersLeftOut");
    membersLeftOut();
  }
  {
    SCOPED_TRACE("ConstructorsThatRegister");
    constructorsThatRegister();
  }
}

} // namespace
