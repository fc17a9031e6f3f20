//===- DeviceChoiceTest.cpp - Where code names a device, and why ----------===//
//
// The device choice analysis (torchlint/analysis/DeviceChoice.h) on a real LibTorch
// program: which CUDA devices are named where nothing proves CUDA is there,
// what the code around a named device shows (a choice, a question, a copy),
// what a unit shows of the project's need for CUDA, and which device
// variables and fields hold a choice made at run time.
//
//===----------------------------------------------------------------------===//

#include "torchlint/analysis/DeviceChoice.h"
#include "TestUtil.h"
#include "TorchProgram.h"
#include "torchlint/api/Syntax.h"
#include "torchlint/core/ProjectFacts.h"

#include "clang/AST/ExprCXX.h"

using namespace clang;
using namespace torchlint;

namespace {

const char *const Program = R"cpp(
#include <torch/torch.h>

#include <stdexcept>
#include <string>

torch::Device pick(bool Gpu) {
  return Gpu ? torch::kCUDA : torch::kCPU; // ternary
}

torch::Device fallback() {
  return torch::kCPU; // return-cpu
}

void choices(int Argc, char **Argv, torch::Tensor X) {
  torch::Device Cpu(torch::kCPU); // var-cpu
  auto Y = X.to(torch::kCPU); // copy-cpu
  torch::Device Named(Argv[1]); // by-name
  torch::Device Literal("cpu"); // cpu-name
  torch::Device Gpu("cuda"); // cuda-name
  torch::Device Second(torch::kCUDA, Argc); // runtime-index
  torch::Device First(torch::kCUDA, 0); // constant-index
  torch::Device Bare = torch::kCUDA; // init-var
  auto Z = X.to(torch::kCUDA); // to-arg
  bool OnGpu = X.device().type() == torch::kCUDA; // inspection
  if (torch::cuda::is_available()) {
    auto W = X.to(torch::kCUDA); // guarded-kind
    torch::Device G("cuda:1"); // guarded-name
    torch::cuda::synchronize(); // guarded-only
  }
  torch::cuda::synchronize(); // cuda-only
}

torch::Tensor overridden(torch::Tensor X, torch::Device D = torch::kCUDA) { // unused-default
  return X.to(D);
}
torch::Tensor taken(torch::Tensor X, torch::Device D = torch::kCUDA) { // used-default
  return X.to(D);
}
void callers(torch::Tensor X, torch::Device Dev) {
  overridden(X, Dev);
  taken(X);
}

void needs() {
  if (!torch::cuda::is_available()) // rejects
    throw std::runtime_error("CUDA required");
}

bool asks() { return torch::cuda::is_available(); } // asks

struct Config {
  torch::Device device = torch::kCPU; // field-cpu
  torch::Device fixed = torch::kCUDA; // field-cuda
};

void runtime(bool UseGpu, torch::Device Param, Config &Cfg) {
  torch::Device Chosen = UseGpu ? torch::kCUDA : torch::kCPU; // rt-ternary
  torch::Device OnlyCpu(torch::kCPU); // rt-only-cpu
  torch::Device OnlyGpu("cuda:1"); // rt-only-gpu
  torch::Device Switched = torch::kCPU; // rt-switched
  if (torch::cuda::is_available())
    Switched = torch::kCUDA;
  torch::Device Picked = pick(UseGpu); // rt-picked
  torch::Device Copy = Param; // rt-copy
  Cfg.device = torch::kCUDA; // write-gpu-over-cpu
  Cfg.fixed = torch::kCUDA; // write-gpu-over-gpu
  Cfg.device = Param; // write-param
  Cfg.device = torch::kCPU; // write-cpu
  Cfg.device = UseGpu ? torch::kCUDA : torch::kCPU; // write-ternary
}
)cpp";

TorchProgram &program() {
  static TorchProgram P(Program);
  return P;
}

/// The reference to torch::kName (c10::kName) on the line marked Marker.
const DeclRefExpr *kindOn(llvm::StringRef Marker, llvm::StringRef Name) {
  return program().find<DeclRefExpr>(Marker, [&](const DeclRefExpr *DRE) {
    return DRE->getDecl()->getIdentifier() &&
           DRE->getDecl()->getName() == ("k" + Name).str();
  });
}

/// The torch::Device construction on the line marked Marker.
const CXXConstructExpr *deviceOn(llvm::StringRef Marker) {
  return program().find<CXXConstructExpr>(
      Marker, [](const CXXConstructExpr *CE) {
        const CXXRecordDecl *RD = CE->getConstructor()->getParent();
        return RD->getName() == "Device" &&
               !CE->getConstructor()->isCopyOrMoveConstructor();
      });
}

/// The call of a function named Name on the line marked Marker.
const CallExpr *callOn(llvm::StringRef Marker, llvm::StringRef Name) {
  return program().find<CallExpr>(Marker, [&](const CallExpr *CE) {
    const FunctionDecl *FD = CE->getDirectCallee();
    return FD && FD->getIdentifier() && FD->getName() == Name;
  });
}

/// The CPU chosen as a device, or only copied to.
void cpuChosenOrCopiedTo() {
  ASSERT_TRUE(program().ok());
  ASTContext &Ctx = program().context();
  EXPECT_TRUE(choosesCpuDevice(kindOn("// ternary", "CPU"), Ctx));
  EXPECT_TRUE(choosesCpuDevice(kindOn("// return-cpu", "CPU"), Ctx));
  EXPECT_TRUE(choosesCpuDevice(kindOn("// var-cpu", "CPU"), Ctx));
  // Copying results to the CPU chooses nothing.
  EXPECT_FALSE(choosesCpuDevice(kindOn("// copy-cpu", "CPU"), Ctx));
  // A device named by the user or "cpu" may be the CPU; "cuda" is not.
  EXPECT_TRUE(choosesCpuByName(deviceOn("// by-name"), Ctx));
  EXPECT_TRUE(choosesCpuByName(deviceOn("// cpu-name"), Ctx));
  EXPECT_FALSE(choosesCpuByName(deviceOn("// cuda-name"), Ctx));
}

/// CUDA kinds, names and CUDA-only calls with nothing proving CUDA there.
void unguardedCudaKindsAndNames() {
  ASSERT_TRUE(program().ok());
  ASTContext &Ctx = program().context();
  EXPECT_TRUE(isUnguardedCudaKind(kindOn("// init-var", "CUDA"), Ctx));
  EXPECT_TRUE(isUnguardedCudaKind(kindOn("// to-arg", "CUDA"), Ctx));
  EXPECT_TRUE(isUnguardedCudaKind(kindOn("// constant-index", "CUDA"), Ctx));
  EXPECT_FALSE(isUnguardedCudaKind(kindOn("// guarded-kind", "CUDA"), Ctx));
  EXPECT_FALSE(isUnguardedCudaKind(kindOn("// inspection", "CUDA"), Ctx));
  EXPECT_FALSE(isUnguardedCudaKind(kindOn("// runtime-index", "CUDA"), Ctx));
  EXPECT_TRUE(isDeviceInspection(kindOn("// inspection", "CUDA"), Ctx));
  EXPECT_TRUE(hasRuntimeDeviceIndex(kindOn("// runtime-index", "CUDA"), Ctx));
  EXPECT_FALSE(hasRuntimeDeviceIndex(kindOn("// constant-index", "CUDA"), Ctx));

  const Expr *Name = unguardedCudaName(deviceOn("// cuda-name"), Ctx);
  ASSERT_TRUE(Name);
  EXPECT_TRUE(isa<StringLiteral>(Name));
  EXPECT_FALSE(unguardedCudaName(deviceOn("// guarded-name"), Ctx));
  EXPECT_FALSE(unguardedCudaName(deviceOn("// cpu-name"), Ctx));

  EXPECT_TRUE(
      isUnguardedCudaOnlyCall(callOn("// cuda-only", "synchronize"), Ctx));
  EXPECT_FALSE(
      isUnguardedCudaOnlyCall(callOn("// guarded-only", "synchronize"), Ctx));
  // Asking is safe without a GPU.
  EXPECT_FALSE(isUnguardedCudaOnlyCall(callOn("// asks", "is_available"), Ctx));
}

/// Where a fix goes: a device variable's initialiser, Tensor::to, a default.
void whereTheFixGoes() {
  ASSERT_TRUE(program().ok());
  ASTContext &Ctx = program().context();
  const VarDecl *Bare =
      initialisedDeviceVariable(kindOn("// init-var", "CUDA"), Ctx);
  ASSERT_TRUE(Bare);
  EXPECT_EQ(Bare->getName(), "Bare");
  // `Device(kCUDA, 0)` adds an index: the variable is not the kind alone.
  EXPECT_FALSE(
      initialisedDeviceVariable(kindOn("// constant-index", "CUDA"), Ctx));
  EXPECT_FALSE(initialisedDeviceVariable(kindOn("// to-arg", "CUDA"), Ctx));
  EXPECT_TRUE(isTensorToArgument(kindOn("// to-arg", "CUDA"), Ctx));
  EXPECT_FALSE(isTensorToArgument(kindOn("// init-var", "CUDA"), Ctx));
  // A CUDA default every caller overrides is never used.
  EXPECT_TRUE(
      isInUnusedDefaultArgument(kindOn("// unused-default", "CUDA"), Ctx));
  EXPECT_FALSE(
      isInUnusedDefaultArgument(kindOn("// used-default", "CUDA"), Ctx));
  EXPECT_FALSE(isInUnusedDefaultArgument(kindOn("// init-var", "CUDA"), Ctx));
  EXPECT_FALSE(isUnguardedCudaKind(kindOn("// unused-default", "CUDA"), Ctx));
  EXPECT_TRUE(isUnguardedCudaKind(kindOn("// used-default", "CUDA"), Ctx));
}

/// What sites show of the project's need for CUDA, and the option's values.
void evidenceOfTheProjectsNeedForCuda() {
  ASSERT_TRUE(program().ok());
  ASTContext &Ctx = program().context();
  EXPECT_EQ(cudaEvidence(callOn("// rejects", "is_available"), Ctx),
            std::optional<ProjectFact>(FactKind::RequiresCuda));
  EXPECT_EQ(cudaEvidence(callOn("// asks", "is_available"), Ctx),
            std::optional<ProjectFact>(FactKind::RunsWithoutCuda));
  EXPECT_EQ(cudaEvidence(kindOn("// ternary", "CPU"), Ctx),
            std::optional<ProjectFact>(FactKind::RunsWithoutCuda));
  EXPECT_EQ(cudaEvidence(deviceOn("// by-name"), Ctx),
            std::optional<ProjectFact>(FactKind::RunsWithoutCuda));
  EXPECT_FALSE(cudaEvidence(kindOn("// copy-cpu", "CPU"), Ctx));
  EXPECT_FALSE(cudaEvidence(deviceOn("// cuda-name"), Ctx));

  EXPECT_EQ(cudaRequirement("TRUE"), CudaRequirement::Required);
  EXPECT_EQ(cudaRequirement("false"), CudaRequirement::NotRequired);
  EXPECT_EQ(cudaRequirement("auto"), CudaRequirement::Auto);
  EXPECT_EQ(cudaRequirement("maybe"), CudaRequirement::Auto);
}

/// The device variable declared on the line marked Marker.
const VarDecl *deviceVariableOn(llvm::StringRef Marker) {
  const DeclStmt *DS = program().find<DeclStmt>(
      Marker, [](const DeclStmt *DS) { return DS->isSingleDecl(); });
  return DS ? dyn_cast<VarDecl>(DS->getSingleDecl()) : nullptr;
}

/// The field and the value of the device field assignment on the line
/// marked Marker.
std::pair<const FieldDecl *, const Expr *> fieldWriteOn(llvm::StringRef Marker) {
  const auto *Write = program().find<CXXOperatorCallExpr>(
      Marker, [](const CXXOperatorCallExpr *OC) {
        return OC->getOperator() == OO_Equal && OC->getNumArgs() == 2;
      });
  if (!Write)
    return {};
  const auto *ME = dyn_cast<MemberExpr>(Write->getArg(0)->IgnoreParenImpCasts());
  return {ME ? dyn_cast<FieldDecl>(ME->getMemberDecl()) : nullptr,
          Write->getArg(1)};
}

/// Which device variables and fields hold a choice made at run time, and
/// which writes to a device field make it one.
void runTimeDeviceChoices() {
  ASSERT_TRUE(program().ok());
  // A ternary, the CPU and an accelerator both written, a device a function
  // returns, a copy of a parameter: chosen at run time.
  for (const char *Marker :
       {"// rt-ternary", "// rt-switched", "// rt-picked", "// rt-copy"}) {
    SCOPED_TRACE(Marker);
    const VarDecl *VD = deviceVariableOn(Marker);
    ASSERT_TRUE(VD);
    EXPECT_TRUE(isRuntimeDevice(VD));
  }
  // Only ever the CPU, or only ever one GPU: no choice.
  for (const char *Marker : {"// rt-only-cpu", "// rt-only-gpu"}) {
    SCOPED_TRACE(Marker);
    const VarDecl *VD = deviceVariableOn(Marker);
    ASSERT_TRUE(VD);
    EXPECT_FALSE(isRuntimeDevice(VD));
  }
  // A parameter is the caller's choice.
  auto [Field, Param] = fieldWriteOn("// write-param");
  ASSERT_TRUE(Field && Param);
  const auto *ParamRef = dyn_cast<DeclRefExpr>(api::ignoreWrappers(Param));
  ASSERT_TRUE(ParamRef);
  EXPECT_TRUE(isRuntimeDevice(ParamRef->getDecl()));
  // A field's own writes are its class's (the constructor, the member
  // functions): Config writes none, so its CPU initialiser is all it holds.
  EXPECT_EQ(Field->getName(), "device");
  EXPECT_FALSE(isRuntimeDevice(Field));

  // Writes from outside the class: a choice, or a GPU over a CPU default.
  EXPECT_TRUE(writesRuntimeDevice(Field, Param));
  for (const char *Marker : {"// write-gpu-over-cpu", "// write-ternary"}) {
    SCOPED_TRACE(Marker);
    auto [F, Value] = fieldWriteOn(Marker);
    ASSERT_TRUE(F && Value);
    EXPECT_TRUE(writesRuntimeDevice(F, Value));
  }
  for (const char *Marker : {"// write-gpu-over-gpu", "// write-cpu"}) {
    SCOPED_TRACE(Marker);
    auto [F, Value] = fieldWriteOn(Marker);
    ASSERT_TRUE(F && Value);
    EXPECT_FALSE(writesRuntimeDevice(F, Value));
  }
}

/// LibTorch's headers take most of a minute to parse, and ctest runs each test
/// in a process of its own: one test asks every question of one parse.
TEST(DeviceChoice, EachSiteOnTheProgram) {
  ASSERT_TRUE(program().ok());
  {
    SCOPED_TRACE("CpuChosenOrCopiedTo");
    cpuChosenOrCopiedTo();
  }
  {
    SCOPED_TRACE("UnguardedCudaKindsAndNames");
    unguardedCudaKindsAndNames();
  }
  {
    SCOPED_TRACE("WhereTheFixGoes");
    whereTheFixGoes();
  }
  {
    SCOPED_TRACE("EvidenceOfTheProjectsNeedForCuda");
    evidenceOfTheProjectsNeedForCuda();
  }
  {
    SCOPED_TRACE("RunTimeDeviceChoices");
    runTimeDeviceChoices();
  }
}

/// A build that enables CUDA beside the unit says the project needs it; a
/// folder without one says nothing.
TEST(DeviceChoice, BuildThatDeclaresCuda) {
  TempDir Dir;
  Dir.write(".git/HEAD", "ref: refs/heads/main\n");
  Dir.write("cuda/CMakeLists.txt",
            "project(app LANGUAGES CXX CUDA)\nadd_executable(app main.cpp)\n");
  Dir.write("plain/CMakeLists.txt",
            "project(app LANGUAGES CXX)\nadd_executable(app main.cpp)\n");
  for (const char *Folder : {"cuda", "plain"}) {
    std::string File = Dir.write(std::string(Folder) + "/main.cpp",
                                 "int main() { return 0; }\n");
    std::unique_ptr<ASTUnit> AST = tooling::buildASTFromCodeWithArgs(
        "int main() { return 0; }\n", {"-std=c++17"}, File);
    ASSERT_TRUE(AST);
    EXPECT_EQ(unitBuildDeclaresCuda(AST->getASTContext()),
              std::string(Folder) == "cuda")
        << Folder;
  }
}

} // namespace
