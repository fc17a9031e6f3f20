//===- LoadSitesTest.cpp - Checkpoint loads and where they land -----------===//
//
// The load sites analysis (torchlint/analysis/LoadSites.h) on a real LibTorch program:
// which loads leave the device to the file, what they read, and which the
// code around already places (guarded, saved by the function itself, moved
// at once).
//
//===----------------------------------------------------------------------===//

#include "torchlint/analysis/LoadSites.h"
#include "TorchProgram.h"

#include "clang/AST/ExprCXX.h"

using namespace clang;
using namespace torchlint;

namespace {

const char *const Program = R"cpp(
#include <torch/script.h>
#include <torch/torch.h>

#include <string>

struct NetImpl : torch::nn::Module {
  NetImpl() { fc = register_module("fc", torch::nn::Linear(2, 2)); }
  torch::nn::Linear fc{nullptr};
};
TORCH_MODULE(Net);

void loads(const std::string &Path, torch::Device device) {
  auto Bare = torch::jit::load(Path); // bare
  Bare.eval();
  auto OnCpu = torch::jit::load(Path, torch::kCPU); // on-cpu
  auto OnDevice = torch::jit::load(Path, device); // on-device
  auto NoDevice = torch::jit::load(Path, c10::nullopt); // nullopt
  Net Model;
  torch::load(Model, Path); // model
  torch::Tensor Image;
  torch::load(Image, Path); // tensor
  std::vector<torch::Tensor> Pair;
  torch::load(Pair, Path); // tensors
  Model->to(device); // move-model
  Image = Image.to(device); // move-tensor
}

template <class Model, class Where>
void maybeDevice(Model &M, const std::string &Path, Where W) {
  torch::load(M, Path, W); // dependent-third
}

template <class Model> void dependentModel(Model &M, const std::string &Path) {
  torch::load(M, Path); // dependent-two
}

void placed(const std::string &Path, torch::Device device) {
  auto Traced = torch::jit::load(Path); // moved-next
  int Unrelated = 0;
  Traced.to(device);
  torch::jit::script::Module Assigned;
  Assigned = torch::jit::load(Path); // moved-assigned
  Assigned.to(device, /*non_blocking=*/true);
  torch::jit::script::Module InTry;
  try {
    InTry = torch::jit::load(Path); // moved-after-try
  } catch (const c10::Error &) {
    return;
  }
  InTry.to(device);
  auto Used = torch::jit::load(Path); // used-first
  Used.eval();
  Used.to(device);
  if (torch::cuda::is_available()) {
    auto Guarded = torch::jit::load(Path); // guarded
  }
  Net Model;
  std::string Checkpoint = Path + ".ckpt";
  torch::save(Model, Checkpoint);
  torch::load(Model, Checkpoint); // saved-same
  torch::load(Model, Path + ".other"); // saved-other
  torch::load(Model, Path); // model-moved
  Model->to(device);
}
)cpp";

TorchProgram &program() {
  static TorchProgram P(Program);
  return P;
}

/// The torch::load or torch::jit::load call on the line marked Marker.
const CallExpr *loadOn(llvm::StringRef Marker) {
  return program().find<CallExpr>(Marker, [](const CallExpr *CE) {
    std::string Name = loadCalleeName(CE);
    return !isa<CXXOperatorCallExpr>(CE) &&
           (Name == "torch::load" || Name == "torch::jit::load") &&
           (CE->getDirectCallee() ||
            isa<UnresolvedLookupExpr>(CE->getCallee()->IgnoreParenImpCasts()));
  });
}

/// A load leaves the device to the file unless the call writes one.
void deviceLeftToTheFileUnlessWritten() {
  ASSERT_TRUE(program().ok());
  EXPECT_EQ(loadCalleeName(loadOn("// bare")), "torch::jit::load");
  EXPECT_EQ(loadCalleeName(loadOn("// model")), "torch::load");
  EXPECT_TRUE(loadLeavesDeviceToFile(loadOn("// bare")));
  EXPECT_TRUE(loadLeavesDeviceToFile(loadOn("// model")));
  EXPECT_FALSE(loadLeavesDeviceToFile(loadOn("// on-cpu")));
  EXPECT_FALSE(loadLeavesDeviceToFile(loadOn("// on-device")));
  // A written c10::nullopt is a decision, not an omission.
  EXPECT_FALSE(loadLeavesDeviceToFile(loadOn("// nullopt")));
  // In a template: a third argument may be a device; two may not.
  EXPECT_FALSE(loadLeavesDeviceToFile(loadOn("// dependent-third")));
  EXPECT_TRUE(loadLeavesDeviceToFile(loadOn("// dependent-two")));
  EXPECT_EQ(loadCalleeName(loadOn("// dependent-two")), "torch::load");
}

/// Tensors read from a file are data; modules and dependent models are not.
void tensorsAreDataModelsAreNot() {
  ASSERT_TRUE(program().ok());
  EXPECT_TRUE(loadsData(loadOn("// tensor")));
  EXPECT_TRUE(loadsData(loadOn("// tensors")));
  EXPECT_FALSE(loadsData(loadOn("// model")));
  EXPECT_FALSE(loadsData(loadOn("// bare")));
  // A dependent model is no known data.
  EXPECT_FALSE(loadsData(loadOn("// dependent-two")));
}

/// A guard, a save by the same function or an immediate move places a load.
void placedByGuardSaveOrImmediateMove() {
  ASSERT_TRUE(program().ok());
  ASTContext &Ctx = program().context();
  EXPECT_TRUE(isMovedRightAfter(loadOn("// moved-next"), Ctx));
  EXPECT_TRUE(isMovedRightAfter(loadOn("// moved-assigned"), Ctx));
  EXPECT_TRUE(isMovedRightAfter(loadOn("// moved-after-try"), Ctx));
  EXPECT_FALSE(isMovedRightAfter(loadOn("// used-first"), Ctx));
  EXPECT_FALSE(isMovedRightAfter(loadOn("// bare"), Ctx));
  // A checkpoint read by torch::load gets no pass for a move.
  EXPECT_FALSE(isMovedRightAfter(loadOn("// model-moved"), Ctx));

  EXPECT_TRUE(isSavedEarlier(loadOn("// saved-same"), Ctx));
  EXPECT_FALSE(isSavedEarlier(loadOn("// saved-other"), Ctx));
  EXPECT_FALSE(isSavedEarlier(loadOn("// model"), Ctx));

  EXPECT_TRUE(isLoadPlaced(loadOn("// guarded"), Ctx));
  EXPECT_TRUE(isLoadPlaced(loadOn("// saved-same"), Ctx));
  EXPECT_TRUE(isLoadPlaced(loadOn("// moved-next"), Ctx));
  EXPECT_FALSE(isLoadPlaced(loadOn("// bare"), Ctx));
  EXPECT_FALSE(isLoadPlaced(loadOn("// model-moved"), Ctx));
}

/// A move names its device variable and the object (a holder, not ->).
void movesNameTheirDeviceAndObject() {
  ASSERT_TRUE(program().ok());
  const auto *Model = program().find<CXXMemberCallExpr>(
      "// move-model", [](const CXXMemberCallExpr *MC) {
        return MC->getMethodDecl() && MC->getMethodDecl()->getName() == "to";
      });
  ASSERT_TRUE(Model);
  const ValueDecl *Device = movedToDevice(Model->getArg(0));
  ASSERT_TRUE(Device);
  EXPECT_EQ(Device->getName(), "device");
  // The module holder, not its operator->.
  const Expr *Object = movedObject(Model);
  ASSERT_TRUE(Object);
  const auto *Holder = dyn_cast<DeclRefExpr>(Object->IgnoreImplicit());
  ASSERT_TRUE(Holder);
  EXPECT_EQ(Holder->getDecl()->getName(), "Model");

  const auto *Tensor = program().find<CXXMemberCallExpr>(
      "// move-tensor", [](const CXXMemberCallExpr *MC) {
        return MC->getMethodDecl() && MC->getMethodDecl()->getName() == "to";
      });
  ASSERT_TRUE(Tensor);
  EXPECT_EQ(movedToDevice(Tensor->getArg(0)), Device);
  // The path is no device.
  EXPECT_FALSE(movedToDevice(loadOn("// bare")->getArg(0)));
}

/// LibTorch's headers take most of a minute to parse, and ctest runs each test
/// in a process of its own: one test asks every question of one parse.
TEST(LoadSites, EachLoadOnTheProgram) {
  ASSERT_TRUE(program().ok());
  {
    SCOPED_TRACE("DeviceLeftToTheFileUnlessWritten");
    deviceLeftToTheFileUnlessWritten();
  }
  {
    SCOPED_TRACE("TensorsAreDataModelsAreNot");
    tensorsAreDataModelsAreNot();
  }
  {
    SCOPED_TRACE("PlacedByGuardSaveOrImmediateMove");
    placedByGuardSaveOrImmediateMove();
  }
  {
    SCOPED_TRACE("MovesNameTheirDeviceAndObject");
    movesNameTheirDeviceAndObject();
  }
}

} // namespace
