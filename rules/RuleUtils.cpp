//===- RuleUtils.cpp - Helpers shared by several rules --------------------===//

#include "RuleUtils.h"
#include "DeviceGuards.h"
#include "torchlint/Syntax.h"
#include "torchlint/TorchApi.h"

#include "clang/AST/ParentMapContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/StmtCXX.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"

using namespace clang;

namespace torchlint {

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

namespace {
/// Collects local torch::Device variables declared in a function body.
class DeviceVarCollector : public RecursiveASTVisitor<DeviceVarCollector> {
public:
  std::vector<const VarDecl *> Vars;
  bool VisitVarDecl(VarDecl *VD) {
    if (!isa<ParmVarDecl>(VD) && api::isDeviceType(VD->getType()))
      Vars.push_back(VD);
    return true;
  }
  // Lambdas have their own scope.
  bool TraverseLambdaExpr(LambdaExpr *) { return true; }
};

/// Finds a CUDA reference that no guard covers inside an initialiser.
class UnguardedCudaFinder : public RecursiveASTVisitor<UnguardedCudaFinder> {
public:
  explicit UnguardedCudaFinder(ASTContext &Ctx) : Ctx(Ctx) {}
  bool Found = false;
  bool VisitExpr(Expr *E) {
    if ((api::isCudaKindRef(E) && isa<DeclRefExpr>(E)) ||
        (isa<StringLiteral>(E) && api::cudaStringLiteral(E)))
      if (!isCudaGuarded(E, Ctx))
        Found = true;
    return !Found;
  }

private:
  ASTContext &Ctx;
};
} // namespace

/// True when Use lies inside the block that declares VD, after VD.
static bool inScopeAt(const VarDecl *VD, SourceLocation UseLoc,
                      ASTContext &Ctx) {
  const SourceManager &SM = Ctx.getSourceManager();
  if (!SM.isBeforeInTranslationUnit(VD->getLocation(), UseLoc))
    return false;
  DynTypedNodeList Parents = Ctx.getParents(*VD);
  if (Parents.empty())
    return false;
  DynTypedNodeList Blocks = Ctx.getParents(Parents[0]);
  if (Blocks.empty())
    return false;
  SourceRange R = Blocks[0].getSourceRange();
  return R.isValid() && !SM.isBeforeInTranslationUnit(UseLoc, R.getBegin()) &&
         SM.isBeforeInTranslationUnit(UseLoc, R.getEnd());
}

const ValueDecl *findDeviceVariable(const Stmt *Use, ASTContext &Ctx) {
  const FunctionDecl *FD = enclosingFunction(Use, Ctx);
  if (!FD || !FD->hasBody())
    return nullptr;
  SourceLocation UseLoc = Use->getBeginLoc();
  const ValueDecl *Best = nullptr;
  DeviceVarCollector Collector;
  Collector.TraverseStmt(FD->getBody());
  for (const VarDecl *VD : Collector.Vars) {
    if (!inScopeAt(VD, UseLoc, Ctx))
      continue;
    UnguardedCudaFinder Finder(Ctx);
    if (VD->hasInit())
      Finder.TraverseStmt(const_cast<Expr *>(VD->getInit()));
    if (!Finder.Found)
      Best = VD; // Later declarations are nearer.
  }
  if (Best)
    return Best;
  for (const ParmVarDecl *P : FD->parameters())
    if (api::isDeviceType(P->getType()) && P->getIdentifier())
      return P;
  if (const auto *MD = dyn_cast<CXXMethodDecl>(FD))
    for (const FieldDecl *F : MD->getParent()->fields())
      if (api::isDeviceType(F->getType()) && F->getIdentifier())
        return F;
  return nullptr;
}

std::optional<FixItHint> replaceFix(SourceRange Range, llvm::StringRef Text,
                                    const ASTContext &Ctx) {
  CharSourceRange CR =
      Lexer::makeFileCharRange(CharSourceRange::getTokenRange(Range),
                               Ctx.getSourceManager(), Ctx.getLangOpts());
  if (CR.isInvalid() || Range.getBegin().isMacroID() ||
      Range.getEnd().isMacroID())
    return std::nullopt;
  return FixItHint::CreateReplacement(CR, Text);
}

std::optional<FixItHint> insertFix(SourceLocation Loc, llvm::StringRef Text,
                                   bool After, const ASTContext &Ctx) {
  if (Loc.isInvalid() || Loc.isMacroID())
    return std::nullopt;
  if (After)
    Loc = Lexer::getLocForEndOfToken(Loc, 0, Ctx.getSourceManager(),
                                     Ctx.getLangOpts());
  if (Loc.isInvalid())
    return std::nullopt;
  return FixItHint::CreateInsertion(Loc, Text);
}

} // namespace torchlint
