//===- DeviceConflicts.h - Shared by the two dataflow rules -----*- C++ -*-===//

#ifndef TORCHLINT_RULES_DEVICECONFLICTS_H
#define TORCHLINT_RULES_DEVICECONFLICTS_H

#include "torchlint/Finding.h"
#include "torchlint/Provenance.h"
#include "torchlint/Rule.h"

#include "clang/ASTMatchers/ASTMatchFinder.h"

namespace torchlint {

/// Matches every function body and lambda of the user's code and hands each
/// conflict of the provenance analysis to onConflict().
class ConflictRule : public Rule {
public:
  using Rule::Rule;
  void registerMatchers(clang::ast_matchers::MatchFinder &Finder) override;
  void run(const clang::ast_matchers::MatchFinder::MatchResult &R) override;

protected:
  virtual void onConflict(const DeviceConflict &C, clang::ASTContext &Ctx) = 0;
};

/// "'labels' (argument 'target')" or "the parameters of 'model'".
std::string describeOperand(const ConflictOperand &Op);

/// Notes for each provenance step of an operand, oldest first.
void addProvenanceNotes(Finding &F, const ConflictOperand &Op);

/// True when the device variable of D may be named at Loc: a parameter of
/// the function around Loc, or a local declared before Loc in it.
bool deviceNameableAt(const Device &D, clang::SourceLocation Loc,
                      const clang::Expr *At, clang::ASTContext &Ctx);

} // namespace torchlint

#endif
