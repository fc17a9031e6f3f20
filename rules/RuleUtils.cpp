//===- RuleUtils.cpp - Helpers shared by several rules --------------------===//

#include "RuleUtils.h"
#include "FixSafety.h"
#include "torchlint/DeviceGuards.h"
#include "torchlint/Syntax.h"
#include "torchlint/TorchApi.h"

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

namespace {
/// What the values written to a device variable say about the device.
struct DeviceValues {
  bool Cpu = false;    ///< Names the CPU (kCPU, "cpu").
  bool Accel = false;  ///< Names CUDA or another accelerator.
  bool Chosen = false; ///< Depends on something chosen at run time.
};

DeviceValues valuesOf(const ValueDecl *D, unsigned Depth);

/// What one value written to a device variable says about the device.
struct DeviceValueScan : RecursiveASTVisitor<DeviceValueScan>, DeviceValues {
  explicit DeviceValueScan(unsigned Depth) : Depth(Depth) {}
  unsigned Depth;

  bool VisitConditionalOperator(ConditionalOperator *) {
    Chosen = true;
    return false;
  }
  bool VisitExpr(Expr *E) {
    if (api::isCudaKindRef(E)) {
      Accel = true;
    } else if (api::isCpuKindRef(E)) {
      Cpu = true;
    } else if (const auto *SL = dyn_cast<StringLiteral>(E)) {
      if (SL->isOrdinary() && SL->getString().starts_with("cpu"))
        Cpu = true;
      else if (SL->isOrdinary())
        Accel = true;
    } else if (const auto *DRE = dyn_cast<DeclRefExpr>(E)) {
      // torch::kMPS and its kind are constants; a user's variable of a
      // device, device kind or string type holds a choice.
      // A local device kind or device (`torch::DeviceType t = torch::kCPU;
      // torch::Device d(t);`) is what its own values are.
      const ValueDecl *D = DRE->getDecl();
      const auto *Local = dyn_cast<VarDecl>(D);
      if (isa<EnumConstantDecl>(D) || api::isInTorchNamespace(D)) {
        Accel |= api::isDeviceKindType(D->getType());
      } else if (Local && Local->isLocalVarDecl() && Depth < 3 &&
                 (api::isDeviceType(D->getType()) ||
                  api::isDeviceKindType(D->getType()))) {
        DeviceValues V = valuesOf(D, Depth + 1);
        Cpu |= V.Cpu;
        Accel |= V.Accel;
        Chosen |= V.Chosen;
      } else {
        Chosen |= holdsChoice(D->getType());
      }
    } else if (const auto *ME = dyn_cast<MemberExpr>(E)) {
      Chosen |= holdsChoice(ME->getType());
    } else if (const auto *CE = dyn_cast<CallExpr>(E)) {
      // x.device(), a helper returning a device: chosen elsewhere.
      Chosen |= api::isDeviceType(CE->getType()) ||
                api::isDeviceKindType(CE->getType());
    }
    return !Chosen;
  }
  static bool holdsChoice(QualType T) {
    T = T.getNonReferenceType();
    if (api::isDeviceType(T) || api::isDeviceKindType(T))
      return true;
    const CXXRecordDecl *RD = T->getAsCXXRecordDecl();
    return RD && RD->getIdentifier() && RD->getName() == "basic_string";
  }
};

/// Every value written to D that the unit shows: its initialiser, a
/// constructor's member initialiser, assignments in the function (a local)
/// or in the class's member functions (a field).
class DeviceWrites : public RecursiveASTVisitor<DeviceWrites> {
public:
  explicit DeviceWrites(const ValueDecl *D) : Target(D) {}
  std::vector<const Expr *> Values;

  bool VisitBinaryOperator(BinaryOperator *BO) {
    if (BO->getOpcode() == BO_Assign && refersTo(BO->getLHS()))
      Values.push_back(BO->getRHS());
    return true;
  }
  bool VisitCXXOperatorCallExpr(CXXOperatorCallExpr *OC) {
    if (OC->getOperator() == OO_Equal && OC->getNumArgs() == 2 &&
        refersTo(OC->getArg(0)))
      Values.push_back(OC->getArg(1));
    return true;
  }
  bool VisitCXXConstructorDecl(CXXConstructorDecl *CD) {
    for (const CXXCtorInitializer *I : CD->inits())
      if (I->isWritten() && I->getMember() == Target)
        Values.push_back(I->getInit());
    return true;
  }

private:
  bool refersTo(const Expr *E) const {
    E = E->IgnoreParenImpCasts();
    if (const auto *DRE = dyn_cast<DeclRefExpr>(E))
      return DRE->getDecl() == Target;
    if (const auto *ME = dyn_cast<MemberExpr>(E))
      return ME->getMemberDecl() == Target;
    return false;
  }
  const ValueDecl *Target;
};
} // namespace

namespace {
DeviceValues valuesOf(const ValueDecl *D, unsigned Depth) {
  DeviceValues All;
  if (isa<ParmVarDecl>(D)) {
    All.Chosen = true;
    return All;
  }
  DeviceWrites Writes(D);
  if (const auto *VD = dyn_cast<VarDecl>(D)) {
    if (VD->hasInit())
      Writes.Values.push_back(VD->getInit());
    if (const auto *DC =
            dyn_cast_or_null<FunctionDecl>(VD->getParentFunctionOrMethod()))
      if (DC->getBody())
        Writes.TraverseStmt(DC->getBody());
  } else if (const auto *FD = dyn_cast<FieldDecl>(D)) {
    if (FD->hasInClassInitializer())
      Writes.Values.push_back(FD->getInClassInitializer());
    if (const auto *RD = dyn_cast<CXXRecordDecl>(FD->getParent()))
      for (const CXXMethodDecl *M : RD->methods()) {
        const FunctionDecl *Def = nullptr;
        if (M->hasBody(Def))
          Writes.TraverseDecl(const_cast<FunctionDecl *>(Def));
      }
  } else {
    return All;
  }
  // Nothing visible written (set in another file): a field or variable
  // that exists to hold a device holds a choice.
  if (Writes.Values.empty())
    All.Chosen = true;
  for (const Expr *V : Writes.Values) {
    DeviceValueScan One(Depth);
    One.TraverseStmt(const_cast<Expr *>(V));
    // Nothing recognised in it (a copy of something opaque): a choice.
    All.Chosen |= One.Chosen || (!One.Cpu && !One.Accel);
    All.Cpu |= One.Cpu;
    All.Accel |= One.Accel;
  }
  return All;
}
} // namespace

ast_matchers::StatementMatcher
fieldAssignment(llvm::StringRef WriteId, llvm::StringRef FieldId,
                ast_matchers::internal::Matcher<MemberExpr> Object) {
  using namespace ast_matchers;
  return cxxOperatorCallExpr(
             hasOverloadedOperatorName("="), argumentCountIs(2),
             hasArgument(0, ignoringParenImpCasts(memberExpr(
                                member(fieldDecl().bind(FieldId)), Object))))
      .bind(WriteId);
}

bool writesRuntimeDevice(const FieldDecl *Field, const Expr *Value) {
  DeviceValueScan One(0);
  One.TraverseStmt(const_cast<Expr *>(Value));
  if (One.Chosen || (One.Cpu && One.Accel) || (!One.Cpu && !One.Accel))
    return true;
  if (!One.Accel || !Field->hasInClassInitializer())
    return false;
  DeviceValueScan Default(0);
  Default.TraverseStmt(Field->getInClassInitializer());
  return Default.Cpu && !Default.Accel && !Default.Chosen;
}

bool isRuntimeDevice(const ValueDecl *D) {
  if (!isa<VarDecl>(D) && !isa<FieldDecl>(D))
    return false;
  DeviceValues V = valuesOf(D, 0);
  return V.Chosen || (V.Cpu && V.Accel);
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
