//===- DeviceConflicts.cpp - Shared by the two dataflow rules -------------===//

#include "DeviceConflicts.h"
#include "RuleUtils.h"

#include "torchlint/Engine.h"

#include "clang/Basic/SourceManager.h"

using namespace clang;
using namespace clang::ast_matchers;

namespace torchlint {

void ConflictRule::registerMatchers(MatchFinder &Finder) {
  Finder.addMatcher(functionDecl(isDefinition()).bind("fn"), this);
  Finder.addMatcher(lambdaExpr().bind("lambda"), this);
}

void ConflictRule::run(const MatchFinder::MatchResult &R) {
  const FunctionDecl *FD = R.Nodes.getNodeAs<FunctionDecl>("fn");
  if (const auto *L = R.Nodes.getNodeAs<LambdaExpr>("lambda"))
    FD = L->getCallOperator();
  if (!FD || !Env.Provenance || FD->isDependentContext() ||
      isLibraryLocation(R.Context->getSourceManager(), FD->getLocation()))
    return;
  for (const DeviceConflict &C : Env.Provenance->conflicts(FD))
    onConflict(C, *R.Context);
}

std::string describeOperand(const ConflictOperand &Op) {
  if (Op.IsModule)
    return "the parameters of '" + Op.Text + "'";
  std::string S = "'" + Op.Text + "'";
  if (!Op.Param.empty() && Op.Param != "self" && Op.Param != Op.Text)
    S += " (argument '" + Op.Param + "')";
  return S;
}

void addProvenanceNotes(Finding &F, const ConflictOperand &Op) {
  // Steps about another value (the module that computed it) name their
  // subject; the others are about the operand.
  for (const ProvenanceStep &S : Op.Fact.Steps)
    F.Notes.push_back({S.Loc, "'" + (S.Subject.empty() ? Op.Text : S.Subject) +
                                  "' " + S.Message});
}

bool deviceNameableAt(const Device &D, SourceLocation Loc, const Expr *At,
                      ASTContext &Ctx) {
  if (D.FixText.empty())
    return false;
  if (!D.Var)
    return D.Kind != Device::Symbolic; // Constants can be spelled anywhere.
  const FunctionDecl *FD = enclosingFunction(At, Ctx);
  if (!FD)
    return false;
  if (const auto *P = dyn_cast<ParmVarDecl>(D.Var))
    return llvm::is_contained(FD->parameters(), P);
  const auto *VD = dyn_cast<VarDecl>(D.Var);
  return VD && VD->getParentFunctionOrMethod() == FD &&
         Ctx.getSourceManager().isBeforeInTranslationUnit(VD->getLocation(),
                                                          Loc);
}

} // namespace torchlint
