//===- MpsFloat64Rule.cpp - torch-mps-float64 -----------------------------===//
//
// Apple's MPS backend has no float64: moving a Double tensor or a module
// converted to Double there throws on every Mac with Apple silicon, and
// nowhere else. The flow engine reports a Double value (known from its
// birth or conversion) moved with a device that may be MPS: a "mps" string,
// torch::kMPS, or a variable or field given one of them.
//
//===----------------------------------------------------------------------===//

#include "DtypeConflicts.h"
#include "Rules.h"

using namespace clang;

namespace torchlint {
namespace {

class MpsFloat64Rule : public DtypeConflictRule {
public:
  MpsFloat64Rule(const RuleInfo &Info, RuleEnvironment &Env)
      : DtypeConflictRule(Info, Env, {DtypeConflict::MpsFloat64}) {}

protected:
  void report(const DtypeConflict &C, ASTContext &Ctx) override {
    std::string What =
        C.Stray.Text.empty()
            ? std::string("a Double tensor")
            : (C.Stray.IsModule ? "module '" : "'") + C.Stray.Text + "'";
    Finding &F = Rule::report(
        C.Site->getExprLoc(),
        What + " is Double and may be placed on MPS by '" + C.Requested +
            "'; MPS has no float64: convert to torch::kFloat first");
    addProvenanceNotes(F, C.Stray);
  }
};

} // namespace

std::unique_ptr<Rule> createMpsFloat64Rule(const RuleInfo &Info,
                                           RuleEnvironment &Env) {
  return std::make_unique<MpsFloat64Rule>(Info, Env);
}

} // namespace torchlint
