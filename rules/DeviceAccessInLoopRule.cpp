//===- DeviceAccessInLoopRule.cpp - torch-device-access-in-loop -----------===//
//
// Carrying takes time, and carrying hidden in a loop hides real slowness.
// `t[i].item<float>()` on a GPU tensor waits for the device and copies one
// number back per iteration; `t[i][j] = v` launches one kernel per element;
// `x.to(device)` of a tensor the loop never changes copies the same bytes on
// every iteration. On a CPU machine each is cheap, so the cost shows only on
// the GPU. The flow engine reports the loops where the tensor may be on a
// GPU; the message names the one copy that replaces them.
//
//===----------------------------------------------------------------------===//

#include "DeviceConflicts.h"
#include "Rules.h"

#include "clang/AST/StmtCXX.h"
#include "clang/Basic/SourceManager.h"

using namespace clang;

namespace torchlint {
namespace {

class DeviceAccessInLoopRule : public DeviceConflictRule {
public:
  using DeviceConflictRule::DeviceConflictRule;

protected:
  void onConflict(const DeviceConflict &C, ASTContext &Ctx) override {
    if (C.Kind != DeviceConflict::LoopAccess &&
        C.Kind != DeviceConflict::LoopTransfer)
      return;
    const SourceManager &SM = Ctx.getSourceManager();
    std::string Line = std::to_string(SM.getExpansionLineNumber(
        C.Loop ? C.Loop->getBeginLoc() : C.Site->getBeginLoc()));
    std::string Where = C.Stray.Fact.Value.Spelling;
    std::string Loop = "the loop at line " + Line;
    std::string Stray = "'" + C.Stray.Text + "'";
    std::string On = (C.OnePath ? "on one path on " : "on ") + Where;
    std::string Message;
    if (C.Kind == DeviceConflict::LoopTransfer)
      Message = Stray + " never changes in " + Loop +
                " but is copied on every iteration to " +
                C.Other.Fact.Value.Spelling + ": move it once before the loop";
    else if (isa<CXXMemberCallExpr>(C.Site)) // item(); else an assignment
      Message = "'item' in " + Loop + " copies one element of " + Stray +
                " to the host per iteration, but " + Stray + " is " + On +
                ": copy it to the CPU once before the loop";
    else
      Message = Loop + " writes one element of " + Stray +
                " per iteration, but " + Stray + " is " + On +
                ": fill a CPU tensor and copy it to the device once after "
                "the loop";
    Finding &F = report(C.Site->getExprLoc(), Message);
    addProvenanceNotes(F, C.Stray);
    F.Needs = neededFor(C);
  }
};

} // namespace

std::unique_ptr<Rule> createDeviceAccessInLoopRule(const RuleInfo &Info,
                                                   RuleEnvironment &Env) {
  return std::make_unique<DeviceAccessInLoopRule>(Info, Env);
}

} // namespace torchlint
