//===- FromBlob.cpp - Reading torch::from_blob calls ----------------------===//

#include "torchlint/analysis/FromBlob.h"
#include "torchlint/analysis/Writes.h"
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
