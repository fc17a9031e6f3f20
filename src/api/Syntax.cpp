//===- Syntax.cpp - Reading expressions as the user wrote them ------------===//

#include "torchlint/api/Syntax.h"
#include "torchlint/core/LLVMCompat.h"

#include "clang/AST/ParentMapContext.h"
#include "clang/AST/StmtCXX.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"

using namespace clang;

namespace torchlint {
namespace api {

template <typename Args> static unsigned countWritten(Args Range) {
  unsigned N = 0;
  for (const Expr *A : Range)
    if (!isa<CXXDefaultArgExpr>(A))
      ++N;
  return N;
}

unsigned writtenArgCount(const CallExpr *CE) {
  return countWritten(CE->arguments());
}

unsigned writtenArgCount(const CXXConstructExpr *CE) {
  return countWritten(CE->arguments());
}

const Expr *ignoreWrappers(const Expr *E) {
  while (E) {
    const Expr *Next = E->IgnoreParenImpCasts();
    if (const auto *EWC = dyn_cast<ExprWithCleanups>(Next))
      Next = EWC->getSubExpr();
    else if (const auto *MTE = dyn_cast<MaterializeTemporaryExpr>(Next))
      Next = MTE->getSubExpr();
    else if (const auto *BTE = dyn_cast<CXXBindTemporaryExpr>(Next))
      Next = BTE->getSubExpr();
    else if (const auto *FC = dyn_cast<CXXFunctionalCastExpr>(Next);
             FC && FC->getCastKind() == CK_ConstructorConversion)
      Next = FC->getSubExpr();
    else if (const auto *CE = dyn_cast<CXXConstructExpr>(Next);
             CE && writtenArgCount(CE) == 1 &&
             !isa<CXXTemporaryObjectExpr>(CE) &&
             (CE->getConstructor()->isCopyOrMoveConstructor() ||
              CE->getConstructor()->isConvertingConstructor(false)))
      Next = CE->getArg(0);
    if (Next == E)
      return E;
    E = Next;
  }
  return E;
}

std::string projectKey(const FunctionDecl *FD) {
  if (!FD || !FD->getIdentifier() ||
      FD->getTemplatedKind() != FunctionDecl::TK_NonTemplate ||
      FD->isDependentContext() || !compat::hasExternalFormalLinkage(FD))
    return "";
  const auto *MD = dyn_cast<CXXMethodDecl>(FD);
  if (MD && (MD->isVirtual() || MD->getParent()->isLambda() ||
             isa<ClassTemplateSpecializationDecl>(MD->getParent())))
    return "";
  std::string Key = FD->getQualifiedNameAsString() + "(";
  for (unsigned I = 0; I < FD->getNumParams(); ++I)
    Key += (I ? ", " : "") +
           FD->getParamDecl(I)->getType().getCanonicalType().getAsString();
  Key += ")";
  if (MD && MD->isConst())
    Key += " const";
  return Key;
}

std::string sourceText(const Expr *E, const ASTContext &Ctx) {
  return E ? sourceText(E->getSourceRange(), Ctx) : "";
}

std::string sourceText(SourceRange Tokens, const ASTContext &Ctx) {
  if (Tokens.isInvalid())
    return "";
  const SourceManager &SM = Ctx.getSourceManager();
  CharSourceRange Range = Lexer::makeFileCharRange(
      CharSourceRange::getTokenRange(Tokens), SM, Ctx.getLangOpts());
  if (Range.isInvalid()) {
    // An expression written as a macro argument: its spelling is in the
    // file, at the macro's use.
    SourceLocation B = SM.getSpellingLoc(Tokens.getBegin());
    SourceLocation End = SM.getSpellingLoc(Tokens.getEnd());
    if (B.isInvalid() || End.isInvalid() ||
        SM.getFileID(B) != SM.getFileID(End) || SM.isWrittenInScratchSpace(B) ||
        End < B)
      return "";
    Range = CharSourceRange::getTokenRange(B, End);
  }
  return Lexer::getSourceText(Range, Ctx.getSourceManager(), Ctx.getLangOpts())
      .str();
}

bool isDiscardedValue(const Expr *E, ASTContext &Ctx) {
  DynTypedNode Child = DynTypedNode::create(*E);
  for (unsigned Steps = 0; Steps < 16; ++Steps) {
    DynTypedNodeList Parents = Ctx.getParents(Child);
    if (Parents.empty())
      return false;
    const DynTypedNode &P = Parents[0];
    const Stmt *C = Child.get<Stmt>();
    if (P.get<ExprWithCleanups>() || P.get<CXXBindTemporaryExpr>() ||
        P.get<ParenExpr>() || P.get<MaterializeTemporaryExpr>()) {
      Child = P;
      continue;
    }
    if (P.get<CompoundStmt>() || P.get<LabelStmt>() || P.get<AttributedStmt>())
      return true;
    if (const auto *If = P.get<IfStmt>())
      return C == If->getThen() || C == If->getElse();
    if (const auto *For = P.get<ForStmt>())
      return C == For->getBody() || C == For->getInc();
    if (const auto *RF = P.get<CXXForRangeStmt>())
      return C == RF->getBody();
    if (const auto *W = P.get<WhileStmt>())
      return C == W->getBody();
    if (const auto *D = P.get<DoStmt>())
      return C == D->getBody();
    if (const auto *SC = P.get<SwitchCase>())
      return C == SC->getSubStmt();
    if (const auto *BO = P.get<BinaryOperator>())
      return BO->getOpcode() == BO_Comma && C == BO->getLHS();
    return false;
  }
  return false;
}

bool isSystemHeaderDecl(const Decl *D) {
  return D && !isa<TranslationUnitDecl>(D) && D->getLocation().isValid() &&
         D->getASTContext().getSourceManager().isInSystemHeader(
             D->getLocation());
}

const FunctionDecl *enclosingFunction(const Stmt *S, ASTContext &Ctx) {
  DynTypedNode Node = DynTypedNode::create(*S);
  for (unsigned Steps = 0; Steps < 512; ++Steps) {
    DynTypedNodeList Parents = Ctx.getParents(Node);
    if (Parents.empty())
      return nullptr;
    if (const auto *FD = Parents[0].get<FunctionDecl>())
      return FD;
    if (const auto *LE = Parents[0].get<LambdaExpr>())
      return LE->getCallOperator();
    Node = Parents[0];
  }
  return nullptr;
}

const Stmt *enclosingLoop(const Stmt *S, ASTContext &Ctx) {
  DynTypedNode Node = DynTypedNode::create(*S);
  for (unsigned Steps = 0; Steps < 256; ++Steps) {
    DynTypedNodeList Parents = Ctx.getParents(Node);
    if (Parents.empty())
      return nullptr;
    const DynTypedNode &P = Parents[0];
    if (P.get<Decl>() && (P.get<FunctionDecl>() || P.get<CXXRecordDecl>()))
      return nullptr;
    if (P.get<LambdaExpr>())
      return nullptr;
    const Stmt *Child = Node.get<Stmt>();
    if (const auto *For = P.get<ForStmt>();
        For && Child && (Child == For->getBody() || Child == For->getCond() ||
                         Child == For->getInc()))
      return For;
    if (const auto *Range = P.get<CXXForRangeStmt>();
        Range && Child == Range->getBody())
      return Range;
    if (const auto *While = P.get<WhileStmt>())
      return While;
    if (const auto *Do = P.get<DoStmt>())
      return Do;
    Node = P;
  }
  return nullptr;
}

namespace {
/// Whether a statement writes one variable (writtenIn).
struct WriteFinder {
  const ValueDecl *VD;
  llvm::function_ref<bool(const CXXMemberCallExpr *)> Writes;
  /// VD as a variable, or as a field of `this`.
  bool names(const Expr *E) const {
    E = E->IgnoreParenImpCasts();
    if (const auto *DRE = dyn_cast<DeclRefExpr>(E))
      return DRE->getDecl() == VD;
    const auto *ME = dyn_cast<MemberExpr>(E);
    return ME && ME->getMemberDecl() == VD &&
           isa<CXXThisExpr>(ME->getBase()->IgnoreParenImpCasts());
  }
  bool find(const Stmt *S) const {
    if (!S)
      return false;
    if (const auto *DS = dyn_cast<DeclStmt>(S))
      for (const Decl *D : DS->decls())
        if (D == VD)
          return true;
    if (const auto *BO = dyn_cast<BinaryOperator>(S);
        BO && BO->isAssignmentOp() && names(BO->getLHS()))
      return true;
    if (const auto *UO = dyn_cast<UnaryOperator>(S);
        UO && (UO->isIncrementDecrementOp() || UO->getOpcode() == UO_AddrOf) &&
        names(UO->getSubExpr()))
      return true;
    if (const auto *OC = dyn_cast<CXXOperatorCallExpr>(S);
        OC && OC->getNumArgs() >= 1 && names(OC->getArg(0)) &&
        (OC->isAssignmentOp() || OC->getOperator() == OO_PlusPlus ||
         OC->getOperator() == OO_MinusMinus))
      return true;
    if (const auto *MC = dyn_cast<CXXMemberCallExpr>(S);
        MC && Writes && MC->getImplicitObjectArgument() &&
        names(MC->getImplicitObjectArgument()) && Writes(MC))
      return true;
    for (const Stmt *C : S->children())
      if (find(C))
        return true;
    return false;
  }
};

bool namesWritten(const Stmt *S, const Stmt *Loop) {
  if (!S)
    return false;
  if (const auto *DRE = dyn_cast<DeclRefExpr>(S))
    if (isa<VarDecl>(DRE->getDecl()) && writtenIn(DRE->getDecl(), Loop))
      return true;
  for (const Stmt *C : S->children())
    if (namesWritten(C, Loop))
      return true;
  return false;
}
} // namespace

bool writtenIn(const ValueDecl *VD, const Stmt *Loop,
               llvm::function_ref<bool(const CXXMemberCallExpr *)> Writes) {
  if (const auto *Range = dyn_cast<CXXForRangeStmt>(Loop))
    if (Range->getLoopVariable() == VD)
      return true;
  return WriteFinder{VD, Writes}.find(Loop);
}

bool variesIn(const Expr *E, const Stmt *Loop) {
  return namesWritten(E, Loop);
}

} // namespace api
} // namespace torchlint
