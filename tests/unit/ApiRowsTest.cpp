//===- ApiRowsTest.cpp - Every row of TorchApi.def against LibTorch -------===//
//
// One test per row of src/api/TorchApi.def. The headers of the LibTorch in
// use (TORCHLINT_TEST_TORCH_FLAGS: Debian's 1.13 or pip's 2.x) are parsed
// once; each row must name declarations there, and the api:: query must
// answer that row's facts for them. A row that names nothing in the headers
// (renamed, removed, misspelt) fails, and so does a row that a declaration
// of another namespace or an earlier row shadows. A small user program
// parsed with them checks the queries about user modules (ApiQueries).
//
//===----------------------------------------------------------------------===//

#include "torchlint/api/Syntax.h"
#include "torchlint/api/TorchApi.h"

#include "TorchProgram.h"

#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Frontend/ASTUnit.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Process.h"

#include <gtest/gtest.h>

#include <map>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

using namespace clang;
using namespace torchlint;
using namespace torchlint::api;

namespace {

/// One row of TorchApi.def, as its macro spells it.
struct Row {
  std::string Kind; ///< The macro: Function, Method, FactoryDtype, ...
  std::string Name;
  DeviceBehaviour Device = DeviceBehaviour::Compute;
  std::string AnyDeviceParams;
  DtypeBehaviour Dtype = DtypeBehaviour::Unknown;
  ScalarKind Scalar = ScalarKind::Float;
  ModuleDtype Module = ModuleDtype::Unknown;
};

std::vector<Row> allRows() {
  std::vector<Row> Rows;
#define TORCH_FUNCTION(N, D, P, T)                                             \
  Rows.push_back({"Function", #N, DeviceBehaviour::D, P, DtypeBehaviour::T});
#define TORCH_METHOD(N, D, P, T)                                               \
  Rows.push_back({"Method", #N, DeviceBehaviour::D, P, DtypeBehaviour::T});
#define TORCH_FACTORY_DTYPE(N, K)                                              \
  Rows.push_back({"FactoryDtype", #N, DeviceBehaviour::Compute, "",            \
                  DtypeBehaviour::Unknown, ScalarKind::K});
#define TORCH_MODULE_DTYPE(P, B)                                               \
  Rows.push_back({"ModuleDtype", #P, DeviceBehaviour::Compute, "",             \
                  DtypeBehaviour::Unknown, ScalarKind::Float,                  \
                  ModuleDtype::B});
#define TORCH_STATELESS_MODULE(P)                                              \
  Rows.push_back({"StatelessModule", #P, DeviceBehaviour::Compute, "",         \
                  DtypeBehaviour::Unknown, ScalarKind::Float,                  \
                  ModuleDtype::Unknown});
#include "../../src/api/TorchApi.def"
  return Rows;
}

/// Every declaration of the parsed headers a row may name.
class Declarations : public RecursiveASTVisitor<Declarations> {
public:
  bool VisitFunctionDecl(FunctionDecl *FD) {
    if (FD->getIdentifier())
      Functions[FD->getName()].push_back(FD);
    else if (FD->getOverloadedOperator() == OO_LessLess)
      Functions["operator<<"].push_back(FD);
    return true;
  }
  bool VisitCXXRecordDecl(CXXRecordDecl *RD) {
    if (RD->isThisDeclarationADefinition() && RD->getIdentifier() &&
        RD->getName().ends_with("Impl"))
      ModuleClasses.push_back(RD);
    return true;
  }
  llvm::StringMap<std::vector<const FunctionDecl *>> Functions;
  std::vector<const CXXRecordDecl *> ModuleClasses;
};

/// User code, as programs write it, for the queries about modules: each call
/// sits in a function of its own, so that tests find it by the function's
/// name and the member it calls.
const char *const QueryProgram = R"cpp(
struct NetImpl : torch::nn::Module {
  NetImpl() {
    fc = register_module("fc", torch::nn::Linear(4, 2));
    scale = register_buffer("scale", torch::ones({2}));
  }
  torch::Tensor forward(torch::Tensor x) { return fc->forward(x) * scale; }
  torch::nn::Linear fc{nullptr};
  torch::Tensor scale;
};
template <typename M> struct WrapperImpl : torch::nn::Module {
  explicit WrapperImpl(M m) { inner = register_module("inner", m); }
  M inner;
};
struct NotAModule {
  void register_buffer(const char *, torch::Tensor) {}
  torch::Tensor forward(torch::Tensor x) { return x; }
  void to(torch::Device) {}
};
void moduleForward(NetImpl &net, torch::Tensor t) { net.forward(t); }
void moduleTo(NetImpl &net) { net.to(torch::kCUDA); }
void scriptTo(torch::jit::Module &script) { script.to(torch::kCUDA); }
void plainRegister(NotAModule &plain, torch::Tensor t) {
  plain.register_buffer("b", t);
}
void plainForward(NotAModule &plain, torch::Tensor t) { plain.forward(t); }
void plainTo(NotAModule &plain) { plain.to(torch::kCPU); }
void tensorMethods(torch::Tensor t) {
  t.to(torch::kCUDA);
  t.cuda();
  t.cpu();
  t.type_as(t);
  t.item<float>();
  t.data_ptr<float>();
  t.accessor<float, 1>();
  t.device();
  t.options();
  t.abs();
}
void optionsMethods(torch::TensorOptions o) {
  o.device(torch::kCPU);
  o.dtype(torch::kFloat);
  o.requires_grad(true);
  o.layout(torch::kStrided);
}
void optionsFunctions() {
  torch::dtype(torch::kLong);
  torch::device(torch::kCPU);
  torch::requires_grad(true);
}
void cudaQueries() {
  torch::cuda::is_available();
  torch::cuda::device_count();
  torch::cuda::synchronize();
}
void deviceTests(torch::Device d, torch::Tensor t) {
  d.is_cuda();
  t.is_cpu();
  d.index();
}
void optionsChain(torch::Device d) {
  torch::zeros({2}, torch::dtype(torch::kLong).device(d));
}
void optionsDefault() {
  torch::zeros({2}, torch::TensorOptions().requires_grad(true));
}
void optionsElement() {
  torch::zeros({2}, torch::TensorOptions().dtype<double>());
}
void optionsOfTensor(torch::Tensor t) { torch::zeros({2}, t.options()); }
void optionsVariable() {
  auto o = torch::TensorOptions().dtype(torch::kInt);
  torch::zeros({2}, o);
}
void optionsKind() { torch::zeros({2}, torch::kCUDA); }
void optionsIndex() {
  torch::zeros({2}, torch::TensorOptions().device_index(1));
}
void loaderOptions() {
  torch::data::DataLoaderOptions(4).workers(2);
  torch::data::DataLoaderOptions().batch_size(1);
}
void blobs(float *p) { torch::from_blob(p, {2}); }
void checkpoints(NetImpl &net) {
  torch::jit::load("m.pt");
  torch::save(net.scale, "s.pt");
}
)cpp";

/// The calls of the user program, by "function.member" (a constructor of a
/// class template is named "Class<T>", as Clang prints it).
class UserCalls : public RecursiveASTVisitor<UserCalls> {
public:
  explicit UserCalls(const SourceManager &SM) : SM(SM) {}
  bool TraverseFunctionDecl(FunctionDecl *FD) {
    return traverseFunction(FD, [&] {
      return RecursiveASTVisitor::TraverseFunctionDecl(FD);
    });
  }
  bool TraverseCXXMethodDecl(CXXMethodDecl *MD) {
    return traverseFunction(MD, [&] {
      return RecursiveASTVisitor::TraverseCXXMethodDecl(MD);
    });
  }
  bool TraverseCXXConstructorDecl(CXXConstructorDecl *CD) {
    return traverseFunction(CD, [&] {
      return RecursiveASTVisitor::TraverseCXXConstructorDecl(CD);
    });
  }
  bool VisitCallExpr(CallExpr *CE) {
    if (Function.empty() || !SM.isInMainFile(CE->getBeginLoc()))
      return true;
    const Expr *Callee = CE->getCallee()->IgnoreParenImpCasts();
    DeclarationName Member;
    if (const auto *ME = dyn_cast<MemberExpr>(Callee))
      Member = ME->getMemberDecl()->getDeclName();
    else if (const auto *UME = dyn_cast<UnresolvedMemberExpr>(Callee))
      Member = UME->getMemberName();
    else if (const auto *DME = dyn_cast<CXXDependentScopeMemberExpr>(Callee))
      Member = DME->getMember();
    else if (const auto *DRE = dyn_cast<DeclRefExpr>(Callee))
      Member = DRE->getDecl()->getDeclName(); // A free function's call.
    if (Member.isIdentifier())
      Calls[Function + "." + Member.getAsString()] = CE;
    return true;
  }
  std::map<std::string, const CallExpr *> Calls;

private:
  template <typename Traverse>
  bool traverseFunction(FunctionDecl *FD, Traverse Base) {
    std::string Outer = Function;
    const auto *MD = dyn_cast<CXXMethodDecl>(FD);
    Function = MD ? MD->getParent()->getNameAsString() + "::" +
                        FD->getNameAsString()
                  : FD->getNameAsString();
    bool Result = Base();
    Function = Outer;
    return Result;
  }
  const SourceManager &SM;
  std::string Function;
};

/// The headers, parsed once for all rows.
struct Headers {
  std::unique_ptr<ASTUnit> AST;
  Declarations Decls;
  std::string Error;

  Headers() {
    AST = tooling::buildASTFromCodeWithArgs(
        std::string("#include <torch/torch.h>\n#include <torch/script.h>\n") +
            QueryProgram,
        torchTestArgs(), "rows.cpp");
    if (!AST || AST->getDiagnostics().hasErrorOccurred()) {
      Error = "LibTorch's headers did not parse with: " + torchTestFlags();
      return;
    }
    Decls.TraverseDecl(AST->getASTContext().getTranslationUnitDecl());
    User = std::make_unique<UserCalls>(AST->getSourceManager());
    User->TraverseDecl(AST->getASTContext().getTranslationUnitDecl());
  }
  std::unique_ptr<UserCalls> User;
};

const Headers &headers() {
  static const Headers H;
  return H;
}

/// True when FD, a declaration the row names, has a parameter Name that the
/// API model lets stay on any device.
bool anyDeviceParam(const FunctionDecl *FD, llvm::StringRef Name) {
  for (unsigned I = 0; I < FD->getNumParams(); ++I)
    if (FD->getParamDecl(I)->getName() == Name)
      return isAnyDeviceParam(FD, I);
  return false;
}

/// Row names in gtest's messages, not bytes.
void PrintTo(const Row &R, std::ostream *OS) { *OS << R.Kind << " " << R.Name; }

class ApiRowTest : public ::testing::TestWithParam<Row> {};

TEST_P(ApiRowTest, NamesDeclarationsTheModelReadsAsTheRowSays) {
  const Headers &H = headers();
  ASSERT_TRUE(H.Error.empty()) << H.Error;
  const Row &R = GetParam();

  if (R.Kind == "ModuleDtype" || R.Kind == "StatelessModule") {
    unsigned Named = 0;
    for (const CXXRecordDecl *RD : H.Decls.ModuleClasses) {
      if (!isTorchModuleClass(RD) || !RD->getName().starts_with(R.Name))
        continue;
      ++Named;
      if (R.Kind == "ModuleDtype")
        EXPECT_EQ(moduleDtypeBehaviour(RD), R.Module) << RD->getName().str();
      else
        EXPECT_TRUE(isStatelessModuleClass(RD)) << RD->getName().str();
    }
    EXPECT_GT(Named, 0u) << "no LibTorch module class starts with " << R.Name;
    return;
  }

  auto It = H.Decls.Functions.find(R.Name);
  ASSERT_NE(It, H.Decls.Functions.end())
      << "no declaration in the headers is named " << R.Name;
  // The declarations the row is about: methods of at::Tensor for a method
  // row, LibTorch's free functions for the others.
  std::vector<const FunctionDecl *> Named;
  for (const FunctionDecl *FD : It->second) {
    const auto *MD = dyn_cast<CXXMethodDecl>(FD);
    bool TensorMethod = MD && !MD->isStatic() && isTensorMethod(MD, R.Name);
    bool Wanted =
        R.Kind == "Method" ? TensorMethod : !MD && isTorchNamespaceFunction(FD);
    if (Wanted)
      Named.push_back(FD);
  }
  ASSERT_FALSE(Named.empty())
      << R.Kind << " row " << R.Name
      << " names no declaration of that kind in LibTorch's namespaces";

  for (const FunctionDecl *FD : Named) {
    std::string Where = FD->getQualifiedNameAsString();
    if (R.Kind == "Function" || R.Kind == "Method") {
      std::optional<ApiRow> Found = rowFor(FD);
      ASSERT_TRUE(Found) << Where;
      EXPECT_EQ(Found->Device, R.Device) << Where;
      EXPECT_EQ(Found->Dtype, R.Dtype) << Where;
    } else if (R.Kind == "FactoryDtype") {
      EXPECT_EQ(factoryDefaultKind(FD), std::optional<ScalarKind>(R.Scalar))
          << Where;
    }
  }
  // Each parameter the row lets stay on any device is a parameter of some
  // declaration, by its name there.
  llvm::SmallVector<llvm::StringRef, 4> Params;
  llvm::StringRef(R.AnyDeviceParams).split(Params, ',', -1, false);
  for (llvm::StringRef P : Params) {
    P = P.trim();
    EXPECT_TRUE(llvm::any_of(
        Named, [&](const FunctionDecl *FD) { return anyDeviceParam(FD, P); }))
        << "no declaration of " << R.Name << " has a parameter '" << P.str()
        << "' that the model lets stay on any device";
  }
}

/// The user program's call Name ("function.member"), or null.
const CallExpr *userCall(llvm::StringRef Name) {
  const Headers &H = headers();
  auto It = H.User->Calls.find(Name.str());
  return It == H.User->Calls.end() ? nullptr : It->second;
}

const FunctionDecl *calleeOf(llvm::StringRef Name) {
  const CallExpr *CE = userCall(Name);
  return CE ? CE->getDirectCallee() : nullptr;
}

TEST(ApiQueries, StateRegistrationIsModulesOwnNotTheName) {
  ASSERT_TRUE(headers().Error.empty()) << headers().Error;
  for (const char *Name : {"NetImpl::NetImpl.register_module",
                           "NetImpl::NetImpl.register_buffer",
                           "WrapperImpl::WrapperImpl<M>.register_module"}) {
    ASSERT_NE(userCall(Name), nullptr) << Name;
    EXPECT_TRUE(isStateRegistration(userCall(Name))) << Name;
  }
  // Only register_buffer and register_parameter hand over a tensor.
  EXPECT_NE(registeredStateTensor(userCall("NetImpl::NetImpl.register_buffer")),
            nullptr);
  EXPECT_EQ(registeredStateTensor(userCall("NetImpl::NetImpl.register_module")),
            nullptr);
  // A class that is no module may name a method register_buffer.
  ASSERT_NE(userCall("plainRegister.register_buffer"), nullptr);
  EXPECT_FALSE(isStateRegistration(userCall("plainRegister.register_buffer")));
}

TEST(ApiQueries, ModuleForwardAndToAreModulesOwn) {
  ASSERT_TRUE(headers().Error.empty()) << headers().Error;
  EXPECT_TRUE(isModuleForward(calleeOf("moduleForward.forward")));
  EXPECT_FALSE(isModuleForward(calleeOf("plainForward.forward")));
  EXPECT_TRUE(isModuleTo(calleeOf("moduleTo.to")));
  EXPECT_FALSE(isModuleTo(calleeOf("plainTo.to")));
  EXPECT_FALSE(isModuleTo(calleeOf("scriptTo.to")));
  const auto *ScriptTo = dyn_cast_or_null<CXXMemberCallExpr>(userCall("scriptTo.to"));
  ASSERT_NE(ScriptTo, nullptr);
  EXPECT_TRUE(isScriptModuleTo(ScriptTo));
  EXPECT_FALSE(isScriptModuleTo(
      dyn_cast_or_null<CXXMemberCallExpr>(userCall("plainTo.to"))));
  EXPECT_FALSE(isScriptModuleTo(
      dyn_cast_or_null<CXXMemberCallExpr>(userCall("moduleTo.to"))));
}

const CXXMethodDecl *methodOf(llvm::StringRef Name) {
  return dyn_cast_or_null<CXXMethodDecl>(calleeOf(Name));
}

TEST(ApiQueries, TensorMethodsByMeaning) {
  ASSERT_TRUE(headers().Error.empty()) << headers().Error;
  const std::pair<const char *, TensorMethod> Expected[] = {
      {"tensorMethods.to", TensorMethod::To},
      {"tensorMethods.cuda", TensorMethod::Cuda},
      {"tensorMethods.cpu", TensorMethod::Cpu},
      {"tensorMethods.type_as", TensorMethod::TypeAs},
      {"tensorMethods.item", TensorMethod::Item},
      {"tensorMethods.data_ptr", TensorMethod::HostData},
      {"tensorMethods.accessor", TensorMethod::HostData},
      {"tensorMethods.device", TensorMethod::Device},
      {"tensorMethods.options", TensorMethod::Options},
      {"tensorMethods.abs", TensorMethod::Other},
      // A class of the user's may name a method `to`: no Tensor method.
      {"plainTo.to", TensorMethod::Other},
      {"moduleTo.to", TensorMethod::Other}};
  for (const auto &[Name, Method] : Expected) {
    ASSERT_NE(methodOf(Name), nullptr) << Name;
    EXPECT_EQ(tensorMethod(methodOf(Name)), Method) << Name;
  }
  EXPECT_TRUE(copiesToDevice(tensorMethod(methodOf("tensorMethods.cpu"))));
  EXPECT_FALSE(copiesToDevice(tensorMethod(methodOf("tensorMethods.type_as"))));
  // Any class's `to` is a move by name, for the rules that look for moves.
  EXPECT_TRUE(isToMethod(methodOf("plainTo.to")));
  EXPECT_TRUE(convertsModuleState(methodOf("moduleTo.to")));
  EXPECT_FALSE(convertsModuleState(methodOf("plainTo.to")));
}

TEST(ApiQueries, OptionsSetters) {
  ASSERT_TRUE(headers().Error.empty()) << headers().Error;
  const std::pair<const char *, OptionsSetter> Expected[] = {
      {"optionsMethods.device", OptionsSetter::Device},
      {"optionsMethods.dtype", OptionsSetter::Dtype},
      {"optionsMethods.requires_grad", OptionsSetter::RequiresGrad},
      {"optionsMethods.layout", OptionsSetter::Layout},
      {"optionsFunctions.dtype", OptionsSetter::Dtype},
      {"optionsFunctions.device", OptionsSetter::Device},
      {"optionsFunctions.requires_grad", OptionsSetter::RequiresGrad},
      // A Tensor's device() reads a device; it sets no option.
      {"tensorMethods.device", OptionsSetter::None}};
  for (const auto &[Name, Setter] : Expected) {
    ASSERT_NE(calleeOf(Name), nullptr) << Name;
    EXPECT_EQ(optionsSetter(calleeOf(Name)), Setter) << Name;
  }
}

/// What the options of the user program's torch::zeros call in Function
/// say of Field.
OptionsPart zerosOptions(llvm::StringRef Function, OptionsField Field) {
  const CallExpr *Zeros = userCall((Function + ".zeros").str());
  if (!Zeros || Zeros->getNumArgs() < 2)
    return OptionsPart();
  return optionsPart(Zeros->getArg(1), Field);
}

TEST(ApiQueries, OneReadingOfOptions) {
  ASSERT_TRUE(headers().Error.empty()) << headers().Error;
  const ASTContext &Ctx = headers().AST->getASTContext();
  auto Text = [&](const OptionsPart &P) {
    return P.E ? sourceText(P.E, Ctx) : std::string("<null>");
  };
  // A chain: the dtype from the torch:: function that starts it, the
  // device from the setter after it.
  OptionsPart P = zerosOptions("optionsChain", OptionsField::Dtype);
  EXPECT_EQ(P.Kind, OptionsPart::Value);
  EXPECT_EQ(Text(P), "torch::kLong");
  P = zerosOptions("optionsChain", OptionsField::Device);
  EXPECT_EQ(P.Kind, OptionsPart::Value);
  EXPECT_EQ(Text(P), "d");
  // requires_grad() sets neither.
  EXPECT_EQ(zerosOptions("optionsDefault", OptionsField::Dtype).Kind,
            OptionsPart::Default);
  EXPECT_EQ(zerosOptions("optionsDefault", OptionsField::Device).Kind,
            OptionsPart::Default);
  P = zerosOptions("optionsElement", OptionsField::Dtype);
  EXPECT_EQ(P.Kind, OptionsPart::ElementType);
  EXPECT_EQ(elementKindOf(P.Type),
            std::optional<ScalarKind>(ScalarKind::Double));
  P = zerosOptions("optionsOfTensor", OptionsField::Device);
  EXPECT_EQ(P.Kind, OptionsPart::OfTensor);
  EXPECT_EQ(Text(P), "t");
  // A variable is the property's to follow.
  P = zerosOptions("optionsVariable", OptionsField::Dtype);
  EXPECT_EQ(P.Kind, OptionsPart::Variable);
  ASSERT_NE(P.Var, nullptr);
  EXPECT_EQ(P.Var->getName(), "o");
  // A device type given as options sets the device alone.
  EXPECT_EQ(zerosOptions("optionsKind", OptionsField::Device).Kind,
            OptionsPart::Value);
  EXPECT_EQ(zerosOptions("optionsKind", OptionsField::Dtype).Kind,
            OptionsPart::Default);
  // device_index(1) names a CUDA device this reading does not spell out.
  EXPECT_EQ(zerosOptions("optionsIndex", OptionsField::Device).Kind,
            OptionsPart::Unknown);
  EXPECT_EQ(zerosOptions("optionsIndex", OptionsField::Dtype).Kind,
            OptionsPart::Default);
}

TEST(ApiQueries, BatchSizeOfLoaderOptions) {
  ASSERT_TRUE(headers().Error.empty()) << headers().Error;
  const ASTContext &Ctx = headers().AST->getASTContext();
  for (const auto &[Name, Size] :
       {std::pair("loaderOptions.workers", "4"),
        std::pair("loaderOptions.batch_size", "1")}) {
    ASSERT_NE(userCall(Name), nullptr) << Name;
    const Expr *Arg = batchSizeArg(userCall(Name));
    ASSERT_NE(Arg, nullptr) << Name;
    EXPECT_EQ(sourceText(Arg, Ctx), Size) << Name;
  }
  // A setter of TensorOptions sets no batch.
  EXPECT_EQ(batchSizeArg(userCall("optionsMethods.dtype")), nullptr);
}

TEST(ApiQueries, CudaQueriesAndDeviceTests) {
  ASSERT_TRUE(headers().Error.empty()) << headers().Error;
  EXPECT_EQ(cudaQuery(calleeOf("cudaQueries.is_available")),
            CudaQuery::Available);
  EXPECT_EQ(cudaQuery(calleeOf("cudaQueries.device_count")),
            CudaQuery::DeviceCount);
  ASSERT_NE(calleeOf("cudaQueries.synchronize"), nullptr);
  EXPECT_EQ(cudaQuery(calleeOf("cudaQueries.synchronize")), CudaQuery::None);
  EXPECT_EQ(deviceTest(methodOf("deviceTests.is_cuda")), true);
  EXPECT_EQ(deviceTest(methodOf("deviceTests.is_cpu")), false);
  ASSERT_NE(methodOf("deviceTests.index"), nullptr);
  EXPECT_EQ(deviceTest(methodOf("deviceTests.index")), std::nullopt);
}

TEST(ApiQueries, LibTorchFunctionsByMeaning) {
  ASSERT_TRUE(headers().Error.empty()) << headers().Error;
  EXPECT_TRUE(isFromBlob(calleeOf("blobs.from_blob")));
  EXPECT_FALSE(isFromBlob(calleeOf("optionsFunctions.dtype")));
  EXPECT_TRUE(isScriptModuleLoad(calleeOf("checkpoints.load")));
  EXPECT_TRUE(isCheckpointSave(calleeOf("checkpoints.save")));
  EXPECT_FALSE(isCheckpointSave(calleeOf("checkpoints.load")));
  EXPECT_EQ(registrationCall(ModuleState::Buffer), "register_buffer");
}

TEST(ApiQueries, DeviceStrings) {
  struct Case {
    const char *Text;
    DeviceString::KindTy Kind;
    int Index;
  };
  const Case Cases[] = {{"cpu", DeviceString::Cpu, -1},
                        {"cuda", DeviceString::Cuda, -1},
                        {"cuda:1", DeviceString::Cuda, 1},
                        {"mps", DeviceString::Mps, -1},
                        {"xla:0", DeviceString::Other, 0},
                        {"cuda:x", DeviceString::Malformed, -1},
                        {"", DeviceString::Malformed, -1}};
  for (const Case &C : Cases) {
    DeviceString D = parseDeviceString(C.Text);
    EXPECT_EQ(D.Kind, C.Kind) << C.Text;
    EXPECT_EQ(D.Index, C.Index) << C.Text;
  }
  EXPECT_TRUE(isCudaOrdinalPrefix("cuda:"));
  EXPECT_FALSE(isCudaOrdinalPrefix("cuda"));
  EXPECT_TRUE(mentionsDevice("cfg.use_GPU"));
  EXPECT_FALSE(mentionsDevice("dataloader(batch)"));
}

std::string rowTestName(const ::testing::TestParamInfo<Row> &Info) {
  std::string Name = Info.param.Kind + "_" + Info.param.Name;
  for (char &C : Name)
    if (!isalnum(static_cast<unsigned char>(C)))
      C = '_';
  return Name + "_" + std::to_string(Info.index);
}

INSTANTIATE_TEST_SUITE_P(TorchApiDef, ApiRowTest,
                         ::testing::ValuesIn(allRows()), rowTestName);

} // namespace
