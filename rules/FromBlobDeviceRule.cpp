//===- FromBlobDeviceRule.cpp - torch-from-blob-device --------------------===//
//
// torch::from_blob copies nothing: it labels memory the caller owns with
// the options' device. Host memory (a std::vector, an array, a cv::Mat's
// pixels) labelled as a GPU's is read by the next kernel as a device
// address: an illegal memory access, or garbage. On a CPU machine the label
// is true and the program works. The fix wraps the memory on the CPU and
// copies it: `from_blob(p, sizes, dtype).to(device)`.
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

class FromBlobDeviceRule : public DeviceConflictRule {
public:
  using DeviceConflictRule::DeviceConflictRule;

protected:
  void onConflict(const DeviceConflict &C, ASTContext &Ctx) override {
    if (C.Kind != DeviceConflict::FromBlobDevice)
      return;
    const Device &D = C.Stray.Fact.Value;
    std::string Move = D.FixText.empty() ? ".to()" : ".to(" + D.FixText + ")";
    Finding &F = report(
        C.Site->getExprLoc(),
        "'" + C.Callee + "' labels host memory '" + C.Stray.Text +
            "' as memory on " + D.Spelling + (C.OnePath ? " on one path" : "") +
            ": wrap it on the CPU and copy it there with " + Move);
    addProvenanceNotes(F, C.Stray);
    addFix(F, C, Ctx);
    F.Needs = neededFor(C);
  }

private:
  /// Drops `.device(d)` from the options and moves the result with
  /// `.to(d)`, d as written.
  void addFix(Finding &F, const DeviceConflict &C, ASTContext &Ctx) {
    const auto *Call = dyn_cast<CallExpr>(C.Site);
    if (!Call || Call->getNumArgs() < 3)
      return;
    const CXXMemberCallExpr *Setter = nullptr;
    for (const Expr *A : Call->arguments())
      if (!isa<CXXDefaultArgExpr>(A) && (Setter = api::optionsDeviceSetter(A)))
        break;
    const auto *ME =
        Setter ? dyn_cast<MemberExpr>(Setter->getCallee()) : nullptr;
    std::string Device = Setter ? api::sourceText(Setter->getArg(0), Ctx) : "";
    if (!ME || Device.empty())
      return;
    std::optional<FixItHint> Drop = replaceFix(
        SourceRange(ME->getOperatorLoc(), Setter->getRParenLoc()), "", Ctx);
    std::optional<FixItHint> Move = insertFix(
        Call->getEndLoc(), ".to(" + Device + ")", /*After=*/true, Ctx);
    if (!Drop || !Move)
      return;
    F.Fixes.push_back(*Drop);
    F.Fixes.push_back(*Move);
  }
};

} // namespace

std::unique_ptr<Rule> createFromBlobDeviceRule(const RuleInfo &Info,
                                               RuleEnvironment &Env) {
  return std::make_unique<FromBlobDeviceRule>(Info, Env);
}

} // namespace torchlint
