//===- LoopBounds.cpp - Loops that run at most once -----------------------===//

#include "LoopBounds.h"
#include "torchlint/analysis/Writes.h"

#include "torchlint/api/Syntax.h"
#include "torchlint/api/TorchApi.h"

#include "clang/AST/ExprCXX.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/StmtCXX.h"

#include <optional>

using namespace clang;

namespace torchlint {
namespace {

/// The loader whose call `loader(batch)` fills VD, when Call is one.
const Expr *fillingLoader(const CallExpr *Call, const VarDecl *VD) {
  const auto *OC = dyn_cast<CXXOperatorCallExpr>(Call);
  if (!OC || OC->getOperator() != OO_Call || OC->getNumArgs() < 2)
    return nullptr;
  const auto *MD = dyn_cast_or_null<CXXMethodDecl>(OC->getDirectCallee());
  if (!MD)
    return nullptr;
  for (unsigned I = 1; I < OC->getNumArgs() && I - 1 < MD->getNumParams();
       ++I) {
    if (namesVar(OC->getArg(I), VD) &&
        isMutableReference(MD->getParamDecl(I - 1)->getType()))
      return OC->getArg(0);
  }
  return nullptr;
}

/// True when S may change VD or gives it its value: its declaration, a
/// range-for binding, an assignment, a call that takes it by non-const
/// reference. Calls on VD itself do not count: calling a loader does not
/// change how many rows it gives.
bool writes(const Stmt *S, const VarDecl *VD) {
  WriteRules Rules;
  Rules.MethodsWrite = false;
  Rules.DeclarationWrites = true;
  return mayBeWritten(VD, S, Rules);
}

/// The statement around S, through the declaration an initialiser belongs
/// to.
const Stmt *parentOf(const Stmt *S, ASTContext &Ctx) {
  DynTypedNodeList Parents = Ctx.getParents(*S);
  for (unsigned Up = 0; !Parents.empty() && Up < 4; ++Up) {
    if (const auto *P = Parents[0].get<Stmt>())
      return P;
    const auto *D = Parents[0].get<VarDecl>();
    if (!D)
      return nullptr;
    Parents = Ctx.getParents(*D);
  }
  return nullptr;
}

/// The one write of a local that reaches a use on every path: a value
/// (its initialiser or an assignment), a loader that fills it (`while
/// (loader(batch))`) or a range it iterates (`for (auto &b : *loader)`).
struct Reaching {
  enum KindTy { Value, Filled, Iterates } Kind = Value;
  const Expr *E = nullptr;
};

/// What writes VD before Use, read in the statements around Use from the
/// nearest back: a write inside a branch or a nested loop, a loop around
/// Use that writes VD after it (its next iteration), or no write found,
/// gives nothing.
std::optional<Reaching> reachingWrite(const VarDecl *VD, const Stmt *Use,
                                      ASTContext &Ctx) {
  // A reference may alias what other names write, except the variable of
  // a range-based for, bound to each element in turn.
  if (!VD->isLocalVarDecl() || VD->isStaticLocal() ||
      (VD->getType()->isReferenceType() && !VD->isCXXForRangeDecl()))
    return std::nullopt;
  const Stmt *Child = Use;
  for (unsigned Up = 0; Up < 64; ++Up) {
    const Stmt *P = parentOf(Child, Ctx);
    if (!P)
      return std::nullopt;
    if (const auto *CS = dyn_cast<CompoundStmt>(P)) {
      const Stmt *Before = nullptr;
      for (const Stmt *S : CS->body()) {
        if (S == Child)
          break;
        if (writes(S, VD))
          Before = S;
      }
      if (Before) {
        if (const auto *DS = dyn_cast<DeclStmt>(Before);
            DS && DS->isSingleDecl() && DS->getSingleDecl() == VD) {
          const Expr *Init = VD->getInit();
          const auto *CE =
              dyn_cast_or_null<CXXConstructExpr>(api::ignoreWrappers(Init));
          // `Loader l;`, `torch::Tensor t;`: declared with no value yet.
          if (!Init || (CE && CE->getNumArgs() == 0))
            return std::nullopt;
          return Reaching{Reaching::Value, Init};
        }
        const Expr *E = dyn_cast<Expr>(Before);
        E = E ? E->IgnoreImplicit() : nullptr;
        if (const auto *BO = dyn_cast_or_null<BinaryOperator>(E);
            BO && BO->getOpcode() == BO_Assign && namesVar(BO->getLHS(), VD))
          return Reaching{Reaching::Value, BO->getRHS()};
        if (const auto *OC = dyn_cast_or_null<CXXOperatorCallExpr>(E);
            OC && OC->getOperator() == OO_Equal && OC->getNumArgs() == 2 &&
            namesVar(OC->getArg(0), VD))
          return Reaching{Reaching::Value, OC->getArg(1)};
        return std::nullopt;
      }
    } else if (const auto *W = dyn_cast<WhileStmt>(P);
               W && Child == W->getBody()) {
      // The condition runs before every iteration of the body.
      if (const auto *Call = dyn_cast_or_null<CallExpr>(
              W->getCond() ? W->getCond()->IgnoreImplicit() : nullptr))
        if (const Expr *Loader = fillingLoader(Call, VD))
          return Reaching{Reaching::Filled, Loader};
      if (writes(W, VD))
        return std::nullopt;
    } else if (const auto *R = dyn_cast<CXXForRangeStmt>(P);
               R && Child == R->getBody()) {
      if (R->getLoopVariable() == VD)
        return Reaching{Reaching::Iterates, R->getRangeInit()};
      if (writes(R->getBody(), VD))
        return std::nullopt;
    } else if (isa<ForStmt, DoStmt, WhileStmt, CXXForRangeStmt>(P)) {
      // The next iteration sees what this one writes.
      if (writes(P, VD))
        return std::nullopt;
    } else if (isa<LambdaExpr>(P) || isa<CXXTryStmt>(P)) {
      return std::nullopt;
    }
    Child = P;
  }
  return std::nullopt;
}

/// Reads loop bounds and batch sizes; Depth bounds how far it follows.
class BoundReader {
public:
  explicit BoundReader(ASTContext &Ctx) : Ctx(Ctx) {}

  /// True when the integer N, read at Use, is at most one.
  bool atMostOne(const Expr *N, const Stmt *Use, unsigned Depth) {
    if (!N || Depth > 12)
      return false;
    N = api::ignoreWrappers(N)->IgnoreParenImpCasts();
    Expr::EvalResult R;
    if (!N->isValueDependent() && N->EvaluateAsInt(R, Ctx)) {
      const llvm::APSInt &V = R.Val.getInt();
      return V.isSigned() ? V.getSExtValue() <= 1 : V.getZExtValue() <= 1;
    }
    if (const auto *DRE = dyn_cast<DeclRefExpr>(N))
      if (const auto *VD = dyn_cast<VarDecl>(DRE->getDecl())) {
        std::optional<Reaching> W = reachingWrite(VD, Use, Ctx);
        return W && W->Kind == Reaching::Value &&
               atMostOne(W->E, W->E, Depth + 1);
      }
    // t.size(0): the rows of t.
    if (const auto *MC = dyn_cast<CXXMemberCallExpr>(N);
        MC &&
        api::tensorMethod(MC->getMethodDecl()) == api::TensorMethod::Size &&
        MC->getNumArgs() == 1) {
      Expr::EvalResult Dim;
      if (!MC->getArg(0)->isValueDependent() &&
          MC->getArg(0)->EvaluateAsInt(Dim, Ctx) && Dim.Val.getInt() == 0)
        return rowsAtMostOne(MC->getImplicitObjectArgument(), N, Depth + 1);
    }
    return false;
  }

private:
  /// True when the tensor T, read at Use, has at most one row.
  bool rowsAtMostOne(const Expr *T, const Stmt *Use, unsigned Depth) {
    if (!T || Depth > 12)
      return false;
    T = api::ignoreWrappers(T);
    if (const auto *MC = dyn_cast<CXXMemberCallExpr>(T)) {
      // to(device), cpu(), abs(), x.mul(2): the rows of x. A tensor
      // argument may broadcast to more (x.add(y)).
      const CXXMethodDecl *MD = MC->getMethodDecl();
      bool TensorArg = llvm::any_of(MC->arguments(), [](const Expr *A) {
        return api::isTensorType(A->getType());
      });
      if (!TensorArg && api::isTensorType(MC->getType()) &&
          (api::copiesToDevice(api::tensorMethod(MD)) || api::keepsShape(MD)))
        return rowsAtMostOne(MC->getImplicitObjectArgument(), Use, Depth + 1);
      return false;
    }
    if (const auto *DRE = dyn_cast<DeclRefExpr>(T))
      if (const auto *VD = dyn_cast<VarDecl>(DRE->getDecl())) {
        std::optional<Reaching> W = reachingWrite(VD, Use, Ctx);
        return W && W->Kind == Reaching::Value &&
               rowsAtMostOne(W->E, W->E, Depth + 1);
      }
    // std::get<0>(batch), batch.data: a part of what a loader gave.
    if (const auto *Call = dyn_cast<CallExpr>(T)) {
      const FunctionDecl *FD = Call->getDirectCallee();
      if (FD && FD->isInStdNamespace() && FD->getIdentifier() &&
          FD->getName() == "get" && Call->getNumArgs() == 1)
        return batchOfOne(Call->getArg(0), T, Depth + 1);
      return false;
    }
    if (const auto *ME = dyn_cast<MemberExpr>(T);
        ME && isa<FieldDecl>(ME->getMemberDecl()) && !ME->isArrow())
      return batchOfOne(ME->getBase(), T, Depth + 1);
    return false;
  }

  /// True when the batch B, read at Use, came from a loader of batches of
  /// at most one.
  bool batchOfOne(const Expr *B, const Stmt *Use, unsigned Depth) {
    const auto *DRE = dyn_cast<DeclRefExpr>(api::ignoreWrappers(B));
    const auto *VD = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
    if (!VD)
      return false;
    std::optional<Reaching> W = reachingWrite(VD, Use, Ctx);
    if (!W || W->Kind == Reaching::Value)
      return false;
    return loaderOfOne(W->E, W->E, Depth + 1);
  }

  /// True when the data loader L, read at Use, gives batches of at most
  /// one: it was built with a batch size of at most one.
  bool loaderOfOne(const Expr *L, const Stmt *Use, unsigned Depth) {
    if (!L || Depth > 12)
      return false;
    L = api::ignoreWrappers(L);
    // *loader, loader-> (a unique_ptr from make_data_loader).
    if (const auto *UO = dyn_cast<UnaryOperator>(L);
        UO && UO->getOpcode() == UO_Deref)
      return loaderOfOne(UO->getSubExpr(), Use, Depth + 1);
    if (const auto *OC = dyn_cast<CXXOperatorCallExpr>(L);
        OC && (OC->getOperator() == OO_Star || OC->getOperator() == OO_Arrow) &&
        OC->getNumArgs() == 1)
      return loaderOfOne(OC->getArg(0), Use, Depth + 1);
    if (const auto *DRE = dyn_cast<DeclRefExpr>(L)) {
      const auto *VD = dyn_cast<VarDecl>(DRE->getDecl());
      std::optional<Reaching> W =
          VD ? reachingWrite(VD, Use, Ctx) : std::nullopt;
      return W && W->Kind == Reaching::Value &&
             loaderOfOne(W->E, W->E, Depth + 1);
    }
    const Expr *Size = api::batchSizeArg(L);
    return Size && atMostOne(Size, Size, Depth + 1);
  }

  ASTContext &Ctx;
};

/// The counter and bound of `for (i = 0; i < N; ++i)` (or `N > i`, `i +=
/// k` with k positive), counting up from zero or more.
const Expr *boundOf(const ForStmt *For, ASTContext &Ctx) {
  const VarDecl *Counter = nullptr;
  const Expr *Start = nullptr;
  if (const auto *DS = dyn_cast_or_null<DeclStmt>(For->getInit());
      DS && DS->isSingleDecl()) {
    Counter = dyn_cast<VarDecl>(DS->getSingleDecl());
    Start = Counter ? Counter->getInit() : nullptr;
  } else if (const auto *BO = dyn_cast_or_null<BinaryOperator>(For->getInit());
             BO && BO->getOpcode() == BO_Assign) {
    if (const auto *DRE =
            dyn_cast<DeclRefExpr>(BO->getLHS()->IgnoreParenImpCasts()))
      Counter = dyn_cast<VarDecl>(DRE->getDecl());
    Start = BO->getRHS();
  }
  Expr::EvalResult R;
  if (!Counter || !Start || Start->isValueDependent() ||
      !Start->EvaluateAsInt(R, Ctx) || R.Val.getInt().isNegative())
    return nullptr;
  // Counting up by a positive step.
  const Expr *Inc =
      For->getInc() ? For->getInc()->IgnoreParenImpCasts() : nullptr;
  bool Up = false;
  if (const auto *UO = dyn_cast_or_null<UnaryOperator>(Inc))
    Up = UO->isIncrementOp() && namesVar(UO->getSubExpr(), Counter);
  else if (const auto *CA = dyn_cast_or_null<CompoundAssignOperator>(Inc)) {
    Expr::EvalResult Step;
    Up = CA->getOpcode() == BO_AddAssign && namesVar(CA->getLHS(), Counter) &&
         !CA->getRHS()->isValueDependent() &&
         CA->getRHS()->EvaluateAsInt(Step, Ctx) &&
         Step.Val.getInt().isStrictlyPositive();
  }
  if (!Up || writes(For->getBody(), Counter))
    return nullptr;
  const auto *Cond = dyn_cast_or_null<BinaryOperator>(
      For->getCond() ? For->getCond()->IgnoreParenImpCasts() : nullptr);
  if (!Cond)
    return nullptr;
  if (Cond->getOpcode() == BO_LT && namesVar(Cond->getLHS(), Counter))
    return Cond->getRHS();
  if (Cond->getOpcode() == BO_GT && namesVar(Cond->getRHS(), Counter))
    return Cond->getLHS();
  return nullptr;
}

} // namespace

bool runsAtMostOnce(const Stmt *Loop, ASTContext &Ctx) {
  const auto *For = dyn_cast_or_null<ForStmt>(Loop);
  const Expr *Bound = For ? boundOf(For, Ctx) : nullptr;
  return Bound && BoundReader(Ctx).atMostOne(Bound, For, 0);
}

} // namespace torchlint
