//===- LoadSites.cpp - Checkpoint loads and where they land ---------------===//

#include "torchlint/analysis/LoadSites.h"
#include "torchlint/analysis/DeviceGuards.h"
#include "torchlint/api/Syntax.h"
#include "torchlint/api/TorchApi.h"

#include "clang/AST/ExprCXX.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/StmtCXX.h"
#include "clang/Basic/SourceManager.h"

using namespace clang;

namespace torchlint {

/// The function a load calls: its callee, or in a template the first
/// declaration its unresolved name finds; null when there is none.
static const NamedDecl *loadCallee(const CallExpr *Load) {
  if (const FunctionDecl *FD = Load->getDirectCallee())
    return FD;
  const auto *ULE =
      dyn_cast<UnresolvedLookupExpr>(Load->getCallee()->IgnoreParenImpCasts());
  if (!ULE || ULE->decls_begin() == ULE->decls_end())
    return nullptr;
  return *ULE->decls_begin();
}

std::string loadCalleeName(const CallExpr *Load) {
  if (const NamedDecl *D = loadCallee(Load))
    return D->getQualifiedNameAsString();
  return "torch::load";
}

bool loadLeavesDeviceToFile(const CallExpr *Load) {
  unsigned Written = api::writtenArgCount(Load);
  bool Dependent = Load->isTypeDependent();
  for (unsigned I = 0; I < Written; ++I) {
    const Expr *Arg = Load->getArg(I);
    if (api::isDeviceOrOptionalDeviceType(Arg->getType()) ||
        (Dependent && I > 0 && Arg->isTypeDependent()))
      return false;
  }
  return Written != 0 && !(Dependent && Written > 2);
}

bool loadsData(const CallExpr *Load) {
  if (Load->getNumArgs() == 0)
    return false;
  const Expr *First = Load->getArg(0);
  return !First->isTypeDependent() &&
         (api::isTensorType(First->getType()) ||
          api::isTensorContainerType(First->getType()));
}

namespace {

/// The variable, or field of `this`, that E names.
const ValueDecl *namedValue(const Expr *E) {
  E = E->IgnoreParenImpCasts();
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E))
    return DRE->getDecl();
  if (const auto *ME = dyn_cast<MemberExpr>(E))
    if (isa<CXXThisExpr>(ME->getBase()->IgnoreParenImpCasts()))
      return ME->getMemberDecl();
  return nullptr;
}

/// True when S reads or writes Var anywhere.
bool mentions(const Stmt *S, const ValueDecl *Var) {
  if (!S)
    return false;
  if (const auto *E = dyn_cast<Expr>(S))
    if (namedValue(E) == Var)
      return true;
  return llvm::any_of(S->children(),
                      [&](const Stmt *C) { return mentions(C, Var); });
}

/// True when S is `Var.to(device)`.
bool movesToDevice(const Stmt *S, const ValueDecl *Var) {
  const auto *Next = dyn_cast<Expr>(S);
  const auto *MC =
      Next ? dyn_cast<CXXMemberCallExpr>(api::ignoreWrappers(Next)) : nullptr;
  return MC && api::isToMethod(MC->getMethodDecl()) && MC->getNumArgs() >= 1 &&
         api::isDeviceOrOptionalDeviceType(MC->getArg(0)->getType()) &&
         namedValue(MC->getImplicitObjectArgument()) == Var;
}

/// The argument of a save or load call that names the file: the first
/// string or path argument.
const Expr *pathArgument(const CallExpr *Call) {
  for (const Expr *A : Call->arguments()) {
    QualType T = A->getType().getNonReferenceType().getCanonicalType();
    if (isa<CXXDefaultArgExpr>(A))
      break;
    if (T->isPointerType() ||
        (T->getAsCXXRecordDecl() && T->getAsCXXRecordDecl()->getIdentifier() &&
         T->getAsCXXRecordDecl()->getName().ends_with("basic_string")))
      return A;
  }
  return nullptr;
}

} // namespace

bool isMovedRightAfter(const CallExpr *Load, ASTContext &Ctx) {
  // That is how C++ code uses a TorchScript file exported for it from
  // Python, traced on the CPU so that it loads anywhere; the move says the
  // author placed it on purpose. A checkpoint the project saves itself, read
  // by torch::load, gets no such pass.
  if (!api::isScriptModuleLoad(loadCallee(Load)))
    return false;
  // The variable the module goes to, and the statement that puts it there.
  const ValueDecl *Var = nullptr;
  DynTypedNode Node = DynTypedNode::create(*Load);
  for (unsigned Steps = 0; Steps < 8 && !Var; ++Steps) {
    DynTypedNodeList Parents = Ctx.getParents(Node);
    if (Parents.empty())
      return false;
    const DynTypedNode &P = Parents[0];
    if (const auto *VD = P.get<VarDecl>()) {
      Var = VD;
      Node = Ctx.getParents(P).empty() ? P : Ctx.getParents(P)[0];
      break;
    }
    if (const auto *OC = P.get<CXXOperatorCallExpr>()) {
      if (OC->getOperator() != OO_Equal || OC->getNumArgs() != 2)
        return false;
      Var = namedValue(OC->getArg(0));
    } else if (const auto *BO = P.get<BinaryOperator>()) {
      if (BO->getOpcode() != BO_Assign)
        return false;
      Var = namedValue(BO->getLHS());
    } else if (!P.get<ImplicitCastExpr>() && !P.get<CXXConstructExpr>() &&
               !P.get<MaterializeTemporaryExpr>() &&
               !P.get<CXXBindTemporaryExpr>() && !P.get<ExprWithCleanups>()) {
      return false;
    }
    Node = P;
  }
  if (!Var)
    return false;
  // Up to the statement that sits in a block.
  const Stmt *Statement = nullptr;
  const CompoundStmt *Block = nullptr;
  for (unsigned Steps = 0; Steps < 4 && !Block; ++Steps) {
    Statement = Node.get<Stmt>();
    DynTypedNodeList Parents = Ctx.getParents(Node);
    if (!Statement || Parents.empty())
      return false;
    Block = Parents[0].get<CompoundStmt>();
    Node = Parents[0];
  }
  // The statements after it, and after the try block that ends with it.
  while (Block) {
    const auto *It = llvm::find(Block->body(), Statement);
    if (It == Block->body_end())
      return false;
    for (++It; It != Block->body_end(); ++It) {
      if (movesToDevice(*It, Var))
        return true;
      if (mentions(*It, Var))
        return false;
    }
    DynTypedNodeList Parents = Ctx.getParents(*Block);
    const auto *Try = Parents.empty() ? nullptr : Parents[0].get<CXXTryStmt>();
    if (!Try)
      return false;
    DynTypedNodeList Outer = Ctx.getParents(*Try);
    Statement = Try;
    Block = Outer.empty() ? nullptr : Outer[0].get<CompoundStmt>();
  }
  return false;
}

bool isSavedEarlier(const CallExpr *Load, ASTContext &Ctx) {
  const FunctionDecl *FD = api::enclosingFunction(Load, Ctx);
  const Expr *Path = pathArgument(Load);
  std::string Text = Path ? api::sourceText(Path, Ctx) : "";
  if (!FD || !FD->getBody() || Text.empty())
    return false;
  struct Finder : RecursiveASTVisitor<Finder> {
    const CallExpr *Load;
    const std::string &Text;
    ASTContext &Ctx;
    bool Found = false;
    Finder(const CallExpr *L, const std::string &T, ASTContext &C)
        : Load(L), Text(T), Ctx(C) {}
    bool VisitCallExpr(CallExpr *CE) {
      const FunctionDecl *Callee = CE->getDirectCallee();
      if (!Callee || !api::isCheckpointSave(Callee) ||
          !Ctx.getSourceManager().isBeforeInTranslationUnit(
              CE->getBeginLoc(), Load->getBeginLoc()))
        return true;
      const Expr *P = pathArgument(CE);
      Found |= P && api::sourceText(P, Ctx) == Text;
      return !Found;
    }
  } F(Load, Text, Ctx);
  F.TraverseStmt(FD->getBody());
  return F.Found;
}

bool isLoadPlaced(const CallExpr *Load, ASTContext &Ctx) {
  // Inside `if (is_available())` the checkpoint comes back on the GPU it was
  // saved from or on the CPU, and the code around moves it; the CPU branch
  // is the one that needs the device.
  return isCudaGuarded(Load, Ctx) || isSavedEarlier(Load, Ctx) ||
         isMovedRightAfter(Load, Ctx);
}

const ValueDecl *movedToDevice(const Expr *Device) {
  const ValueDecl *D = nullptr;
  Device = api::ignoreWrappers(Device);
  if (const auto *DRE = dyn_cast<DeclRefExpr>(Device))
    D = DRE->getDecl();
  else if (const auto *ME = dyn_cast<MemberExpr>(Device))
    D = ME->getMemberDecl();
  if (!D || !D->getIdentifier() ||
      !(api::isDeviceType(D->getType()) || api::isDeviceKindType(D->getType())))
    return nullptr;
  return D;
}

const Expr *movedObject(const CallExpr *Move) {
  const Expr *Object = nullptr;
  if (const auto *MC = dyn_cast<CXXMemberCallExpr>(Move))
    Object = MC->getImplicitObjectArgument();
  else if (const auto *DM = dyn_cast<CXXDependentScopeMemberExpr>(
               Move->getCallee()->IgnoreImplicit()))
    Object = DM->isImplicitAccess() ? nullptr : DM->getBase();
  // `model->to(d)` on a module holder: the holder, not its operator->.
  if (const auto *OC = dyn_cast_or_null<CXXOperatorCallExpr>(
          Object ? Object->IgnoreImplicit() : nullptr))
    if (OC->getOperator() == OO_Arrow)
      Object = OC->getArg(0);
  return Object;
}

} // namespace torchlint
