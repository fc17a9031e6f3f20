//===- DeviceConflicts.cpp - Shared by the two dataflow rules -------------===//

#include "DeviceConflicts.h"
#include "RuleUtils.h"

#include "torchlint/Locations.h"
#include "torchlint/Syntax.h"

#include "clang/AST/ParentMapContext.h"
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
  onFunction(FD, *R.Context);
  // Which of the functions defined in other units this one hands a tensor
  // on a device: what makes their conflicts with that parameter real.
  for (const ExternalArgument &A : Env.Provenance->externalArguments(FD))
    showsFact(facts::passesDevice(A.Key, A.Index), A.Arg->getBeginLoc(),
              "'" + api::sourceText(A.Arg, *R.Context) + "', on " + A.Where +
                  ", is passed to '" + A.Callee + "' here");
  for (const DeviceConflict &C : Env.Provenance->conflicts(FD))
    onConflict(C, *R.Context);
  for (const DtypeConflict &C : Env.Provenance->dtypeConflicts(FD))
    onDtypeConflict(C, *R.Context);
}

/// True when a field can be named at At, inside FD: FD is a non-static
/// member function of the field's class and, inside a constructor's member
/// initialiser, the field is initialised before the one being initialised.
static bool fieldNameableAt(const FieldDecl *Field, const FunctionDecl *FD,
                            const Expr *At, ASTContext &Ctx) {
  const auto *MD = dyn_cast<CXXMethodDecl>(FD);
  if (!MD || MD->isStatic() || MD->getParent() != Field->getParent())
    return false;
  DynTypedNode Node = DynTypedNode::create(*At);
  for (unsigned Steps = 0; Steps < 64; ++Steps) {
    DynTypedNodeList Parents = Ctx.getParents(Node);
    if (Parents.empty())
      return true;
    if (const auto *Init = Parents[0].get<CXXCtorInitializer>()) {
      const FieldDecl *Target = Init->getMember();
      return Target && Target->getParent() == Field->getParent() &&
             Field->getFieldIndex() < Target->getFieldIndex();
    }
    if (Parents[0].get<Decl>())
      return true;
    Node = Parents[0];
  }
  return true;
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
  if (const auto *Field = dyn_cast<FieldDecl>(D.Var))
    return fieldNameableAt(Field, FD, At, Ctx);
  const auto *VD = dyn_cast<VarDecl>(D.Var);
  return VD && VD->getParentFunctionOrMethod() == FD &&
         Ctx.getSourceManager().isBeforeInTranslationUnit(VD->getLocation(),
                                                          Loc);
}

} // namespace torchlint
