//===- DtypeConflicts.h - Shared by the dtype rules -------------*- C++ -*-===//
//
// The dtype rules are views of the flow engine's DtypeConflicts: each picks
// its kind, words the message and offers a conversion as its fix-it.
//
//===----------------------------------------------------------------------===//

#ifndef TORCHLINT_RULES_DTYPECONFLICTS_H
#define TORCHLINT_RULES_DTYPECONFLICTS_H

#include "FlowRule.h"

#include "torchlint/api/TorchApi.h"

#include <optional>

namespace torchlint {

/// A rule that reports one kind of dtype conflict.
class DtypeConflictRule : public FlowRule {
public:
  DtypeConflictRule(const RuleInfo &Info, RuleEnvironment &Env,
                    std::initializer_list<DtypeConflict::KindTy> Kinds)
      : FlowRule(Info, Env), Kinds(Kinds) {}

protected:
  virtual void report(const DtypeConflict &C, clang::ASTContext &Ctx) = 0;
  using Rule::report;

private:
  void onFunction(const clang::FunctionDecl *FD, clang::ASTContext &Ctx) final {
    for (const DtypeConflict &C : Env.Provenance->dtypeConflicts(FD))
      if (llvm::is_contained(Kinds, C.Kind))
        report(C, Ctx);
  }

  llvm::SmallVector<DtypeConflict::KindTy, 2> Kinds;
};

/// A fix-it appending `.to(<K>)` to At, when At is an expression a member
/// call can follow without parentheses (a name, a member, a call).
std::optional<clang::FixItHint> conversionFix(const clang::Expr *At,
                                              api::ScalarKind K,
                                              const clang::ASTContext &Ctx);

/// The fix-it at a dtype's birth: `.to(<K>)` after the call that created
/// it, or K in place of the dtype constant that was written.
std::optional<clang::FixItHint> birthFix(const DtypeFact &F, api::ScalarKind K,
                                         const clang::ASTContext &Ctx);

} // namespace torchlint

#endif
