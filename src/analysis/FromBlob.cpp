//===- FromBlob.cpp - Reading torch::from_blob calls ----------------------===//

#include "torchlint/analysis/FromBlob.h"
#include "torchlint/api/Syntax.h"
#include "torchlint/api/TorchMatchers.h"

#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"

using namespace clang;

namespace torchlint {

clang::ast_matchers::StatementMatcher fromBlobCallMatcher() {
  using namespace clang::ast_matchers;
  return api::match::fromBlobCall().bind("call");
}

std::optional<FromBlobCall> matchFromBlob(const CallExpr *CE) {
  const FunctionDecl *FD = CE ? CE->getDirectCallee() : nullptr;
  if (!api::isFromBlob(FD) || CE->getNumArgs() == 0)
    return std::nullopt;
  FromBlobCall FB;
  FB.Call = CE;
  FB.Callee = FD;
  FB.Data = CE->getArg(0);
  unsigned N = std::min(CE->getNumArgs(), FD->getNumParams());
  for (unsigned I = 1; I < N; ++I) {
    const Expr *Arg = CE->getArg(I);
    if (isa<CXXDefaultArgExpr>(Arg))
      continue;
    const ParmVarDecl *P = FD->getParamDecl(I);
    if (api::isTensorOptionsType(P->getType()))
      FB.Options = Arg;
    else if (P->getIdentifier() && P->getName() == "deleter")
      FB.Deleter = Arg;
    else if (P->getIdentifier() && P->getName() == "strides")
      FB.Strides = Arg;
  }
  return FB;
}

namespace {

/// True when E, under parentheses and implicit casts, names VD.
bool namesVar(const Expr *E, const VarDecl *VD) {
  const auto *DRE =
      dyn_cast_or_null<DeclRefExpr>(E ? E->IgnoreParenImpCasts() : nullptr);
  return DRE && DRE->getDecl() == VD;
}

/// True for a reference type through which the referee can be changed.
/// Rvalue references are left out: they bind to a variable only through
/// std::move (seen as its own call) or the implicit move of a return, after
/// which the variable is not read.
bool isMutableReference(QualType T) {
  return T->isLValueReferenceType() &&
         !T.getNonReferenceType().isConstQualified();
}

/// True when Other is a non-const reference bound to VD.
bool bindsMutableReference(const VarDecl *Other, const VarDecl *VD) {
  return isMutableReference(Other->getType()) && namesVar(Other->getInit(), VD);
}

/// True when the call CE may change VD: a non-const member (or member
/// operator) called on it, or VD passed to a mutable reference parameter
/// (to any parameter of a callee that is not resolved).
bool callWritesVar(const CallExpr *CE, const VarDecl *VD) {
  const FunctionDecl *FD = CE->getDirectCallee();
  // std::move only casts; what consumes the value is seen on its own.
  if (FD && (api::hasQualifiedName(FD, "std::move") ||
             api::hasQualifiedName(FD, "std::forward")))
    return false;
  unsigned First = 0;
  // The object of a member operator is its first argument.
  if (const auto *MD = dyn_cast_or_null<CXXMethodDecl>(FD);
      MD && isa<CXXOperatorCallExpr>(CE)) {
    if (!MD->isConst() && !MD->isStatic() && CE->getNumArgs() > 0 &&
        namesVar(CE->getArg(0), VD))
      return true;
    First = 1;
  }
  if (const auto *MCE = dyn_cast<CXXMemberCallExpr>(CE)) {
    const CXXMethodDecl *MD = MCE->getMethodDecl();
    if (MD && !MD->isConst() && namesVar(MCE->getImplicitObjectArgument(), VD))
      return true;
  }
  // An unresolved callee may take VD by reference.
  if (!FD)
    return llvm::any_of(CE->arguments(),
                        [&](const Expr *Arg) { return namesVar(Arg, VD); });
  for (unsigned I = First; I < CE->getNumArgs(); ++I) {
    unsigned Param = I - First;
    if (Param < FD->getNumParams() &&
        isMutableReference(FD->getParamDecl(Param)->getType()) &&
        namesVar(CE->getArg(I), VD))
      return true;
  }
  return false;
}

/// Runs writesVar on every statement of a function body.
class MutationFinder : public RecursiveASTVisitor<MutationFinder> {
public:
  explicit MutationFinder(const VarDecl *VD) : VD(VD) {}
  bool Written = false;

  bool VisitStmt(Stmt *S) {
    Written = writesVar(S, VD);
    return !Written;
  }
  // Init-captures and condition variables are not under a DeclStmt.
  bool VisitVarDecl(VarDecl *Other) {
    Written = bindsMutableReference(Other, VD);
    return !Written;
  }

private:
  const VarDecl *VD;
};

} // namespace

bool writesVar(const Stmt *S, const VarDecl *VD) {
  if (const auto *BO = dyn_cast<BinaryOperator>(S))
    return BO->isAssignmentOp() && namesVar(BO->getLHS(), VD);
  if (const auto *UO = dyn_cast<UnaryOperator>(S))
    return (UO->getOpcode() == UO_AddrOf || UO->isIncrementDecrementOp()) &&
           namesVar(UO->getSubExpr(), VD);
  if (const auto *CE = dyn_cast<CallExpr>(S))
    return callWritesVar(CE, VD);
  if (const auto *CE = dyn_cast<CXXConstructExpr>(S)) {
    const CXXConstructorDecl *Ctor = CE->getConstructor();
    for (unsigned I = 0; I < CE->getNumArgs() && I < Ctor->getNumParams(); ++I)
      if (isMutableReference(Ctor->getParamDecl(I)->getType()) &&
          namesVar(CE->getArg(I), VD))
        return true;
    return false;
  }
  if (const auto *DS = dyn_cast<DeclStmt>(S))
    return llvm::any_of(DS->decls(), [&](const Decl *D) {
      const auto *Other = dyn_cast<VarDecl>(D);
      return Other && bindsMutableReference(Other, VD);
    });
  return false;
}

bool mayBeWritten(const VarDecl *VD, const Stmt *Body) {
  MutationFinder Finder(VD);
  Finder.TraverseStmt(const_cast<Stmt *>(Body));
  return Finder.Written;
}

namespace {

/// The initialiser of a variable whose value is that initialiser wherever it
/// is read: a const variable, or a local of a function body in which
/// nothing writes it. Parameters have no initialiser of their own.
const Expr *stableInitializer(const VarDecl *VD) {
  if (!VD || isa<ParmVarDecl>(VD) || !VD->hasInit() ||
      VD->getType()->isReferenceType())
    return nullptr;
  if (VD->getType().isConstQualified())
    return VD->getInit();
  if (!VD->hasLocalStorage())
    return nullptr;
  const auto *Fn =
      dyn_cast_or_null<FunctionDecl>(VD->getParentFunctionOrMethod());
  if (!Fn || !Fn->hasBody())
    return nullptr;
  return mayBeWritten(VD, Fn->getBody()) ? nullptr : VD->getInit();
}

OptionsDtype knownDtype(api::ScalarKind K, const Expr *Where) {
  OptionsDtype D;
  D.State = OptionsDtype::Known;
  D.Kind = K;
  D.Where = Where;
  return D;
}

OptionsDtype withState(OptionsDtype::StateKind State, const Expr *Where) {
  OptionsDtype D;
  D.State = State;
  D.Where = Where;
  return D;
}

OptionsDtype optionsDtypeAt(const Expr *E, ASTContext &Ctx, unsigned Depth) {
  if (!E || Depth > 8)
    return withState(OptionsDtype::Unknown, E);
  api::OptionsPart Part = api::optionsPart(E, api::OptionsField::Dtype);
  switch (Part.Kind) {
  case api::OptionsPart::Default:
    return withState(OptionsDtype::Default, Part.E);
  case api::OptionsPart::Value:
    if (auto K = api::scalarKindOf(Part.E, Ctx))
      return knownDtype(*K, Part.E);
    if (const auto *DRE = dyn_cast<DeclRefExpr>(Part.E))
      if (const Expr *Init =
              stableInitializer(dyn_cast<VarDecl>(DRE->getDecl())))
        return optionsDtypeAt(Init, Ctx, Depth + 1);
    return withState(OptionsDtype::Unknown, Part.E);
  case api::OptionsPart::ElementType:
    if (auto K = api::elementKindOf(Part.Type))
      return knownDtype(*K, Part.E);
    return withState(OptionsDtype::Unknown, Part.E);
  case api::OptionsPart::Variable:
    // A variable: its one initialiser decides.
    if (const Expr *Init = stableInitializer(Part.Var))
      return optionsDtypeAt(Init, Ctx, Depth + 1);
    return withState(OptionsDtype::Unknown, Part.E);
  case api::OptionsPart::Choice: {
    // cond ? torch::kDouble : torch::kDouble, rare but cheap to agree on.
    const auto *CO = cast<ConditionalOperator>(Part.E);
    OptionsDtype L = optionsDtypeAt(CO->getTrueExpr(), Ctx, Depth + 1);
    OptionsDtype R = optionsDtypeAt(CO->getFalseExpr(), Ctx, Depth + 1);
    if (L.State == R.State && L.Kind == R.Kind)
      return L;
    return withState(OptionsDtype::Unknown, Part.E);
  }
  case api::OptionsPart::OfTensor:
  case api::OptionsPart::Member:
  case api::OptionsPart::Unknown:
    return withState(OptionsDtype::Unknown, Part.E);
  }
  return withState(OptionsDtype::Unknown, E);
}

} // namespace

OptionsDtype optionsDtype(const Expr *E, ASTContext &Ctx) {
  return optionsDtypeAt(E, Ctx, 0);
}

std::optional<api::ScalarKind> fromBlobDtype(const FromBlobCall &FB,
                                             ASTContext &Ctx) {
  if (!FB.Options)
    return api::ScalarKind::Float;
  OptionsDtype D = optionsDtype(FB.Options, Ctx);
  if (D.State == OptionsDtype::Known)
    return D.Kind;
  if (D.State == OptionsDtype::Default)
    return api::ScalarKind::Float;
  return std::nullopt;
}

std::string writtenText(const Expr *E, const ASTContext &Ctx) {
  if (!E)
    return "";
  const SourceManager &SM = Ctx.getSourceManager();
  for (SourceLocation L : {E->getBeginLoc(), E->getEndLoc()})
    if (L.isMacroID() && !SM.isMacroArgExpansion(L))
      return "";
  return api::sourceText(E, Ctx);
}

std::string calleeText(const FromBlobCall &FB, const ASTContext &Ctx) {
  std::string Text =
      writtenText(dyn_cast<Expr>(FB.Call->getCallee()->IgnoreImplicit()), Ctx);
  return Text.empty() ? FB.Callee->getQualifiedNameAsString() : Text;
}

const Expr *dataBeforeVoidCast(const Expr *Data) {
  const Expr *E = Data;
  while (E) {
    E = E->IgnoreParenImpCasts();
    const auto *Cast = dyn_cast<ExplicitCastExpr>(E);
    if (!Cast || !Cast->getType()->isVoidPointerType())
      return E;
    E = Cast->getSubExpr();
  }
  return E;
}

QualType pointeeElementType(QualType T) {
  if (T.isNull())
    return QualType();
  T = T.getNonReferenceType();
  QualType Element;
  if (const auto *PT = T->getAs<PointerType>())
    Element = PT->getPointeeType();
  else if (const ArrayType *AT = T->getAsArrayTypeUnsafe())
    Element = AT->getElementType();
  else
    return QualType();
  // float (*)[28] and float[28][28] address floats.
  while (const ArrayType *AT = Element->getAsArrayTypeUnsafe())
    Element = AT->getElementType();
  return Element.getUnqualifiedType();
}

} // namespace torchlint
