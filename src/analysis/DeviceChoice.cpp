//===- DeviceChoice.cpp - Where code names a device, and why --------------===//

#include "torchlint/analysis/DeviceChoice.h"
#include "UnitCache.h"
#include "torchlint/analysis/DeviceGuards.h"
#include "torchlint/api/Syntax.h"
#include "torchlint/api/TorchApi.h"
#include "torchlint/api/TorchMatchers.h"

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

ast_matchers::internal::BindableMatcher<Stmt> cudaEvidenceSite() {
  using namespace ast_matchers;
  return expr(
      anyOf(api::match::cudaQueryCall(), api::match::deviceKindRef("CPU")));
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
    return rejectsMissingCuda(Query, Ctx) ? FactKind::RequiresCuda
                                          : FactKind::RunsWithoutCuda;
  if (RunsWithoutCuda)
    return FactKind::RunsWithoutCuda;
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
  // A device built from the CPU's string (`torch::Device device("cpu:0")`), or
  // one named by the user (`torch::Device device(argv[1])`), which may be the
  // CPU.
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
  return String &&
         (!Literal ||
          api::deviceStringOf(Literal)->Kind == api::DeviceString::Cpu) &&
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
  return MC && api::tensorMethod(MC->getMethodDecl()) == api::TensorMethod::To;
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

namespace {
/// What the values written to a device variable say about the device.
struct DeviceValues {
  bool Cpu = false;    ///< Names the CPU (kCPU or its string).
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
      if (SL->isOrdinary() && api::parseDeviceString(SL->getString()).Kind ==
                                  api::DeviceString::Cpu)
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

} // namespace torchlint
