//===- Writes.cpp - What may change a local variable ----------------------===//

#include "torchlint/analysis/Writes.h"
#include "torchlint/api/TorchApi.h"

#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"

using namespace clang;

namespace torchlint {

bool isMutableReference(QualType T) {
  return T->isLValueReferenceType() &&
         !T.getNonReferenceType().isConstQualified();
}

bool namesVar(const Expr *E, const VarDecl *VD) {
  const auto *DRE =
      dyn_cast_or_null<DeclRefExpr>(E ? E->IgnoreParenImpCasts() : nullptr);
  return DRE && DRE->getDecl() == VD;
}

namespace {

/// True when Other is VD's own declaration (where Rules count it) or a
/// non-const reference bound to VD.
bool declarationWrites(const VarDecl *Other, const VarDecl *VD,
                       WriteRules Rules) {
  return (Rules.DeclarationWrites && Other == VD) ||
         (isMutableReference(Other->getType()) &&
          namesVar(Other->getInit(), VD));
}

/// True when parameter I of FD, a function or constructor of namespace std,
/// is a forwarding reference (`U&&` of a template): std::make_pair,
/// std::pair's and std::tuple's constructors, emplace_back hand the value on
/// to a constructor, which copies an lvalue and changes nothing.
bool forwardsToConstructor(const FunctionDecl *FD, unsigned I) {
  // A constructor's context is its class: ask the namespace around it.
  if (!FD->getDeclContext()->getEnclosingNamespaceContext()->isStdNamespace())
    return false;
  const FunctionDecl *Pattern = FD->getTemplateInstantiationPattern();
  unsigned N = Pattern ? Pattern->getNumParams() : 0;
  if (N == 0)
    return false;
  // A pack (`Args&&... args`) stands for every parameter from its place on.
  const ParmVarDecl *P = Pattern->getParamDecl(std::min(I, N - 1));
  if (I >= N && !P->isParameterPack())
    return false;
  QualType T = P->getType();
  if (const auto *Pack = T->getAs<PackExpansionType>())
    T = Pack->getPattern();
  const auto *R = T->getAs<RValueReferenceType>();
  return R && !R->getPointeeType().hasQualifiers() &&
         R->getPointeeType()->getAs<TemplateTypeParmType>();
}

/// True when parameter I of FD takes an argument by a reference through
/// which the callee may change it.
bool takesMutably(const FunctionDecl *FD, unsigned I) {
  return I < FD->getNumParams() &&
         isMutableReference(FD->getParamDecl(I)->getType()) &&
         !forwardsToConstructor(FD, I);
}

/// True when the call CE may change VD.
bool callWritesVar(const CallExpr *CE, const VarDecl *VD, WriteRules Rules) {
  const FunctionDecl *FD = CE->getDirectCallee();
  if (FD && (api::hasQualifiedName(FD, "std::move") ||
             api::hasQualifiedName(FD, "std::forward") ||
             api::hasQualifiedName(FD, "std::get")))
    return false;
  unsigned First = 0;
  // The object of a member operator is its first argument; an assignment
  // writes it whatever Rules say of methods.
  if (const auto *MD = dyn_cast_or_null<CXXMethodDecl>(FD);
      MD && isa<CXXOperatorCallExpr>(CE)) {
    if (CE->getNumArgs() > 0 && namesVar(CE->getArg(0), VD) &&
        (cast<CXXOperatorCallExpr>(CE)->isAssignmentOp() ||
         (Rules.MethodsWrite && !MD->isConst() && !MD->isStatic())))
      return true;
    First = 1;
  }
  if (const auto *MCE = dyn_cast<CXXMemberCallExpr>(CE)) {
    const CXXMethodDecl *MD = MCE->getMethodDecl();
    if (Rules.MethodsWrite && MD && !MD->isConst() &&
        namesVar(MCE->getImplicitObjectArgument(), VD))
      return true;
  }
  // An unresolved callee may take VD by reference.
  if (!FD)
    return llvm::any_of(CE->arguments(),
                        [&](const Expr *Arg) { return namesVar(Arg, VD); });
  for (unsigned I = First; I < CE->getNumArgs(); ++I)
    if (takesMutably(FD, I - First) && namesVar(CE->getArg(I), VD))
      return true;
  return false;
}

/// Runs writesVar on every statement under a root.
class MutationFinder : public RecursiveASTVisitor<MutationFinder> {
public:
  MutationFinder(const VarDecl *VD, WriteRules Rules) : VD(VD), Rules(Rules) {}
  bool Written = false;

  bool VisitStmt(Stmt *S) {
    Written = writesVar(S, VD, Rules);
    return !Written;
  }
  // Init-captures are not under a DeclStmt.
  bool VisitVarDecl(VarDecl *Other) {
    Written = declarationWrites(Other, VD, Rules);
    return !Written;
  }

private:
  const VarDecl *VD;
  WriteRules Rules;
};

} // namespace

bool writesVar(const Stmt *S, const VarDecl *VD, WriteRules Rules) {
  if (const auto *BO = dyn_cast<BinaryOperator>(S))
    return BO->isAssignmentOp() && namesVar(BO->getLHS(), VD);
  if (const auto *UO = dyn_cast<UnaryOperator>(S))
    return (UO->getOpcode() == UO_AddrOf || UO->isIncrementDecrementOp()) &&
           namesVar(UO->getSubExpr(), VD);
  if (const auto *CE = dyn_cast<CallExpr>(S))
    return callWritesVar(CE, VD, Rules);
  if (const auto *CE = dyn_cast<CXXConstructExpr>(S)) {
    for (unsigned I = 0; I < CE->getNumArgs(); ++I)
      if (takesMutably(CE->getConstructor(), I) && namesVar(CE->getArg(I), VD))
        return true;
    return false;
  }
  if (const auto *DS = dyn_cast<DeclStmt>(S))
    return llvm::any_of(DS->decls(), [&](const Decl *D) {
      const auto *Other = dyn_cast<VarDecl>(D);
      return Other && declarationWrites(Other, VD, Rules);
    });
  if (const auto *L = dyn_cast<LambdaExpr>(S))
    return llvm::any_of(L->captures(), [&](const LambdaCapture &C) {
      return C.capturesVariable() && C.getCaptureKind() == LCK_ByRef &&
             C.getCapturedVar() == VD;
    });
  return false;
}

bool mayBeWritten(const VarDecl *VD, const Stmt *Body, WriteRules Rules) {
  MutationFinder Finder(VD, Rules);
  Finder.TraverseStmt(const_cast<Stmt *>(Body));
  return Finder.Written;
}

} // namespace torchlint
