//===- FactoryMissingDeviceRule.cpp - torch-factory-missing-device --------===//
//
// Code whose tensors follow an input's device (a module's forward(), any
// function taking tensors) must create new tensors on that device too. A
// factory with no device builds on the CPU; the first operation that mixes it
// with the input crashes on a GPU. Reported once, at the factory, instead of a
// torch-device-mismatch at the operation.
//
//===----------------------------------------------------------------------===//

#include "DeviceConflicts.h"
#include "RuleUtils.h"
#include "Rules.h"
#include "torchlint/api/Syntax.h"
#include "torchlint/api/TorchApi.h"

using namespace clang;

namespace torchlint {
namespace {

class FactoryMissingDeviceRule : public DeviceConflictRule {
public:
  using DeviceConflictRule::DeviceConflictRule;

  bool claims(Claim C) const override {
    return C == Claim::FactoryWithoutDevice;
  }

protected:
  void onConflict(const DeviceConflict &C, ASTContext &Ctx) override {
    if (C.Kind != DeviceConflict::FactoryMissingDevice)
      return;
    const auto *Factory = static_cast<const CallExpr *>(C.Stray.Fact.Birth);
    const FunctionDecl *Callee = Factory ? Factory->getDirectCallee() : nullptr;
    if (!Callee)
      return;
    std::string Input = C.Other.Fact.Value.FixText;
    Finding &F =
        report(Factory->getBeginLoc(),
               "'" + Callee->getQualifiedNameAsString() +
                   "' creates a tensor on the CPU, but it is used with " +
                   describeOperand(C.Other) +
                   (C.Other.IsModule ? ", which are on " : ", which is on ") +
                   C.Other.Fact.Value.Spelling);
    F.Notes.push_back(
        {C.Site->getExprLoc(), "they meet in '" + C.Callee + "' here"});
    addFix(F, Factory, Input, Ctx);
    F.Needs = neededFor(C);
  }

private:
  /// Creates the tensor on the input's device, keeping the dtype as written.
  static void addFix(Finding &F, const CallExpr *Factory,
                     const std::string &Input, ASTContext &Ctx) {
    // A module's holder has no device() to name.
    if (Input.empty())
      return;
    std::string Device = "torch::device(" + Input + ".device())";
    const Expr *Options = nullptr;
    const Expr *LastWritten = nullptr;
    for (const Expr *A : Factory->arguments()) {
      if (isa<CXXDefaultArgExpr>(A))
        continue;
      LastWritten = A;
      if (api::isTensorOptionsType(A->getType()))
        Options = A;
    }
    if (!LastWritten)
      return;
    if (!Options) {
      if (auto Fix = insertFix(LastWritten->getEndLoc(), ", " + Device,
                               /*After=*/true, Ctx))
        F.Fixes.push_back(*Fix);
      return;
    }
    const Expr *Written = api::ignoreWrappers(Options);
    std::string Text = api::sourceText(Written, Ctx);
    if (Text.empty())
      return;
    // A bare dtype (torch::kLong) becomes options with both.
    bool IsDtype = api::isScalarTypeType(Written->getType());
    std::string Replacement = IsDtype
                                  ? Device + ".dtype(" + Text + ")"
                                  : Text + ".device(" + Input + ".device())";
    if (auto Fix = replaceFix(Written->getSourceRange(), Replacement, Ctx))
      F.Fixes.push_back(*Fix);
  }
};

} // namespace

std::unique_ptr<Rule> createFactoryMissingDeviceRule(const RuleInfo &Info,
                                                     RuleEnvironment &Env) {
  return std::make_unique<FactoryMissingDeviceRule>(Info, Env);
}

} // namespace torchlint
