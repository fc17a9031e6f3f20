//===- DeviceGuards.cpp - Is an accelerator safe to name here? ------------===//

#include "torchlint/analysis/DeviceGuards.h"
#include "UnitCache.h"
#include "torchlint/api/Syntax.h"
#include "torchlint/api/TorchApi.h"

#include "clang/AST/ExprCXX.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/StmtCXX.h"
#include "clang/Basic/Builtins.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Regex.h"

#include <map>
#include <mutex>
#include <vector>

using namespace clang;

namespace torchlint {

static GuardSense flip(GuardSense S) {
  switch (S) {
  case GuardSense::Available:
    return GuardSense::Unavailable;
  case GuardSense::Unavailable:
    return GuardSense::Available;
  case GuardSense::None:
    return GuardSense::None;
  }
  return GuardSense::None;
}

/// Integer value of E when it is a constant the AST can fold.
static std::optional<llvm::APSInt> constantValue(const Expr *E,
                                                 const ASTContext &Ctx) {
  if (!E || E->isValueDependent())
    return std::nullopt;
  Expr::EvalResult R;
  if (E->EvaluateAsInt(R, Ctx))
    return R.Val.getInt();
  return std::nullopt;
}

static bool isGuardedValue(const ValueDecl *D, const ASTContext &Ctx);

/// The variable or field E reads (`gpu_count`, `config.gpu_count`).
static const ValueDecl *readValue(const Expr *E) {
  E = api::ignoreWrappers(E);
  if (const auto *DRE = dyn_cast_or_null<DeclRefExpr>(E))
    return dyn_cast<VarDecl>(DRE->getDecl());
  if (const auto *ME = dyn_cast_or_null<MemberExpr>(E))
    return dyn_cast<FieldDecl>(ME->getMemberDecl());
  return nullptr;
}

static bool isDeviceCountCall(const Expr *E, const ASTContext &Ctx) {
  // (int)torch::cuda::device_count(): the cast changes no count.
  if (E)
    E = api::ignoreWrappers(E)->IgnoreParenCasts();
  const auto *CE = dyn_cast_or_null<CallExpr>(E);
  if (CE &&
      api::cudaQuery(CE->getDirectCallee()) == api::CudaQuery::DeviceCount)
    return true;
  // A count remembered from one: `int gpus = device_count();`, or a
  // config field set only where CUDA was found.
  const ValueDecl *D = readValue(E);
  return D && D->getType()->isIntegerType() && isGuardedValue(D, Ctx);
}

/// `device_count() OP N` as a guard.
static GuardSense classifyCount(BinaryOperatorKind Op, const Expr *L,
                                const Expr *R, const ASTContext &Ctx) {
  bool Swapped = false;
  if (!isDeviceCountCall(L, Ctx)) {
    if (!isDeviceCountCall(R, Ctx))
      return GuardSense::None;
    std::swap(L, R);
    Swapped = true;
  }
  std::optional<llvm::APSInt> N = constantValue(R, Ctx);
  if (!N) {
    // `i < device_count()` in a loop: its body runs only when there are
    // more devices than i, so at least one. `if (gpu_id >= getNumGPUs())
    // throw ...;`: past it, there are more devices than the index asked
    // for (an index, so at least 0).
    bool CountGreater = Swapped ? Op == BO_LT : Op == BO_GT;
    bool CountAtMost = Swapped ? Op == BO_GE : Op == BO_LE;
    if (CountGreater)
      return GuardSense::Available;
    return CountAtMost ? GuardSense::Unavailable : GuardSense::None;
  }
  int64_t V = N->getExtValue();
  if (Swapped) {
    // N OP count  ==  count OP' N
    switch (Op) {
    case BO_LT:
      Op = BO_GT;
      break;
    case BO_GT:
      Op = BO_LT;
      break;
    case BO_LE:
      Op = BO_GE;
      break;
    case BO_GE:
      Op = BO_LE;
      break;
    default:
      break;
    }
  }
  switch (Op) {
  case BO_GT:
    return V >= 0 ? GuardSense::Available : GuardSense::None;
  case BO_GE:
    return V >= 1 ? GuardSense::Available : GuardSense::None;
  case BO_NE:
    return V == 0 ? GuardSense::Available : GuardSense::None;
  case BO_EQ:
    return V == 0 ? GuardSense::Unavailable : GuardSense::Available;
  // Unavailable means "when the condition is false, CUDA is there": after
  // `if (device_count() < 2) return;` at least two devices exist.
  case BO_LT:
    return V >= 1 ? GuardSense::Unavailable : GuardSense::None;
  case BO_LE:
    return V >= 0 ? GuardSense::Unavailable : GuardSense::None;
  default:
    return GuardSense::None;
  }
}

/// `x.type() == kCUDA`, `device == torch::kCPU` and friends.
static GuardSense classifyKindCompare(bool Equal, const Expr *L,
                                      const Expr *R) {
  auto Sense = [&](const Expr *Side) {
    if (api::isCudaKindRef(Side))
      return GuardSense::Available;
    if (api::isCpuKindRef(Side))
      return GuardSense::Unavailable;
    return GuardSense::None;
  };
  GuardSense S = Sense(R);
  if (S == GuardSense::None)
    S = Sense(L);
  return Equal ? S : flip(S);
}

/// True for a comparison of a value with a string literal naming CUDA or a
/// GPU (`device_flag == "cuda:0"`, `args.device == "gpu"`): the user asks for
/// it by name.
static bool namesCudaRequest(const Expr *E) {
  E = api::ignoreWrappers(E);
  llvm::SmallVector<const Expr *, 2> Sides;
  if (const auto *BO = dyn_cast<BinaryOperator>(E);
      BO && BO->getOpcode() == BO_EQ)
    Sides = {BO->getLHS(), BO->getRHS()};
  else if (const auto *OC = dyn_cast<CXXOperatorCallExpr>(E);
           OC && OC->getOperator() == OO_EqualEqual && OC->getNumArgs() == 2)
    Sides = {OC->getArg(0), OC->getArg(1)};
  return llvm::any_of(Sides, api::namesGpuRequest);
}

static GuardSense classifyImpl(const Expr *E, const ASTContext &Ctx,
                               unsigned Depth) {
  if (!E || Depth > 8)
    return GuardSense::None;
  E = api::ignoreWrappers(E);
  // static_cast<bool>(...), as in C10_UNLIKELY, says nothing new.
  if (const auto *Cast = dyn_cast<ExplicitCastExpr>(E))
    if (Cast->getType()->isBooleanType())
      return classifyImpl(Cast->getSubExpr(), Ctx, Depth + 1);

  if (const auto *UO = dyn_cast<UnaryOperator>(E))
    if (UO->getOpcode() == UO_LNot)
      return flip(classifyImpl(UO->getSubExpr(), Ctx, Depth + 1));

  if (const auto *BO = dyn_cast<BinaryOperator>(E)) {
    GuardSense L = classifyImpl(BO->getLHS(), Ctx, Depth + 1);
    GuardSense R = classifyImpl(BO->getRHS(), Ctx, Depth + 1);
    switch (BO->getOpcode()) {
    case BO_LAnd:
      // Both conjuncts hold when the whole is true.
      if (L == GuardSense::Available || R == GuardSense::Available)
        return GuardSense::Available;
      return GuardSense::None;
    case BO_LOr:
      // When the whole is false, both disjuncts are false.
      if (L == GuardSense::Unavailable || R == GuardSense::Unavailable)
        return GuardSense::Unavailable;
      // `flag == "gpu" || (flag == "auto" && is_available())`: CUDA when
      // the user asks for it by name or when it is there. The program
      // falls back to the CPU; a user who names CUDA on a machine without
      // it gets the error they asked for.
      if ((L == GuardSense::Available && namesCudaRequest(BO->getRHS())) ||
          (R == GuardSense::Available && namesCudaRequest(BO->getLHS())))
        return GuardSense::Available;
      return GuardSense::None;
    case BO_EQ:
    case BO_NE:
      if (GuardSense K = classifyKindCompare(BO->getOpcode() == BO_EQ,
                                             BO->getLHS(), BO->getRHS());
          K != GuardSense::None)
        return K;
      [[fallthrough]];
    case BO_GT:
    case BO_GE:
    case BO_LT:
    case BO_LE:
      return classifyCount(BO->getOpcode(), BO->getLHS(), BO->getRHS(), Ctx);
    default:
      return GuardSense::None;
    }
  }

  if (const auto *OC = dyn_cast<CXXOperatorCallExpr>(E)) {
    if (OC->getNumArgs() == 2 && (OC->getOperator() == OO_EqualEqual ||
                                  OC->getOperator() == OO_ExclaimEqual))
      return classifyKindCompare(OC->getOperator() == OO_EqualEqual,
                                 OC->getArg(0), OC->getArg(1));
    return GuardSense::None;
  }

  if (const auto *MC = dyn_cast<CXXMemberCallExpr>(E)) {
    std::optional<bool> Cuda = api::deviceTest(MC->getMethodDecl());
    if (!Cuda)
      return GuardSense::None;
    return *Cuda ? GuardSense::Available : GuardSense::Unavailable;
  }

  if (const auto *CE = dyn_cast<CallExpr>(E)) {
    const FunctionDecl *FD = CE->getDirectCallee();
    if (!FD)
      return GuardSense::None;
    if (FD->getBuiltinID() == Builtin::BI__builtin_expect &&
        CE->getNumArgs() >= 1)
      return classifyImpl(CE->getArg(0), Ctx, Depth + 1);
    // is_available(), or a device count taken as a truth value.
    if (api::cudaQuery(FD) != api::CudaQuery::None)
      return GuardSense::Available;
    return GuardSense::None;
  }

  // A bool remembered from a guard: `const bool use_cuda = is_available();`.
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E))
    if (const auto *VD = dyn_cast<VarDecl>(DRE->getDecl()))
      if (VD->hasInit() && VD->getType()->isBooleanType())
        if (GuardSense S = classifyImpl(VD->getInit(), Ctx, Depth + 1);
            S != GuardSense::None)
          return S;
  // A flag or count that is only ever set true or non-zero where CUDA was
  // found: `if (config.use_gpu)`, `if (gpu_count)`.
  if (const ValueDecl *D = readValue(E))
    if ((D->getType()->isBooleanType() || D->getType()->isIntegerType()) &&
        isGuardedValue(D, Ctx))
      return GuardSense::Available;

  return GuardSense::None;
}

GuardSense classifyGuard(const Expr *Cond, const ASTContext &Ctx) {
  return classifyImpl(Cond, Ctx, 0);
}

/// True when clang could not type Cond, typically because a header that
/// declares what it reads is missing, and Cond names a GPU, CUDA or a device
/// (`config.gpu_count > 0` without config.h). Such a condition may well be a
/// guard, and the analysis stays silent when it does not know. One that
/// names none (`dataloader(batch)`) is no more a guard than with its header.
static bool isUnreadableGuard(const Expr *Cond, const ASTContext &Ctx) {
  if (!Cond || !Cond->containsErrors())
    return false;
  return api::mentionsDevice(api::sourceText(Cond, Ctx));
}

/// True when S always leaves the enclosing block: return, throw, continue,
/// break, or a call to a [[noreturn]] function.
static bool alwaysExits(const Stmt *S) {
  if (!S)
    return false;
  if (const auto *CS = dyn_cast<CompoundStmt>(S))
    return !CS->body_empty() && alwaysExits(CS->body_back());
  if (isa<ReturnStmt, ContinueStmt, BreakStmt, CXXThrowExpr>(S))
    return true;
  if (const auto *E = dyn_cast<Expr>(S)) {
    E = api::ignoreWrappers(E);
    if (isa<CXXThrowExpr>(E))
      return true;
    if (const auto *CE = dyn_cast<CallExpr>(E))
      if (const FunctionDecl *FD = CE->getDirectCallee())
        return FD->isNoReturn();
  }
  return false;
}

/// True when S, standing before the use in the same block, lets control pass
/// only where CUDA is available.
static bool establishesGuard(const Stmt *S, const ASTContext &Ctx) {
  if (const auto *If = dyn_cast<IfStmt>(S)) {
    if (If->getElse() || !alwaysExits(If->getThen()))
      return false;
    if (isUnreadableGuard(If->getCond(), Ctx))
      return true;
    return classifyImpl(If->getCond(), Ctx, 0) == GuardSense::Unavailable;
  }
  // assert(guard) expands to `cond ? void(0) : __assert_fail(...)`.
  if (const auto *E = dyn_cast<Expr>(S))
    if (const auto *CO = dyn_cast<ConditionalOperator>(api::ignoreWrappers(E)))
      return alwaysExits(CO->getFalseExpr()) &&
             classifyImpl(CO->getCond(), Ctx, 0) == GuardSense::Available;
  // TORCH_CHECK(guard, ...) expands to a do/while(false) or a bare block
  // holding the failing if.
  if (const auto *Do = dyn_cast<DoStmt>(S))
    return establishesGuard(Do->getBody(), Ctx);
  if (const auto *CS = dyn_cast<CompoundStmt>(S))
    return llvm::any_of(CS->body(), [&](const Stmt *Inner) {
      return establishesGuard(Inner, Ctx);
    });
  return false;
}

/// True when E selects a device at run time: a ternary whose arms name a
/// CUDA device and the CPU.
static bool isDeviceChoice(const ConditionalOperator *CO) {
  auto NamesCpu = [](const Expr *E) {
    E = api::ignoreWrappers(E);
    if (api::isCpuKindRef(E))
      return true;
    if (std::optional<api::DeviceString> D = api::deviceStringOf(E))
      return D->Kind == api::DeviceString::Cpu;
    if (const auto *CE = dyn_cast<CXXConstructExpr>(E))
      return CE->getNumArgs() >= 1 && (api::isCpuKindRef(CE->getArg(0)));
    return false;
  };
  return NamesCpu(CO->getTrueExpr()) || NamesCpu(CO->getFalseExpr());
}

/// True for `case kCUDA:` labels.
static bool isCudaCase(const SwitchCase *SC) {
  const auto *Case = dyn_cast_or_null<CaseStmt>(SC);
  return Case && api::isCudaKindRef(Case->getLHS());
}

namespace {
/// What the unit says about its own functions and values, gathered once per
/// unit: the calls of each function, and every value written to a variable
/// or field.
struct UnitFacts {
  llvm::DenseMap<const FunctionDecl *, llvm::SmallVector<const Expr *, 2>>
      Calls;
  /// Each assignment's right-hand side (or initialiser), with the
  /// statement that writes it.
  llvm::DenseMap<const ValueDecl *,
                 llvm::SmallVector<std::pair<const Expr *, const Stmt *>, 2>>
      Writes;
  /// Values written in ways we cannot follow (++, by reference).
  llvm::SmallPtrSet<const ValueDecl *, 8> Opaque;
  llvm::DenseMap<const ValueDecl *, bool> Guarded;
  llvm::DenseMap<const FunctionDecl *, bool> CallersGuarded;
  /// Where the user's code builds each of its classes: constructions,
  /// `new C`, std::make_unique<C> and std::make_shared<C>.
  llvm::DenseMap<const CXXRecordDecl *, llvm::SmallVector<const Expr *, 2>>
      Constructions;
};

class UnitFactsCollector : public RecursiveASTVisitor<UnitFactsCollector> {
public:
  explicit UnitFactsCollector(UnitFacts &F) : F(F) {}
  bool shouldVisitTemplateInstantiations() const { return true; }
  bool TraverseDecl(Decl *D) {
    // Library code writes none of the user's values.
    return api::isSystemHeaderDecl(D) || RecursiveASTVisitor::TraverseDecl(D);
  }
  bool VisitCallExpr(CallExpr *CE) {
    if (const FunctionDecl *FD = CE->getDirectCallee()) {
      F.Calls[FD->getCanonicalDecl()].push_back(CE);
      // std::make_unique<C>(...) builds a C where it is called.
      if (FD->isInStdNamespace() && FD->getIdentifier() &&
          (FD->getName() == "make_unique" || FD->getName() == "make_shared"))
        if (const TemplateArgumentList *Args =
                FD->getTemplateSpecializationArgs();
            Args && Args->size() >= 1 &&
            Args->get(0).getKind() == TemplateArgument::Type)
          noteConstruction(Args->get(0).getAsType(), CE);
    }
    return true;
  }
  bool VisitCXXConstructExpr(CXXConstructExpr *CE) {
    if (!CE->getConstructor()->isCopyOrMoveConstructor())
      noteConstruction(CE->getType(), CE);
    return true;
  }
  bool VisitCXXNewExpr(CXXNewExpr *NE) {
    noteConstruction(NE->getAllocatedType(), NE);
    return true;
  }
  bool VisitVarDecl(VarDecl *VD) {
    if (VD->hasInit())
      F.Writes[VD].push_back({VD->getInit(), nullptr});
    return true;
  }
  bool VisitFieldDecl(FieldDecl *FD) {
    if (const Expr *Init = FD->getInClassInitializer())
      F.Writes[FD].push_back({Init, nullptr});
    return true;
  }
  bool VisitCXXConstructorDecl(CXXConstructorDecl *CD) {
    for (const CXXCtorInitializer *I : CD->inits())
      if (I->isWritten() && I->getMember())
        F.Writes[I->getMember()].push_back({I->getInit(), nullptr});
    return true;
  }
  bool VisitBinaryOperator(BinaryOperator *BO) {
    if (BO->getOpcode() == BO_Assign) {
      if (const ValueDecl *D = readValue(BO->getLHS()))
        F.Writes[D].push_back({BO->getRHS(), BO});
    } else if (BO->isAssignmentOp()) {
      if (const ValueDecl *D = readValue(BO->getLHS()))
        F.Opaque.insert(D);
    }
    return true;
  }
  bool VisitUnaryOperator(UnaryOperator *UO) {
    if (UO->isIncrementDecrementOp() || UO->getOpcode() == UO_AddrOf)
      if (const ValueDecl *D = readValue(UO->getSubExpr()))
        F.Opaque.insert(D);
    return true;
  }

private:
  void noteConstruction(QualType T, const Expr *Where) {
    if (const CXXRecordDecl *RD = T->getAsCXXRecordDecl())
      if (!api::isInTorchNamespace(RD) && !RD->isInStdNamespace())
        F.Constructions[RD->getCanonicalDecl()].push_back(Where);
  }
  UnitFacts &F;
};

// Each unit's facts, gathered on the first question over the traversal
// scope (UnitCache.h).
UnitCache<UnitFacts> FactsByUnit;

UnitFacts &unitFacts(const ASTContext &Ctx) {
  return FactsByUnit.get(Ctx, [](const ASTContext &Ctx) {
    UnitFacts Facts;
    UnitFactsCollector(Facts).TraverseAST(const_cast<ASTContext &>(Ctx));
    return Facts;
  });
}

bool isOffValue(const Expr *E, const ASTContext &Ctx) {
  std::optional<llvm::APSInt> V = constantValue(api::ignoreWrappers(E), Ctx);
  return V && V->isZero();
}
} // namespace

/// True when every value written to D is "off" (0, false), a guard or
/// count itself, or written only where CUDA is known to be there: then D
/// being on or non-zero proves CUDA.
static bool isGuardedValue(const ValueDecl *D, const ASTContext &Ctx) {
  UnitFacts &F = unitFacts(Ctx);
  if (auto It = F.Guarded.find(D); It != F.Guarded.end())
    return It->second;
  F.Guarded[D] = false; // Cycles (x = x) prove nothing.
  auto It = F.Writes.find(D);
  if (F.Opaque.count(D) || It == F.Writes.end() || isa<ParmVarDecl>(D))
    return false;
  bool SomeGuard = false;
  for (const auto &[Value, Stmt] : It->second) {
    if (isOffValue(Value, Ctx))
      continue;
    if (classifyImpl(Value, Ctx, 0) == GuardSense::Available ||
        isDeviceCountCall(Value, Ctx) ||
        (Stmt && isCudaGuarded(Stmt, const_cast<ASTContext &>(Ctx)))) {
      SomeGuard = true;
      continue;
    }
    return false;
  }
  return F.Guarded[D] = SomeGuard;
}

/// True when FD is called in this unit, and every call is CUDA-guarded: a
/// helper that only ever runs where its callers checked for a GPU.
static bool everyCallGuarded(const FunctionDecl *FD, ASTContext &Ctx) {
  UnitFacts &F = unitFacts(Ctx);
  const FunctionDecl *Key = FD->getCanonicalDecl();
  if (auto It = F.CallersGuarded.find(Key); It != F.CallersGuarded.end())
    return It->second;
  F.CallersGuarded[Key] = false; // Recursion proves nothing.
  auto It = F.Calls.find(Key);
  bool Guarded = It != F.Calls.end() && !It->second.empty() &&
                 llvm::all_of(It->second, [&](const Expr *Call) {
                   return isCudaGuarded(Call, Ctx);
                 });
  return F.CallersGuarded[Key] = Guarded;
}

/// True when the unit builds RD only where CUDA is guarded, or builds it
/// nowhere it can see (a class of a header whose objects other files make):
/// a default member initialiser naming CUDA is a choice made where the
/// object is built.
static bool everyConstructionGuarded(const CXXRecordDecl *RD,
                                     ASTContext &Ctx) {
  UnitFacts &F = unitFacts(Ctx);
  auto It = F.Constructions.find(RD->getCanonicalDecl());
  if (It == F.Constructions.end())
    return true;
  return llvm::all_of(It->second,
                      [&](const Expr *E) { return isCudaGuarded(E, Ctx); });
}

/// True when the unit builds objects of RD, and builds them and those of
/// every class it sees deriving from RD only where CUDA is guarded: a
/// member function then runs only after the guard held (a CUDA backend
/// made by a factory that asks torch::cuda::is_available() first).
static bool objectsBuiltOnlyGuarded(const CXXRecordDecl *RD,
                                    ASTContext &Ctx) {
  UnitFacts &F = unitFacts(Ctx);
  RD = RD->getCanonicalDecl();
  if (!F.Constructions.count(RD))
    return false;
  for (const auto &Built : F.Constructions) {
    const CXXRecordDecl *Class = Built.first;
    if (Class != RD && !(Class->hasDefinition() && Class->isDerivedFrom(RD)))
      continue;
    if (!everyConstructionGuarded(Class, Ctx))
      return false;
  }
  return true;
}

bool isCudaGuarded(const Stmt *Use, ASTContext &Ctx) {
  DynTypedNode Child = DynTypedNode::create(*Use);
  for (unsigned Steps = 0; Steps < 256; ++Steps) {
    DynTypedNodeList Parents = Ctx.getParents(Child);
    if (Parents.empty())
      return false;
    // A lambda's body has the lambda as a parent as well as its call
    // operator; the lambda leads on to the code that defines it.
    DynTypedNode Parent = Parents[0];
    for (const DynTypedNode &P : Parents)
      if (P.get<LambdaExpr>())
        Parent = P;
    const Stmt *ChildStmt = Child.get<Stmt>();

    if (const auto *If = Parent.get<IfStmt>()) {
      if (ChildStmt != If->getCond() && isUnreadableGuard(If->getCond(), Ctx))
        return true;
      GuardSense S = classifyImpl(If->getCond(), Ctx, 0);
      if (ChildStmt == If->getThen() && S == GuardSense::Available)
        return true;
      if (ChildStmt == If->getElse() && S == GuardSense::Unavailable)
        return true;
    } else if (const auto *CO = Parent.get<ConditionalOperator>()) {
      if (ChildStmt != CO->getCond()) {
        if (isUnreadableGuard(CO->getCond(), Ctx))
          return true;
        GuardSense S = classifyImpl(CO->getCond(), Ctx, 0);
        if (ChildStmt == CO->getTrueExpr() && S == GuardSense::Available)
          return true;
        if (ChildStmt == CO->getFalseExpr() && S == GuardSense::Unavailable)
          return true;
        // `use_gpu ? kCUDA : kCPU` is an explicit run-time choice.
        if (isDeviceChoice(CO))
          return true;
      }
    } else if (const auto *BO = Parent.get<BinaryOperator>()) {
      if (ChildStmt == BO->getRHS()) {
        if (BO->isLogicalOp() && isUnreadableGuard(BO->getLHS(), Ctx))
          return true;
        GuardSense L = classifyImpl(BO->getLHS(), Ctx, 0);
        if (BO->getOpcode() == BO_LAnd && L == GuardSense::Available)
          return true;
        if (BO->getOpcode() == BO_LOr && L == GuardSense::Unavailable)
          return true;
      }
    } else if (const auto *For = Parent.get<ForStmt>()) {
      if (ChildStmt == For->getBody() && For->getCond() &&
          (isUnreadableGuard(For->getCond(), Ctx) ||
           classifyImpl(For->getCond(), Ctx, 0) == GuardSense::Available))
        return true;
    } else if (const auto *While = Parent.get<WhileStmt>()) {
      if (ChildStmt == While->getBody() &&
          (isUnreadableGuard(While->getCond(), Ctx) ||
           classifyImpl(While->getCond(), Ctx, 0) == GuardSense::Available))
        return true;
    } else if (const auto *SC = Parent.get<SwitchCase>()) {
      if (ChildStmt == SC->getSubStmt() && isCudaCase(SC))
        return true;
    } else if (const auto *CS = Parent.get<CompoundStmt>()) {
      // In a switch body, the statements after `case kCUDA:` up to the next
      // label run only for CUDA devices.
      const SwitchCase *Label = nullptr;
      for (const Stmt *S : CS->body()) {
        if (S == ChildStmt)
          break;
        if (const auto *L = dyn_cast<SwitchCase>(S))
          Label = L;
        if (establishesGuard(S, Ctx))
          return true;
      }
      if (isCudaCase(Label))
        return true;
    } else if (const auto *Field = Parent.get<FieldDecl>()) {
      // `torch::Device device_{torch::kCUDA, 0};` holds where the object
      // is built.
      if (const auto *RD = dyn_cast<CXXRecordDecl>(Field->getParent()))
        return everyConstructionGuarded(RD, Ctx);
      return false;
    } else if (const auto *FD = Parent.get<FunctionDecl>()) {
      // A lambda's call operator leads, through its class, to the lambda.
      const auto *MD = dyn_cast<CXXMethodDecl>(FD);
      // A constructor runs where its objects are built: guarded when the
      // unit builds them only under a guard.
      if (const auto *Ctor = dyn_cast<CXXConstructorDecl>(FD)) {
        UnitFacts &F = unitFacts(Ctx);
        if (F.Constructions.count(Ctor->getParent()->getCanonicalDecl()))
          return everyConstructionGuarded(Ctor->getParent(), Ctx);
      }
      if (MD && !MD->isStatic() && !isa<CXXConstructorDecl>(MD) &&
          !MD->getParent()->isLambda() &&
          objectsBuiltOnlyGuarded(MD->getParent(), Ctx))
        return true;
      if (!MD || !MD->getParent()->isLambda())
        return everyCallGuarded(FD, Ctx);
    }
    Child = Parent;
  }
  return false;
}

/// True when S always stops the program or the function it is in: a throw,
/// a call to a [[noreturn]] function (exit, abort, TORCH_CHECK's failure),
/// or, in main(), a return.
static bool alwaysFails(const Stmt *S, bool InMain) {
  if (!S)
    return false;
  if (const auto *CS = dyn_cast<CompoundStmt>(S))
    return !CS->body_empty() && alwaysFails(CS->body_back(), InMain);
  if (isa<ReturnStmt>(S))
    return InMain;
  return !isa<ContinueStmt, BreakStmt>(S) && alwaysExits(S);
}

bool rejectsMissingCuda(const Expr *Query, ASTContext &Ctx) {
  DynTypedNode Child = DynTypedNode::create(*Query);
  for (unsigned Steps = 0; Steps < 16; ++Steps) {
    DynTypedNodeList Parents = Ctx.getParents(Child);
    if (Parents.empty())
      return false;
    DynTypedNode Parent = Parents[0];
    const Stmt *ChildStmt = Child.get<Stmt>();
    if (const auto *If = Parent.get<IfStmt>()) {
      if (ChildStmt != If->getCond())
        return false;
      bool InMain = false;
      for (DynTypedNode Up = Parent; !Ctx.getParents(Up).empty();) {
        Up = Ctx.getParents(Up)[0];
        if (const auto *FD = Up.get<FunctionDecl>()) {
          InMain = FD->isMain();
          break;
        }
      }
      GuardSense S = classifyImpl(If->getCond(), Ctx, 0);
      return (S == GuardSense::Unavailable &&
              alwaysFails(If->getThen(), InMain)) ||
             (S == GuardSense::Available &&
              alwaysFails(If->getElse(), InMain));
    }
    // assert(is_available()): `cond ? void(0) : __assert_fail(...)`.
    if (const auto *CO = Parent.get<ConditionalOperator>())
      return ChildStmt == CO->getCond() &&
             classifyImpl(CO->getCond(), Ctx, 0) == GuardSense::Available &&
             alwaysFails(CO->getFalseExpr(), false);
    if (!Parent.get<Expr>())
      return false;
    Child = Parent;
  }
  return false;
}

namespace {
/// True when the CMake file at Path declares CUDA.
bool cmakeDeclaresCuda(llvm::StringRef Path) {
  auto Buffer = llvm::MemoryBuffer::getFile(Path, /*IsText=*/true);
  if (!Buffer || (*Buffer)->getBufferSize() > (4u << 20))
    return false;
  // Comments say nothing about the build.
  std::string Text;
  for (llvm::StringRef Line : llvm::split((*Buffer)->getBuffer(), '\n'))
    Text += Line.split('#').first.str() + "\n";
  static const char *const Patterns[] = {
      R"(project[[:space:]]*\([^)]*[[:<:]]CUDA[[:>:]])",
      R"(LANGUAGES[^)]*[[:<:]]CUDA[[:>:]])",
      R"(enable_language[[:space:]]*\([[:space:]]*CUDA[[:>:]])",
      R"(find_package[[:space:]]*\([[:space:]]*CUDA(Toolkit)?[[:>:]][^)]*[[:<:]]REQUIRED[[:>:]])",
      R"re([A-Za-z0-9_./${}-]+\.cu([[:space:])"]|$))re",
  };
  for (const char *P : Patterns)
    if (llvm::Regex(P, llvm::Regex::IgnoreCase).match(Text))
      return true;
  return false;
}

/// True when Dir holds a .cu source (one listing, not recursive).
bool holdsCudaSources(llvm::StringRef Dir) {
  std::error_code EC;
  unsigned Seen = 0;
  for (llvm::sys::fs::directory_iterator It(Dir, EC), End;
       !EC && It != End && Seen < 4096; It.increment(EC), ++Seen)
    if (llvm::sys::path::extension(It->path()) == ".cu")
      return true;
  return false;
}
} // namespace

bool buildDeclaresCuda(llvm::StringRef File) {
  static std::mutex Lock;
  static std::map<std::string, bool> Known;
  llvm::SmallString<256> Dir(File);
  llvm::sys::fs::make_absolute(Dir);
  llvm::sys::path::remove_filename(Dir);
  std::lock_guard<std::mutex> Guard(Lock);
  auto [It, New] = Known.try_emplace(std::string(Dir), false);
  if (!New)
    return It->second;
  bool Declares = holdsCudaSources(Dir);
  llvm::SmallString<256> Up(Dir);
  for (unsigned Depth = 0; !Declares && Depth < 12 && !Up.empty(); ++Depth) {
    llvm::SmallString<256> CMake(Up);
    llvm::sys::path::append(CMake, "CMakeLists.txt");
    if (llvm::sys::fs::exists(CMake) && cmakeDeclaresCuda(CMake))
      Declares = true;
    llvm::SmallString<256> Git(Up);
    llvm::sys::path::append(Git, ".git");
    if (llvm::sys::fs::exists(Git))
      break;
    llvm::StringRef Parent = llvm::sys::path::parent_path(Up);
    if (Parent == Up)
      break;
    // The parent is a prefix of Up: assigning it would copy Up's buffer
    // onto itself (LLVM's SmallVector asserts on that).
    Up.resize(Parent.size());
  }
  It->second = Declares;
  return Declares;
}

} // namespace torchlint
