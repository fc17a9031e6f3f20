//===- RuleUtils.cpp - Helpers shared by several rules --------------------===//

#include "RuleUtils.h"
#include "FixSafety.h"
#include "torchlint/analysis/DeviceChoice.h"
#include "torchlint/api/Syntax.h"
#include "torchlint/api/TorchApi.h"

#include "clang/AST/ParentMapContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/StmtCXX.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"

using namespace clang;

namespace torchlint {

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
  for (const VarDecl *VD : Collector.Vars)
    if (inScopeAt(VD, UseLoc, Ctx) && isRuntimeDevice(VD))
      Best = VD; // Later declarations are nearer.
  if (Best)
    return Best;
  for (const ParmVarDecl *P : FD->parameters())
    if (api::isDeviceType(P->getType()) && P->getIdentifier())
      return P;
  if (const auto *MD = dyn_cast<CXXMethodDecl>(FD))
    for (const FieldDecl *F : MD->getParent()->fields())
      if (api::isDeviceType(F->getType()) && F->getIdentifier() &&
          isRuntimeDevice(F))
        return F;
  return nullptr;
}

namespace {
/// Declarations of one name in a function: parameters and locals.
struct SameNameCollector : RecursiveASTVisitor<SameNameCollector> {
  explicit SameNameCollector(const IdentifierInfo *Name) : Name(Name) {}
  const IdentifierInfo *Name;
  std::vector<const VarDecl *> Found;
  bool VisitVarDecl(VarDecl *VD) {
    if (VD->getIdentifier() == Name)
      Found.push_back(VD);
    return true;
  }
};

/// Whether S calls Target on this object, directly or through the class's
/// other member functions (Depth levels deep).
bool callsMethod(const Stmt *S, const CXXMethodDecl *Target, unsigned Depth) {
  struct Finder : RecursiveASTVisitor<Finder> {
    const CXXMethodDecl *Target;
    unsigned Depth;
    bool Found = false;
    bool VisitCXXMemberCallExpr(CXXMemberCallExpr *Call) {
      const CXXMethodDecl *M = Call->getMethodDecl();
      if (!M || !isa<CXXThisExpr>(
                    Call->getImplicitObjectArgument()->IgnoreParenImpCasts()))
        return true;
      if (M->getCanonicalDecl() == Target->getCanonicalDecl())
        Found = true;
      else if (Depth > 0 && M->getParent() == Target->getParent())
        if (const FunctionDecl *Def = M->getDefinition(); Def && Def->hasBody())
          Found = callsMethod(Def->getBody(), Target, Depth - 1);
      return !Found;
    }
  } F;
  F.Target = Target;
  F.Depth = Depth;
  F.TraverseStmt(const_cast<Stmt *>(S));
  return F.Found;
}
} // namespace

bool nameHoldsValueAt(const ValueDecl *Var, const Stmt *Use, ASTContext &Ctx) {
  const FunctionDecl *FD = enclosingFunction(Use, Ctx);
  if (!FD || !Var->getIdentifier())
    return false;
  SourceLocation UseLoc = Use->getBeginLoc();
  // Shadowing: another parameter or local of the same name in scope there.
  SameNameCollector Same(Var->getIdentifier());
  for (const ParmVarDecl *P : FD->parameters())
    if (P->getIdentifier() == Var->getIdentifier() && P != Var)
      return false;
  if (FD->hasBody())
    Same.TraverseStmt(FD->getBody());
  for (const VarDecl *VD : Same.Found)
    if (VD != Var && inScopeAt(VD, UseLoc, Ctx))
      return false;
  const auto *Field = dyn_cast<FieldDecl>(Var);
  if (!Field)
    return true;
  const auto *MD = dyn_cast<CXXMethodDecl>(FD);
  if (!MD || MD->getParent() != Field->getParent())
    return true;
  const SourceManager &SM = Ctx.getSourceManager();
  auto RunsBefore = [&](const CXXCtorInitializer *Init) {
    if (Init->isBaseInitializer() || Init->isDelegatingInitializer())
      return true;
    const FieldDecl *G = Init->getMember();
    return G && G->getParent() == Field->getParent() &&
           G->getFieldIndex() <= Field->getFieldIndex();
  };
  auto Contains = [&](SourceRange R) {
    return R.isValid() && !SM.isBeforeInTranslationUnit(UseLoc, R.getBegin()) &&
           !SM.isBeforeInTranslationUnit(R.getEnd(), UseLoc);
  };
  // The use sits in a constructor's initialiser of an earlier field.
  if (const auto *Ctor = dyn_cast<CXXConstructorDecl>(MD))
    for (const CXXCtorInitializer *Init : Ctor->inits())
      if (Init->isWritten() && Contains(Init->getSourceRange()) &&
          RunsBefore(Init))
        return false;
  if (isa<CXXConstructorDecl>(MD) || MD->isStatic())
    return true;
  // The member function runs from such an initialiser, in any constructor,
  // or from a default member initialiser of an earlier field.
  constexpr unsigned Depth = 3;
  for (const CXXConstructorDecl *Ctor : MD->getParent()->ctors()) {
    const auto *Def =
        dyn_cast_or_null<CXXConstructorDecl>(Ctor->getDefinition());
    if (!Def)
      continue;
    for (const CXXCtorInitializer *Init : Def->inits())
      if (Init->getInit() && RunsBefore(Init) &&
          callsMethod(Init->getInit(), MD, Depth))
        return false;
  }
  for (const FieldDecl *G : MD->getParent()->fields())
    if (G->getFieldIndex() <= Field->getFieldIndex() &&
        G->hasInClassInitializer() && G->getInClassInitializer() &&
        callsMethod(G->getInClassInitializer(), MD, Depth))
      return false;
  return true;
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
