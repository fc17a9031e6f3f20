//===- HostReadDeviceTensorRule.cpp - torch-host-read-device-tensor -------===//
//
// data_ptr<T>(), data<T>() and accessor<T, N>() give the host the tensor's
// memory where it is. On a CPU machine that is host memory and the program
// works; on a GPU the host dereferences a device address: a segfault, an
// illegal memory access, or garbage, with no LibTorch error to say why. The
// flow engine reports the reads (an index, a dereference, a memcpy, a
// std::vector or cv::Mat over the pointer) of a tensor that may be on a GPU,
// also through a function that reads its parameter so; pointers handed to
// other code (a CUDA kernel's launcher) are no reads.
//
//===----------------------------------------------------------------------===//

#include "DeviceConflicts.h"
#include "RuleUtils.h"
#include "Rules.h"
#include "torchlint/api/HostMemory.h"
#include "torchlint/api/Syntax.h"

using namespace clang;

namespace torchlint {
namespace {

/// True when ".cpu()" written after E applies to all of E.
bool takesPostfix(const Expr *E) {
  E = api::ignoreWrappers(E);
  if (const auto *OC = dyn_cast<CXXOperatorCallExpr>(E))
    return OC->getOperator() == OO_Subscript || OC->getOperator() == OO_Call;
  return isa<DeclRefExpr, MemberExpr, CallExpr, ParenExpr>(E);
}

class HostReadDeviceTensorRule : public DeviceConflictRule {
public:
  using DeviceConflictRule::DeviceConflictRule;

protected:
  void onConflict(const DeviceConflict &C, ASTContext &Ctx) override {
    if (C.Kind != DeviceConflict::HostRead)
      return;
    Finding &F = report(C.Site->getExprLoc(),
                        "'" + C.Callee + "' reads " + describeOperand(C.Stray) +
                            " on the host, but it is " +
                            (C.OnePath ? "on one path on " : "on ") +
                            C.Stray.Fact.Value.Spelling +
                            ": copy it to the CPU with .cpu() first");
    addProvenanceNotes(F, C.Stray);
    if (std::optional<FixItHint> Fix = hostCopy(C, Ctx))
      F.Fixes.push_back(*Fix);
    F.Needs = neededFor(C);
  }

private:
  /// Where a host copy keeps the meaning: in the expression that reads it,
  /// when nothing keeps the pointer; in the tensor's initialiser, when the
  /// host only reads it; in the argument of a function that reads it
  /// through a const reference or copy.
  std::optional<FixItHint> hostCopy(const DeviceConflict &C, ASTContext &Ctx) {
    const Expr *Tensor = C.Stray.E;
    if (!Tensor || !takesPostfix(Tensor))
      return std::nullopt;
    const auto *Access = dyn_cast<CXXMemberCallExpr>(C.Site);
    if (Access && api::hostAccessOf(Access) != api::HostAccess::None) {
      if (api::hostUseOf(Access, Ctx).WithinExpression)
        return insertFix(Tensor->getEndLoc(), ".cpu()", /*After=*/true, Ctx);
      const auto *DRE = dyn_cast<DeclRefExpr>(api::ignoreWrappers(Tensor));
      const auto *VD = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
      if (!VD || !api::onlyReadOnHost(VD, Ctx) || !takesPostfix(VD->getInit()))
        return std::nullopt;
      return insertFix(VD->getInit()->getEndLoc(), ".cpu()", /*After=*/true,
                       Ctx);
    }
    // A function that reads its parameter on the host: a copy is what it
    // reads when the parameter cannot be written back.
    const auto *Call = dyn_cast<CallExpr>(C.Site);
    const FunctionDecl *Callee = Call ? Call->getDirectCallee() : nullptr;
    if (!Callee)
      return std::nullopt;
    for (const ParmVarDecl *P : Callee->parameters()) {
      if (P->getName() != C.Stray.Param)
        continue;
      QualType T = P->getType();
      bool ReadOnly = T->isReferenceType()
                          ? T.getNonReferenceType().isConstQualified()
                          : T.isConstQualified();
      if (ReadOnly)
        return insertFix(Tensor->getEndLoc(), ".cpu()", /*After=*/true, Ctx);
    }
    return std::nullopt;
  }
};

} // namespace

std::unique_ptr<Rule> createHostReadDeviceTensorRule(const RuleInfo &Info,
                                                     RuleEnvironment &Env) {
  return std::make_unique<HostReadDeviceTensorRule>(Info, Env);
}

} // namespace torchlint
