//===- DtypeMismatchRule.cpp - torch-dtype-mismatch -----------------------===//
//
// Reports the operations that need one element type and, as the flow
// engine proves, receive two: a matrix product of Float and Double, a Float
// model fed Double input, a Long tensor in a linear map. LibTorch throws
// "expected scalar type Float but found Double" (or "mat1 and mat2 must
// have the same dtype") on the CPU too, but only on the path that runs.
// Elementwise arithmetic, cat, where and copy_ promote and are never
// reported (API model: DtypeBehaviour::Promote).
//
//===----------------------------------------------------------------------===//

#include "DtypeConflicts.h"
#include "Rules.h"

using namespace clang;

namespace torchlint {
namespace {

class DtypeMismatchRule : public DtypeConflictRule {
public:
  DtypeMismatchRule(const RuleInfo &Info, RuleEnvironment &Env)
      : DtypeConflictRule(Info, Env, {DtypeConflict::Mismatch}) {}

protected:
  void report(const DtypeConflict &C, ASTContext &Ctx) override {
    const Dtype &Stray = C.Stray.Fact.Value;
    const Dtype &Other = C.Other.Fact.Value;
    Finding &F = Rule::report(
        C.Site->getExprLoc(),
        "'" + C.Callee + "' receives tensors of different dtypes: " +
            describeOperand(C.Stray) + (C.Stray.IsModule ? " are" : " is") +
            (C.OnePath ? " on one path " : " ") + Stray.spelling() + " but " +
            describeOperand(C.Other) + (C.Other.IsModule ? " are " : " is ") +
            Other.spelling());
    addProvenanceNotes(F, C.Stray);
    addProvenanceNotes(F, C.Other);
    if (C.Stray.IsModule || Other.Kind != Dtype::Known)
      return;
    // Convert the odd one out where it is born, or else where it is used.
    std::optional<FixItHint> Fix = birthFix(C.Stray.Fact, Other.Type, Ctx);
    if (!Fix && !C.OnePath)
      Fix = conversionFix(C.Target, Other.Type, Ctx);
    if (Fix)
      F.Fixes.push_back(*Fix);
  }
};

} // namespace

std::unique_ptr<Rule> createDtypeMismatchRule(const RuleInfo &Info,
                                              RuleEnvironment &Env) {
  return std::make_unique<DtypeMismatchRule>(Info, Env);
}

} // namespace torchlint
