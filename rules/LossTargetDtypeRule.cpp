//===- LossTargetDtypeRule.cpp - torch-loss-target-dtype ------------------===//
//
// Classification losses (cross_entropy, nll_loss and their modules) take
// class indices as Long; Int targets throw "expected scalar type Long but
// found Int" (Byte is accepted, floating targets may be probabilities and
// are left alone). Binary losses take floating targets; integral ones throw,
// and binary_cross_entropy also needs the input's own floating dtype. The
// fix-it converts the target where the loss receives it.
//
//===----------------------------------------------------------------------===//

#include "DtypeConflicts.h"
#include "Rules.h"

using namespace clang;

namespace torchlint {
namespace {

class LossTargetDtypeRule : public DtypeConflictRule {
public:
  LossTargetDtypeRule(const RuleInfo &Info, RuleEnvironment &Env)
      : DtypeConflictRule(
            Info, Env,
            {DtypeConflict::ClassTarget, DtypeConflict::FloatTarget}) {}

protected:
  void report(const DtypeConflict &C, ASTContext &Ctx) override {
    const Dtype &Have = C.Stray.Fact.Value;
    api::ScalarKind Want = api::ScalarKind::Long;
    std::string Expected;
    if (C.Kind == DtypeConflict::ClassTarget) {
      Expected = "class indices of dtype Long";
    } else {
      const Dtype &Input = C.Other.Fact.Value;
      bool InputFloating = C.Other.E && Input.Kind == Dtype::Known &&
                           api::isFloatingKind(Input.Type);
      Want = InputFloating ? Input.Type : api::ScalarKind::Float;
      Expected =
          api::isIntegralKind(Have.Type)
              ? "a floating target"
              : "a target of its input's dtype " + api::scalarName(Want).str();
    }
    Finding &F = Rule::report(C.Site->getExprLoc(),
                              "'" + C.Callee + "' expects " + Expected +
                                  ", but its target '" + C.Stray.Text +
                                  "' is " + Have.spelling());
    addProvenanceNotes(F, C.Stray);
    if (C.Kind == DtypeConflict::FloatTarget && C.Other.E &&
        !api::isIntegralKind(Have.Type))
      addProvenanceNotes(F, C.Other);
    if (auto Fix = conversionFix(C.Target, Want, Ctx))
      F.Fixes.push_back(*Fix);
  }
};

} // namespace

std::unique_ptr<Rule> createLossTargetDtypeRule(const RuleInfo &Info,
                                                RuleEnvironment &Env) {
  return std::make_unique<LossTargetDtypeRule>(Info, Env);
}

} // namespace torchlint
