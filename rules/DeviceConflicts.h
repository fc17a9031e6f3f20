//===- DeviceConflicts.h - Shared by the two dataflow rules -----*- C++ -*-===//

#ifndef TORCHLINT_RULES_DEVICECONFLICTS_H
#define TORCHLINT_RULES_DEVICECONFLICTS_H

#include "torchlint/analysis/Provenance.h"
#include "torchlint/core/Finding.h"
#include "torchlint/rules/Rule.h"

#include "clang/ASTMatchers/ASTMatchFinder.h"

namespace torchlint {

/// Matches every function body and lambda of the user's code and hands each
/// conflict of the provenance analysis to onConflict().
class ConflictRule : public Rule {
public:
  using Rule::Rule;
  void registerMatchers(clang::ast_matchers::MatchFinder &Finder) override;
  void run(const clang::ast_matchers::MatchFinder::MatchResult &R) override;
  /// Shows facts::StaysOnCpu for a whole program that never left the CPU.
  void onEndOfTranslationUnit(clang::ASTContext &Ctx) override;

protected:
  /// A device conflict of a function of the user's code.
  virtual void onConflict(const DeviceConflict &C, clang::ASTContext &Ctx) {}
  /// Each function of the user's code that the analysis saw, before its
  /// conflicts.
  virtual void onFunction(const clang::FunctionDecl *FD,
                          clang::ASTContext &Ctx) {}
  /// A dtype conflict, from the same walk.
  virtual void onDtypeConflict(const DtypeConflict &C, clang::ASTContext &Ctx) {
  }

  /// What a conflict needs of the project: the facts its operands' values
  /// hold under (a CPU tensor a function of another unit returns, a
  /// configuration's device another unit sets), the caller the conflict
  /// with a parameter needs, and, when nothing else, for a device an input
  /// only may have (a module's forward()), a program that leaves the CPU.
  static std::vector<ProjectFact> neededFor(const DeviceConflict &C);

private:
  void showFieldWrite(const clang::ast_matchers::MatchFinder::MatchResult &R);

  bool ShownLeavesCpu = false;
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

/// True when the device variable of D may be named at Loc: a parameter of
/// the function around Loc, or a local declared before Loc in it.
bool deviceNameableAt(const Device &D, clang::SourceLocation Loc,
                      const clang::Expr *At, clang::ASTContext &Ctx);

} // namespace torchlint

#endif
