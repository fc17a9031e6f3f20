//===- OpenCV.cpp - What OpenCV's images hold -----------------------------===//

#include "torchlint/api/OpenCV.h"
#include "torchlint/api/Syntax.h"

#include "clang/AST/ExprCXX.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/AST/StmtCXX.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/StringSwitch.h"

using namespace clang;

namespace torchlint {
namespace api {

namespace {

bool isMatType(QualType T) {
  return isMatClass(T.getNonReferenceType()->getAsCXXRecordDecl());
}

/// The function of namespace cv that CE calls, named Name.
bool callsCv(const CallExpr *CE, llvm::StringRef Name) {
  const FunctionDecl *F = CE ? CE->getDirectCallee() : nullptr;
  return F && F->getIdentifier() && F->getName() == Name &&
         hasQualifiedName(F, ("cv::" + Name).str());
}

/// The depth of an OpenCV type constant (CV_32FC3 is 21: depth 5, CV_32F).
std::optional<MatElements> depthOf(const Expr *Type, const ASTContext &Ctx) {
  Expr::EvalResult R;
  if (!Type || Type->isValueDependent() ||
      !Type->EvaluateAsInt(R, Ctx) || R.Val.getInt().isNegative())
    return std::nullopt;
  static const struct {
    ScalarKind Kind;
    const char *Name;
  } Depths[] = {{ScalarKind::Byte, "CV_8U"},   {ScalarKind::Char, "CV_8S"},
                {ScalarKind::Short, "CV_16U"}, {ScalarKind::Short, "CV_16S"},
                {ScalarKind::Int, "CV_32S"},   {ScalarKind::Float, "CV_32F"},
                {ScalarKind::Double, "CV_64F"}, {ScalarKind::Half, "CV_16F"}};
  unsigned Depth = R.Val.getInt().getZExtValue() & 7;
  // CV_16U has no LibTorch dtype of its own size before 2.3: unknown.
  if (Depth == 2)
    return std::nullopt;
  MatElements M;
  M.Kind = Depths[Depth].Kind;
  M.Depth = Depths[Depth].Name;
  return M;
}

/// What cv::imread(path[, flags]) reads: 8-bit pixels unless the flags keep
/// the file's depth (IMREAD_UNCHANGED, IMREAD_ANYDEPTH) or are unknown.
std::optional<MatElements> imreadDepth(const CallExpr *Call,
                                       const ASTContext &Ctx) {
  if (!callsCv(Call, "imread"))
    return std::nullopt;
  if (Call->getNumArgs() >= 2 && !isa<CXXDefaultArgExpr>(Call->getArg(1))) {
    Expr::EvalResult R;
    if (!Call->getArg(1)->EvaluateAsInt(R, Ctx) ||
        R.Val.getInt().isNegative() || (R.Val.getInt().getZExtValue() & 2))
      return std::nullopt;
  }
  MatElements M;
  M.Kind = ScalarKind::Byte;
  M.Depth = "CV_8U";
  return M;
}

/// The variable E names, through the conversions to OpenCV's InputArray
/// and OutputArray that its functions take; null for anything else.
const VarDecl *varOf(const Expr *E) {
  for (unsigned Steps = 0; E && Steps < 8; ++Steps) {
    E = E->IgnoreImplicit()->IgnoreParens();
    if (const auto *CE = dyn_cast<CXXConstructExpr>(E);
        CE && CE->getNumArgs() == 1) {
      E = CE->getArg(0);
      continue;
    }
    break;
  }
  const auto *DRE = dyn_cast_or_null<DeclRefExpr>(E);
  return DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
}

/// Whether E names VD.
bool names(const Expr *E, const VarDecl *VD) { return VD && varOf(E) == VD; }

/// True when Call, a call of F, hands VD to a non-const reference parameter,
/// through which F may change it (a const reference or a copy cannot).
bool mayWriteThrough(const CallExpr *Call, const FunctionDecl *F,
                     const VarDecl *VD) {
  for (unsigned I = 0; I < Call->getNumArgs() && I < F->getNumParams(); ++I)
    if (names(Call->getArg(I), VD)) {
      QualType T = F->getParamDecl(I)->getType();
      if (T->isReferenceType() && !T.getNonReferenceType().isConstQualified())
        return true;
    }
  return false;
}

/// Every statement that mentions VD in S, in source order (pre-order).
void mentions(const Stmt *S, const VarDecl *VD,
              llvm::SmallVectorImpl<const Stmt *> &Out) {
  if (!S)
    return;
  if (const auto *DS = dyn_cast<DeclStmt>(S))
    for (const Decl *D : DS->decls())
      if (D == VD)
        Out.push_back(S);
  if (const auto *CE = dyn_cast<CallExpr>(S))
    for (const Expr *A : CE->arguments())
      if (names(A, VD)) {
        Out.push_back(S);
        break;
      }
  if (const auto *MC = dyn_cast<CXXMemberCallExpr>(S);
      MC && names(MC->getImplicitObjectArgument(), VD) &&
      (Out.empty() || Out.back() != S))
    Out.push_back(S);
  for (const Stmt *C : S->children())
    mentions(C, VD, Out);
}

/// True when S is in a branch or loop that does not also hold At.
bool conditionalFor(const Stmt *S, const Stmt *At, ASTContext &Ctx) {
  DynTypedNode Node = DynTypedNode::create(*S);
  for (unsigned Steps = 0; Steps < 128; ++Steps) {
    DynTypedNodeList Parents = Ctx.getParents(Node);
    if (Parents.empty() || Parents[0].get<FunctionDecl>())
      return false;
    const Stmt *P = Parents[0].get<Stmt>();
    if (P && (isa<IfStmt>(P) || isa<ForStmt>(P) || isa<WhileStmt>(P) ||
              isa<DoStmt>(P) || isa<SwitchStmt>(P) ||
              isa<CXXForRangeStmt>(P) || isa<ConditionalOperator>(P))) {
      // At inside the same statement: the write is on its path when both
      // are in the same branch; be conservative and call it conditional
      // unless At is inside S's own enclosing block.
      SourceRange R = P->getSourceRange();
      const SourceManager &SM = Ctx.getSourceManager();
      if (!(SM.isBeforeInTranslationUnit(R.getBegin(), At->getBeginLoc()) &&
            SM.isBeforeInTranslationUnit(At->getEndLoc(), R.getEnd())))
        return true;
    }
    Node = Parents[0];
  }
  return false;
}

} // namespace

bool isMatClass(const CXXRecordDecl *RD) {
  return RD && (hasQualifiedName(RD, "cv::Mat") || hasQualifiedName(RD, "cv::Mat_"));
}

const Expr *matOfPixels(const Expr *Data) {
  const Expr *E = Data ? Data->IgnoreParenCasts() : nullptr;
  if (const auto *ME = dyn_cast_or_null<MemberExpr>(E)) {
    const auto *Field = dyn_cast<FieldDecl>(ME->getMemberDecl());
    if (Field && Field->getIdentifier() && Field->getName() == "data" &&
        isMatClass(dyn_cast<CXXRecordDecl>(Field->getParent())))
      return ME->getBase()->IgnoreParenImpCasts();
  }
  if (const auto *MC = dyn_cast_or_null<CXXMemberCallExpr>(E)) {
    const CXXMethodDecl *MD = MC->getMethodDecl();
    if (MD && MD->getIdentifier() && MD->getName() == "ptr" &&
        isMatClass(MD->getParent()))
      return MC->getImplicitObjectArgument()->IgnoreParenImpCasts();
  }
  return nullptr;
}

std::optional<MatElements> matElementsAt(const Expr *Mat, const Stmt *At,
                                         ASTContext &Ctx) {
  const VarDecl *VD = Mat ? varOf(Mat) : nullptr;
  if (!VD || !VD->isLocalVarDecl() || !isMatType(VD->getType()) ||
      VD->getType()->isReferenceType())
    return std::nullopt;
  const Stmt *Body = enclosingBody(At, Ctx);
  llvm::SmallVector<const Stmt *, 8> Uses;
  mentions(Body, VD, Uses);
  const SourceManager &SM = Ctx.getSourceManager();
  std::optional<MatElements> Now;
  // The depth of another Mat at S (cvtColor's source).
  auto SourceAt = [&](const Expr *Src, const Stmt *S) {
    return names(Src, VD) ? Now : matElementsAt(Src, S, Ctx);
  };
  for (const Stmt *S : Uses) {
    if (!SM.isBeforeInTranslationUnit(S->getBeginLoc(), At->getBeginLoc()))
      break;
    std::optional<MatElements> Set;
    bool Changes = false;
    if (const auto *DS = dyn_cast<DeclStmt>(S)) {
      // cv::Mat m(rows, cols, CV_32FC3), = cv::imread(path), = src.clone().
      Changes = true;
      const Expr *Init = VD->getInit() ? VD->getInit()->IgnoreImplicit() : nullptr;
      bool Owns = true;
      if (const auto *CE = dyn_cast_or_null<CXXConstructExpr>(Init)) {
        if (CE->getNumArgs() == 0) {
          Set = MatElements(); // An empty Mat.
        } else if (CE->getNumArgs() >= 3 &&
                   CE->getArg(2)->getType()->isIntegerType()) {
          Set = depthOf(CE->getArg(2), Ctx).value_or(MatElements());
          // cv::Mat(rows, cols, type, data) wraps memory it does not own.
          Owns = !llvm::any_of(CE->arguments(), [](const Expr *A) {
            return A->getType()->isPointerType();
          });
        }
        else if (CE->getNumArgs() == 1)
          Init = CE->getArg(0)->IgnoreImplicit();
      }
      if (const auto *Call = dyn_cast_or_null<CallExpr>(Init);
          Call && callsCv(Call, "imread")) {
        Set = imreadDepth(Call, Ctx).value_or(MatElements());
      } else if (const auto *MC = dyn_cast_or_null<CXXMemberCallExpr>(Init);
                 MC && MC->getMethodDecl() &&
                 MC->getMethodDecl()->getIdentifier() &&
                 MC->getMethodDecl()->getName() == "clone") {
        Set = SourceAt(MC->getImplicitObjectArgument(), S)
                  .value_or(MatElements());
      } else if (Init && isMatType(Init->getType()) && varOf(Init)) {
        // cv::Mat m = other: other's pixels, shared.
        Set = SourceAt(Init, S).value_or(MatElements());
        Owns = false;
      }
      if (Set) {
        Set->Where = DS;
        Set->Owns = Owns;
      }
    } else if (const auto *MC = dyn_cast<CXXMemberCallExpr>(S)) {
      const CXXMethodDecl *MD = MC->getMethodDecl();
      llvm::StringRef N = MD && MD->getIdentifier() ? MD->getName() : "";
      bool OnVD = names(MC->getImplicitObjectArgument(), VD);
      if (N == "convertTo" && MC->getNumArgs() >= 2 && names(MC->getArg(0), VD)) {
        Changes = true;
        Set = depthOf(MC->getArg(1), Ctx);
        Expr::EvalResult R;
        // A negative type keeps the source's depth.
        if (!Set && MC->getArg(1)->EvaluateAsInt(R, Ctx) &&
            R.Val.getInt().isNegative())
          Set = SourceAt(MC->getImplicitObjectArgument(), S);
        if (!Set)
          Set = MatElements();
      } else if (N == "copyTo" && MC->getNumArgs() >= 1 &&
                 names(MC->getArg(0), VD)) {
        Changes = true;
        Set = SourceAt(MC->getImplicitObjectArgument(), S)
                  .value_or(MatElements());
      } else if (OnVD && (N == "create" || N == "release")) {
        Changes = true;
        Set = MatElements();
        if (N == "create" && MC->getNumArgs() >= 2)
          Set = depthOf(MC->getArg(MC->getNumArgs() - 1), Ctx)
                    .value_or(MatElements());
      } else if (!OnVD) {
        // Handed to a member function of something else.
        Changes = MD && mayWriteThrough(MC, MD, VD);
      }
      if (Set) {
        Set->Where = MC;
        Set->Owns = true; // convertTo, copyTo and create allocate.
      }
    } else if (const auto *OC = dyn_cast<CXXOperatorCallExpr>(S)) {
      if (OC->getOperator() == OO_Equal && names(OC->getArg(0), VD)) {
        Changes = true;
        const Expr *Rhs = OC->getArg(1)->IgnoreImplicit();
        if (const auto *Call = dyn_cast<CallExpr>(Rhs);
            Call && callsCv(Call, "imread"))
          Set = imreadDepth(Call, Ctx).value_or(MatElements());
        else if (isMatType(Rhs->getType()) && varOf(Rhs))
          Set = SourceAt(Rhs, S).value_or(MatElements());
        if (Set) {
          Set->Where = OC;
          // imread allocates; `m = other` shares other's pixels.
          Set->Owns = !varOf(Rhs);
        }
      }
    } else if (const auto *CE = dyn_cast<CallExpr>(S)) {
      // cv::cvtColor(src, dst, code), cv::resize(src, dst, size): dst gets
      // src's depth. Any other call with the Mat may change it.
      Changes = true;
      bool KeepsDepth = false;
      for (llvm::StringRef Name :
           {"cvtColor", "resize", "flip", "GaussianBlur", "medianBlur", "blur",
            "warpAffine", "warpPerspective", "copyMakeBorder", "transpose",
            "rotate"})
        KeepsDepth |= callsCv(CE, Name);
      if (KeepsDepth && CE->getNumArgs() >= 2 && names(CE->getArg(1), VD)) {
        Set = SourceAt(CE->getArg(0), S).value_or(MatElements());
      } else if (KeepsDepth && !names(CE->getArg(1), VD)) {
        Changes = false; // The Mat is the source: unchanged.
      } else if (const FunctionDecl *F = CE->getDirectCallee()) {
        Changes = mayWriteThrough(CE, F, VD);
      }
      if (Set) {
        Set->Where = CE;
        Set->Owns = true; // cvtColor and resize allocate their output.
      }
    }
    if (!Changes)
      continue;
    if (conditionalFor(S, At, Ctx))
      return std::nullopt;
    Now = Set;
  }
  return Now;
}

} // namespace api
} // namespace torchlint
