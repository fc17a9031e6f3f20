//===- DataPtrTypeRule.cpp - torch-data-ptr-type --------------------------===//
//
// data_ptr<T>(), accessor<T, N>() and the packed accessors check T against
// the tensor's dtype at run time and throw "expected scalar type Float but
// found Double". The flow engine knows the dtype of most tensors a program
// creates; where it does and T disagrees, the call is reported. item<T>()
// converts and is never a finding.
//
//===----------------------------------------------------------------------===//

#include "DtypeConflicts.h"
#include "Rules.h"

using namespace clang;

namespace torchlint {
namespace {

class DataPtrTypeRule : public DtypeConflictRule {
public:
  DataPtrTypeRule(const RuleInfo &Info, RuleEnvironment &Env)
      : DtypeConflictRule(Info, Env, {DtypeConflict::DataPtr}) {}

protected:
  void report(const DtypeConflict &C, ASTContext &Ctx) override {
    Finding &F = Rule::report(
        C.Site->getExprLoc(),
        "'" + C.Callee + "' reads '" + C.Stray.Text + "' as " + C.Requested +
            ", but '" + C.Stray.Text + "' is " + C.Stray.Fact.Value.spelling() +
            "; LibTorch throws \"expected scalar type " +
            C.Other.Fact.Value.spelling() + " but found " +
            C.Stray.Fact.Value.spelling() + "\"");
    addProvenanceNotes(F, C.Stray);
  }
};

} // namespace

std::unique_ptr<Rule> createDataPtrTypeRule(const RuleInfo &Info,
                                            RuleEnvironment &Env) {
  return std::make_unique<DataPtrTypeRule>(Info, Env);
}

} // namespace torchlint
