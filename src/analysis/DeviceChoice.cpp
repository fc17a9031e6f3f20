//===- DeviceChoice.cpp - Where code names a device, and why --------------===//

#include "torchlint/DeviceChoice.h"
#include "torchlint/DeviceGuards.h"
#include "torchlint/Syntax.h"
#include "torchlint/TorchApi.h"
#include "UnitCache.h"

#include "clang/AST/ParentMapContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLFunctionalExtras.h"

#include <set>

using namespace clang;

namespace torchlint {
namespace {

/// The nearest ancestor of E that is not an expression Through accepts,
/// found within MaxSteps parents; Child, when given, receives the node it
/// was reached from. An empty node when there is none: it looks past the
/// casts and temporaries Clang wraps around a value.
DynTypedNode parentThrough(const Expr *E, ASTContext &Ctx,
                           llvm::function_ref<bool(const Expr *)> Through,
                           unsigned MaxSteps, DynTypedNode *Child = nullptr) {
  DynTypedNode Node = DynTypedNode::create(*E);
  for (unsigned Steps = 0; Steps < MaxSteps; ++Steps) {
    DynTypedNodeList Parents = Ctx.getParents(Node);
    if (Parents.empty())
      return DynTypedNode();
    const DynTypedNode &P = Parents[0];
    if (const auto *PE = P.get<Expr>(); PE && Through(PE)) {
      Node = P;
      continue;
    }
    if (Child)
      *Child = Node;
    return P;
  }
  return DynTypedNode();
}

bool isDeviceOrKind(QualType T) {
  return api::isDeviceType(T) || api::isDeviceKindType(T);
}

/// True when E holds the value of its only operand: a cast, a temporary,
/// parentheses, a construction from that one value (`Device(kCUDA, 1)`
/// adds an index). With Written, also what a variable's initialiser may
/// add around it: `T(x)`, `T{x}`, `= {x}`.
bool keepsValue(const Expr *E, bool Written) {
  if (const auto *CE = dyn_cast<CXXConstructExpr>(E))
    return api::writtenArgCount(CE) == 1;
  if (isa<ImplicitCastExpr, MaterializeTemporaryExpr, CXXBindTemporaryExpr,
          ParenExpr>(E))
    return true;
  return Written && isa<ExprWithCleanups, CXXFunctionalCastExpr, ParenListExpr,
                        InitListExpr>(E);
}

/// For each function the unit calls, the parameters (by index) whose default
/// argument some call takes.
using DefaultsTaken = llvm::DenseMap<const FunctionDecl *, std::set<unsigned>>;

struct DefaultsCollector : RecursiveASTVisitor<DefaultsCollector> {
  DefaultsTaken Taken;
  void take(const FunctionDecl *Callee, llvm::ArrayRef<const Expr *> Args) {
    if (!Callee)
      return;
    for (unsigned I = 0; I < Args.size(); ++I)
      if (isa<CXXDefaultArgExpr>(Args[I]))
        Taken[Callee->getCanonicalDecl()].insert(I);
  }
  bool VisitCallExpr(CallExpr *CE) {
    llvm::ArrayRef<const Expr *> Args(CE->getArgs(), CE->getNumArgs());
    // A member operator call passes the object as its first argument.
    if (isa<CXXOperatorCallExpr>(CE) &&
        isa_and_nonnull<CXXMethodDecl>(CE->getDirectCallee()))
      Args = Args.drop_front();
    take(CE->getDirectCallee(), Args);
    return true;
  }
  bool VisitCXXConstructExpr(CXXConstructExpr *CE) {
    take(CE->getConstructor(),
         llvm::ArrayRef<const Expr *>(CE->getArgs(), CE->getNumArgs()));
    return true;
  }
};

// Each unit's defaults, gathered on the first question over the traversal
// scope (UnitCache.h).
UnitCache<DefaultsTaken> DefaultsByUnit;

const DefaultsTaken &defaultsTaken(ASTContext &Ctx) {
  return DefaultsByUnit.get(Ctx, [](const ASTContext &Ctx) {
    DefaultsCollector V;
    V.TraverseAST(const_cast<ASTContext &>(Ctx));
    return std::move(V.Taken);
  });
}

} // namespace

ast_matchers::internal::BindableMatcher<Stmt>
deviceKindRef(llvm::StringRef Kind) {
  using namespace ast_matchers;
  return declRefExpr(to(decl(
      anyOf(varDecl(hasName(("::c10::k" + Kind).str())),
            enumConstantDecl(hasName(("::c10::DeviceType::" + Kind).str()))))));
}

ast_matchers::internal::BindableMatcher<Stmt> cudaEvidenceSite() {
  using namespace ast_matchers;
  return expr(anyOf(
      callExpr(callee(functionDecl(hasAnyName(
          "::torch::cuda::is_available", "::torch::cuda::cudnn_is_available",
          "::torch::cuda::device_count", "::c10::cuda::device_count",
          "::at::hasCUDA", "::at::getNumGPUs")))),
      deviceKindRef("CPU")));
}

CudaRequirement cudaRequirement(llvm::StringRef Value) {
  if (Value.equals_insensitive("true"))
    return CudaRequirement::Required;
  if (Value.equals_insensitive("false"))
    return CudaRequirement::NotRequired;
  return CudaRequirement::Auto;
}

std::optional<ProjectFact> cudaEvidence(const Expr *Site, ASTContext &Ctx) {
  bool RunsWithoutCuda = false;
  if (const auto *Device = dyn_cast<CXXConstructExpr>(Site))
    RunsWithoutCuda = choosesCpuByName(Device, Ctx);
  else if (isa<DeclRefExpr>(Site))
    RunsWithoutCuda = choosesCpuDevice(Site, Ctx);
  else if (const auto *Query = dyn_cast<CallExpr>(Site))
    return rejectsMissingCuda(Query, Ctx) ? facts::RequiresCuda
                                          : facts::RunsWithoutCuda;
  if (RunsWithoutCuda)
    return facts::RunsWithoutCuda;
  return std::nullopt;
}

bool choosesCpuDevice(const Expr *Cpu, ASTContext &Ctx) {
  DynTypedNode Child;
  DynTypedNode P = parentThrough(
      Cpu, Ctx,
      [](const Expr *E) {
        return isa<ImplicitCastExpr, CXXConstructExpr, MaterializeTemporaryExpr,
                   CXXBindTemporaryExpr, ExprWithCleanups, ParenExpr,
                   CXXFunctionalCastExpr, ParenListExpr, InitListExpr>(E);
      },
      8, &Child);
  if (const auto *CO = P.get<ConditionalOperator>())
    return Child.get<Expr>() != CO->getCond();
  if (const auto *VD = P.get<VarDecl>())
    return isDeviceOrKind(VD->getType());
  if (const auto *FD = P.get<FieldDecl>())
    return isDeviceOrKind(FD->getType());
  if (const auto *Init = P.get<CXXCtorInitializer>())
    return Init->getMember() && isDeviceOrKind(Init->getMember()->getType());
  if (const auto *BO = P.get<BinaryOperator>())
    return BO->getOpcode() == BO_Assign &&
           isDeviceOrKind(BO->getLHS()->getType());
  if (const auto *OC = P.get<CXXOperatorCallExpr>())
    return OC->getOperator() == OO_Equal && OC->getNumArgs() == 2 &&
           isDeviceOrKind(OC->getArg(0)->getType());
  if (P.get<ReturnStmt>()) // What a device-choosing function returns.
    return isDeviceOrKind(Child.get<Expr>()->getType());
  return false;
}

bool choosesCpuByName(const CXXConstructExpr *Device, ASTContext &Ctx) {
  if (Device->getNumArgs() < 1 || api::cudaStringLiteral(Device->getArg(0)))
    return false;
  // `torch::Device device("cpu")`, or a device named by the user
  // (`torch::Device device(argv[1])`), which may be the CPU.
  const auto *Literal =
      dyn_cast<StringLiteral>(api::ignoreWrappers(Device->getArg(0)));
  const CXXConstructorDecl *Ctor = Device->getConstructor();
  const auto *Param = Ctor->getNumParams() == 1 ? Ctor->getParamDecl(0)
                                                      ->getType()
                                                      .getNonReferenceType()
                                                      ->getAsCXXRecordDecl()
                                                : nullptr;
  bool String = api::isDeviceType(Device->getType()) && Param &&
                Param->getName() == "basic_string";
  return String && (!Literal || Literal->getString() == "cpu") &&
         choosesCpuDevice(Device, Ctx);
}

bool isDeviceInspection(const Expr *E, ASTContext &Ctx) {
  DynTypedNode P = parentThrough(
      E, Ctx,
      [](const Expr *W) {
        return isa<ImplicitCastExpr, ParenExpr, ConstantExpr>(W);
      },
      6);
  if (const auto *BO = P.get<BinaryOperator>())
    return BO->isEqualityOp();
  if (const auto *OC = P.get<CXXOperatorCallExpr>())
    return OC->getOperator() == OO_EqualEqual ||
           OC->getOperator() == OO_ExclaimEqual;
  return P.get<CaseStmt>();
}

bool hasRuntimeDeviceIndex(const DeclRefExpr *Kind, ASTContext &Ctx) {
  DynTypedNode P = parentThrough(
      Kind, Ctx,
      [](const Expr *E) { return isa<ImplicitCastExpr, ParenExpr>(E); }, 4);
  // A construction clang could not type (its index calls into a header
  // that was not found, say `opts["gpu"].get<int>()` of a missing JSON
  // library): the index is still a run-time value, and what the analysis
  // does not know, it does not report.
  if (const auto *UC = P.get<CXXUnresolvedConstructExpr>())
    return api::isDeviceType(UC->getTypeAsWritten()) && UC->getNumArgs() >= 2 &&
           UC->getArg(1)->containsErrors();
  if (const auto *CE = P.get<CXXConstructExpr>()) {
    if (!api::isDeviceType(CE->getType()) || api::writtenArgCount(CE) < 2)
      return false;
    const Expr *Index = CE->getArg(1);
    if (Index->containsErrors())
      return true;
    return !Index->isValueDependent() && !Index->isEvaluatable(Ctx);
  }
  return false;
}

const VarDecl *initialisedDeviceVariable(const Expr *Use, ASTContext &Ctx) {
  const auto *VD =
      parentThrough(
          Use, Ctx, [](const Expr *E) { return keepsValue(E, true); }, 8)
          .get<VarDecl>();
  return VD && isDeviceOrKind(VD->getType()) ? VD : nullptr;
}

bool isTensorToArgument(const Expr *Use, ASTContext &Ctx) {
  const auto *MC =
      parentThrough(
          Use, Ctx, [](const Expr *E) { return keepsValue(E, false); }, 8)
          .get<CXXMemberCallExpr>();
  return MC && api::isTensorMethod(MC->getMethodDecl(), "to");
}

bool isInUnusedDefaultArgument(const Expr *Use, ASTContext &Ctx) {
  const auto *P = parentThrough(
                      Use, Ctx, [](const Expr *) { return true; }, 16)
                      .get<ParmVarDecl>();
  if (!P)
    return false;
  const auto *FD = dyn_cast_or_null<FunctionDecl>(P->getDeclContext());
  if (!FD)
    return false;
  const DefaultsTaken &Taken = defaultsTaken(Ctx);
  auto It = Taken.find(FD->getCanonicalDecl());
  return It == Taken.end() || !It->second.count(P->getFunctionScopeIndex());
}

bool isUnguardedCudaKind(const DeclRefExpr *Kind, ASTContext &Ctx) {
  return !isDeviceInspection(Kind, Ctx) && !hasRuntimeDeviceIndex(Kind, Ctx) &&
         !isCudaGuarded(Kind, Ctx) && !isInUnusedDefaultArgument(Kind, Ctx);
}

const Expr *unguardedCudaName(const CXXConstructExpr *Device, ASTContext &Ctx) {
  if (Device->getNumArgs() < 1 || !api::cudaStringLiteral(Device->getArg(0)))
    return nullptr;
  const Expr *Literal = api::ignoreWrappers(Device->getArg(0));
  if (isCudaGuarded(Literal, Ctx) || isInUnusedDefaultArgument(Literal, Ctx))
    return nullptr;
  return Literal;
}

bool isUnguardedCudaOnlyCall(const CallExpr *Call, ASTContext &Ctx) {
  return api::isCudaOnlyFunction(Call->getDirectCallee()) &&
         !isCudaGuarded(Call, Ctx);
}

bool unitBuildDeclaresCuda(const ASTContext &Ctx) {
  const SourceManager &SM = Ctx.getSourceManager();
  OptionalFileEntryRef Main = SM.getFileEntryRefForID(SM.getMainFileID());
  if (!Main)
    return false;
  llvm::StringRef Real = Main->getFileEntry().tryGetRealPathName();
  return buildDeclaresCuda(Real.empty() ? Main->getName() : Real);
}

} // namespace torchlint
