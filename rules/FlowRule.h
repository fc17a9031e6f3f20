//===- FlowRule.h - Rules that read the flow engine -------------*- C++ -*-===//
//
// The device and dtype rules are views of the flow engine's results: each
// is handed the user's functions one by one, asks the engine (which computes
// a function once, whatever rules run) for its conflicts, picks its kind,
// words the message and offers a fix.
//
//===----------------------------------------------------------------------===//

#ifndef TORCHLINT_RULES_FLOWRULE_H
#define TORCHLINT_RULES_FLOWRULE_H

#include "torchlint/analysis/Provenance.h"
#include "torchlint/core/Finding.h"
#include "torchlint/rules/Rule.h"

#include "clang/ASTMatchers/ASTMatchFinder.h"

namespace torchlint {

/// Matches every function body and lambda of the user's code that the flow
/// engine analyses and hands each to onFunction().
class FlowRule : public Rule {
public:
  using Rule::Rule;
  void registerMatchers(clang::ast_matchers::MatchFinder &Finder) final;
  void run(const clang::ast_matchers::MatchFinder::MatchResult &R) final;

protected:
  /// A function of the user's code (not a template's own body).
  virtual void onFunction(const clang::FunctionDecl *FD,
                          clang::ASTContext &Ctx) = 0;
};

/// "'labels' (argument 'target')" or "the parameters of 'model'".
template <class V> std::string describeOperand(const Operand<V> &Op) {
  if (Op.IsModule)
    return "the parameters of '" + Op.Text + "'";
  std::string S = "'" + Op.Text + "'";
  if (!Op.Param.empty() && Op.Param != "self" && Op.Param != Op.Text)
    S += " (argument '" + Op.Param + "')";
  return S;
}

/// Notes for each provenance step of an operand, oldest first. Steps about
/// another value (the module that computed it) name their subject; the
/// others are about the operand.
template <class V> void addProvenanceNotes(Finding &F, const Operand<V> &Op) {
  for (const ProvenanceStep &S : Op.Fact.Steps)
    F.Notes.push_back({S.Loc, "'" + (S.Subject.empty() ? Op.Text : S.Subject) +
                                  "' " + S.Message});
}

} // namespace torchlint

#endif
