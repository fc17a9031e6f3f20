//===- DeviceMismatchRule.cpp - torch-device-mismatch ---------------------===//
//
// Reports the operations where the provenance analysis proves that tensors
// from different devices meet: the crash "Expected all tensors to be on the
// same device, but found at least two devices, cuda:0 and cpu!" that waits for
// the first GPU machine. One warning per bug, at the operation, naming the
// guilty argument; notes walk back to where each tensor was created or moved;
// the fix-it moves the stray tensor where it is born.
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

class DeviceMismatchRule : public DeviceConflictRule {
public:
  using DeviceConflictRule::DeviceConflictRule;

protected:
  void onConflict(const DeviceConflict &C, ASTContext &Ctx) override {
    // Host memory meeting a device is another rule's.
    if (C.Kind != DeviceConflict::Mismatch &&
        C.Kind != DeviceConflict::FactoryMissingDevice)
      return;
    // A factory with no device, or a tensor left behind by `t.to(device);`,
    // is reported once, by the rule that claims that cause when it runs.
    if (C.Kind == DeviceConflict::FactoryMissingDevice &&
        Env.IsClaimed(Claim::FactoryWithoutDevice))
      return;
    if (C.Stray.Fact.AfterDiscardedMove && Env.IsClaimed(Claim::DiscardedMove))
      return;
    std::string StrayWhere = C.Stray.Fact.Value.Spelling;
    Finding &F = report(
        C.Site->getExprLoc(),
        "'" + C.Callee + "' receives tensors on different devices: " +
            describeOperand(C.Stray) + (C.Stray.IsModule ? " are" : " is") +
            (C.OnePath ? " on one path on " : " on ") + StrayWhere + " but " +
            describeOperand(C.Other) + (C.Other.IsModule ? " are" : " is") +
            " on " + C.Other.Fact.Value.Spelling);
    addProvenanceNotes(F, C.Stray);
    addProvenanceNotes(F, C.Other);
    addFix(F, C, Ctx);
    // The CPU of a function defined in another unit is a bug only if the
    // project shows that it returns a CPU tensor; a configuration's device
    // only if some unit sets it to one that may be a GPU.
    F.Needs = neededFor(C);
  }

private:
  /// The durable fix: move the stray tensor where it is born.
  void addFix(Finding &F, const DeviceConflict &C, ASTContext &Ctx) {
    const auto *Birth = static_cast<const Expr *>(C.Stray.Fact.Birth);
    const Device &Target = C.Other.Fact.Value;
    // A batch struct returned by a function has no .to(): the fix belongs
    // where its tensors are built.
    if (!Birth || !api::isTensorType(Birth->getType()) ||
        C.Stray.Fact.Value.Kind != Device::Cpu || Target.Kind == Device::Cpu ||
        !deviceNameableAt(Target, Birth->getBeginLoc(), Birth, Ctx))
      return;
    if (auto Fix = insertFix(Birth->getEndLoc(), ".to(" + Target.FixText + ")",
                             /*After=*/true, Ctx))
      F.Fixes.push_back(*Fix);
  }
};

} // namespace

std::unique_ptr<Rule> createDeviceMismatchRule(const RuleInfo &Info,
                                               RuleEnvironment &Env) {
  return std::make_unique<DeviceMismatchRule>(Info, Env);
}

} // namespace torchlint
