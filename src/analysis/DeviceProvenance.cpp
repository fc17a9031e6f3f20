//===- DeviceProvenance.cpp - Where every tensor lives
//---------------------===//
//
// The analysis runs per function over clang::CFG, forward, to a fixpoint. Its
// state maps each local tensor and module variable to a DeviceSet: one fact
// per path that reaches the point, so that a tensor built on the CPU in a
// rarely taken branch is still seen at the merge. Expressions are evaluated
// through one table of LibTorch facts (factories, moves, ops, modules, data
// loaders, summaries of the unit's own functions).
//
// After the fixpoint, one more pass checks each operation that takes several
// tensors. A conflict is reported only when it is certain on some path: both
// sides have a single device that conflicts, or one side has a single device
// and the other may conflict on a path of its own. Two branches that move two
// tensors together never produce a pairing of their facts, so correlated
// branches stay silent. Whatever the analysis cannot resolve is unknown, and
// unknown never conflicts.
//
//===----------------------------------------------------------------------===//

#include "torchlint/Provenance.h"

#include "../../rules/RuleUtils.h"
#include "../../rules/TorchApi.h"

#include "clang/AST/ParentMapContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Analysis/CFG.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/PostOrderIterator.h"
#include "llvm/ADT/StringSet.h"

using namespace clang;

namespace torchlint {

struct ProvenanceCache::Result {
  std::vector<DeviceConflict> Conflicts;
  ReturnSummary Summary;
};

namespace {

using State = llvm::DenseMap<const ValueDecl *, DeviceSet>;

//===----------------------------------------------------------------------===//
// The LibTorch facts the transfer functions use.
//===----------------------------------------------------------------------===//

using api::isDeviceAgnosticFunction;
using api::isDeviceAgnosticMethod;
using api::isFactoryName;
using api::isTorchNamespaceFunction;
using api::moduleClassOf;

bool isModuleValueType(QualType T) { return moduleClassOf(T) != nullptr; }

/// True when a user module registers anything (then its device matters).
bool registersState(const CXXRecordDecl *RD) {
  struct Finder : RecursiveASTVisitor<Finder> {
    bool Found = false;
    bool VisitCXXMemberCallExpr(CXXMemberCallExpr *MC) {
      if (const CXXMethodDecl *MD = MC->getMethodDecl())
        if (MD->getIdentifier() && MD->getName().startswith("register_"))
          Found = true;
      return !Found;
    }
  } F;
  for (const CXXMethodDecl *MD : RD->methods())
    if (const FunctionDecl *Def = MD->getDefinition())
      F.TraverseStmt(Def->getBody());
  for (const FieldDecl *FD : RD->fields())
    if (FD->hasInClassInitializer())
      F.TraverseStmt(FD->getInClassInitializer());
  return F.Found;
}

/// True when a module's constructor arguments hand it a weight tensor
/// (CrossEntropyLossOptions().weight(w), BCEWithLogitsLoss pos_weight).
bool givesWeight(const Expr *Init) {
  struct Finder : RecursiveASTVisitor<Finder> {
    bool Found = false;
    bool VisitCXXMemberCallExpr(CXXMemberCallExpr *MC) {
      if (const CXXMethodDecl *MD = MC->getMethodDecl())
        if (MD->getIdentifier() &&
            (MD->getName() == "weight" || MD->getName() == "pos_weight") &&
            MC->getNumArgs() == 1)
          Found = true;
      return !Found;
    }
  } F;
  F.TraverseStmt(const_cast<Expr *>(Init));
  return F.Found;
}

bool moduleHasState(const CXXRecordDecl *RD) {
  if (!RD)
    return false;
  if (llvm::StringRef(RD->getQualifiedNameAsString()).startswith("torch::nn::"))
    return !api::isStatelessModuleClass(RD);
  return registersState(RD);
}

/// True for tensors with no dimensions: full reductions (x.mean(),
/// x.sum(), x.norm()) and variables initialised from one.
bool isZeroDim(const Expr *E, unsigned Depth = 0) {
  if (!E || Depth > 4)
    return false;
  E = api::ignoreWrappers(E);
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E))
    if (const auto *VD = dyn_cast<VarDecl>(DRE->getDecl()))
      return VD->hasInit() && !isa<ParmVarDecl>(VD) &&
             isZeroDim(VD->getInit(), Depth + 1);
  const auto *MC = dyn_cast<CXXMemberCallExpr>(E);
  if (!MC || !MC->getMethodDecl() || !MC->getMethodDecl()->getIdentifier() ||
      api::writtenArgCount(MC) != 0)
    return false;
  static const llvm::StringSet<> Reductions = {
      "sum",  "mean", "max", "min", "prod",   "norm",   "std",    "var",
      "amax", "amin", "all", "any", "median", "nansum", "nanmean"};
  return Reductions.contains(MC->getMethodDecl()->getName());
}

std::string text(const Expr *E, const ASTContext &Ctx) {
  std::string T = api::sourceText(E, Ctx);
  if (T.size() > 60)
    T = T.substr(0, 57) + "...";
  return T;
}

/// How a device reads inside a provenance step: a variable by its name.
std::string shortSpelling(const Device &D) {
  if (D.Kind == Device::Symbolic && D.Var && !D.FollowsInput)
    return "'" + D.FixText + "'";
  return D.Spelling;
}

unsigned lineOf(SourceLocation L, const ASTContext &Ctx) {
  return Ctx.getSourceManager().getPresumedLineNumber(
      Ctx.getSourceManager().getFileLoc(L));
}

//===----------------------------------------------------------------------===//
// One function.
//===----------------------------------------------------------------------===//

class FunctionAnalysis {
public:
  FunctionAnalysis(ProvenanceCache &Cache, const FunctionDecl *FD)
      : Cache(Cache), Ctx(Cache.context()), FD(FD) {
    if (const auto *MD = dyn_cast<CXXMethodDecl>(FD))
      InModule = api::isModuleClass(MD->getParent());
  }

  /// Runs the analysis; false when it gave up.
  bool run(ProvenanceCache::Result &Out);

private:
  // Expression evaluation -------------------------------------------------
  DeviceSet evalTensor(const Expr *E, const State &S, unsigned Depth = 0);
  std::optional<DeviceFact> evalDevice(const Expr *E, const State &S,
                                       unsigned Depth = 0);
  /// The device an options expression names: a fact, "no device" (the CPU
  /// default) as nullopt, or Unknown as an empty set.
  std::optional<DeviceSet> evalOptions(const Expr *E, const State &S,
                                       unsigned Depth);
  DeviceSet evalCall(const CallExpr *CE, const State &S, unsigned Depth);
  DeviceSet evalModuleCall(const Expr *Call, const Expr *Module,
                           llvm::ArrayRef<const Expr *> Args, const State &S,
                           unsigned Depth);
  DeviceSet moduleDevice(const Expr *Module, const State &S);
  DeviceFact symbolicVar(const ValueDecl *VD, bool FollowsInput);

  // Transfer and checks ---------------------------------------------------
  void transfer(const Stmt *S, State &St, bool Report);
  void assign(const ValueDecl *VD, DeviceSet Value, State &St);
  struct SiteOperand {
    ConflictOperand Op;
    DeviceSet Set;
  };
  void checkSites(const Stmt *S, const State &St);
  void checkOperands(const Expr *Site, const std::string &Callee,
                     const std::vector<SiteOperand> &Ops);
  std::string pathNote(const Stmt *S);

  ProvenanceCache &Cache;
  ASTContext &Ctx;
  const FunctionDecl *FD;
  bool InModule = false;
  ProvenanceCache::Result *Out = nullptr;
  std::vector<DeviceSet> Returns;
  bool ReturnsUnknown = false;
  llvm::SmallPtrSet<const void *, 8> ReportedBirths;
  /// Module variables built with a weight (a loss's class weights), which
  /// makes an otherwise parameter-free module hold a buffer.
  llvm::SmallPtrSet<const ValueDecl *, 4> StatefulVars;
  bool moduleMatters(const Expr *Module);
  std::string moduleName(const Expr *Module);
  llvm::SmallPtrSet<const Expr *, 8> ReportedSites;
};

DeviceFact FunctionAnalysis::symbolicVar(const ValueDecl *VD,
                                         bool FollowsInput) {
  std::string Name = VD->getNameAsString();
  Device D;
  if (FollowsInput)
    D = Device::symbolic("input:" + Name, "the device of input '" + Name + "'",
                         Name, /*FollowsInput=*/true);
  else
    D = Device::symbolic("var:" + std::to_string(uintptr_t(VD)),
                         "'" + Name + "'", Name);
  D.Var = VD;
  DeviceFact F;
  F.Where = D;
  return F;
}

std::optional<DeviceFact>
FunctionAnalysis::evalDevice(const Expr *E, const State &S, unsigned Depth) {
  if (!E || Depth > 8)
    return std::nullopt;
  E = api::ignoreWrappers(E);
  DeviceFact F;
  if (api::isCudaKindRef(E)) {
    F.Where = Device::cuda(-1);
    return F;
  }
  if (api::isCpuKindRef(E)) {
    F.Where = Device::cpu();
    return F;
  }
  if (const auto *SL = dyn_cast<StringLiteral>(E)) {
    llvm::StringRef V = SL->getString();
    if (V == "cpu") {
      F.Where = Device::cpu();
      return F;
    }
    if (V == "cuda") {
      F.Where = Device::cuda(-1);
      return F;
    }
    if (V.consume_front("cuda:")) {
      int Index;
      if (!V.getAsInteger(10, Index)) {
        F.Where = Device::cuda(Index);
        return F;
      }
    }
    return std::nullopt;
  }
  if (const auto *CE = dyn_cast<CXXConstructExpr>(E)) {
    // torch::Device(kind[, index]) or TensorOptions(device).
    if (CE->getNumArgs() == 0)
      return std::nullopt;
    std::optional<DeviceFact> Kind = evalDevice(CE->getArg(0), S, Depth + 1);
    if (!Kind)
      return std::nullopt;
    if (api::writtenArgCount(CE) >= 2 && Kind->Where.Kind == Device::Cuda) {
      Expr::EvalResult R;
      const Expr *Index = CE->getArg(1);
      if (!Index->isValueDependent() && Index->EvaluateAsInt(R, Ctx)) {
        Kind->Where = Device::cuda(R.Val.getInt().getExtValue());
        return Kind;
      }
      return std::nullopt; // cuda:<run-time index>: unknown.
    }
    return Kind;
  }
  if (const auto *CO = dyn_cast<ConditionalOperator>(E)) {
    // A run-time choice spelled inline: identical spellings agree.
    std::string T = text(CO, Ctx);
    if (T.empty())
      return std::nullopt;
    F.Where =
        Device::symbolic("expr:" + T,
                         "the device chosen at line " +
                             std::to_string(lineOf(CO->getBeginLoc(), Ctx)),
                         T);
    return F;
  }
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E)) {
    const auto *VD = dyn_cast<VarDecl>(DRE->getDecl());
    if (!VD || !(api::isDeviceType(VD->getType()) ||
                 api::isDeviceKindType(VD->getType())))
      return std::nullopt;
    DeviceFact Var = symbolicVar(VD, false);
    // A device variable initialised to a constant and never reassigned is
    // that constant; named by the variable in fix-its.
    if (VD->hasInit() && VD->getType().isConstQualified())
      if (std::optional<DeviceFact> Init =
              evalDevice(VD->getInit(), S, Depth + 1);
          Init && Init->Where.Kind != Device::Symbolic) {
        Init->Where.FixText = VD->getNameAsString();
        Init->Where.Var = VD;
        return Init;
      }
    if (!isa<ParmVarDecl>(VD) && VD->hasInit() && !VD->isLocalVarDecl())
      return Var;
    std::string Line = std::to_string(lineOf(VD->getLocation(), Ctx));
    Var.Where.Spelling =
        "'" + VD->getNameAsString() + "'" +
        (isa<ParmVarDecl>(VD) ? "" : ", chosen at run time at line " + Line);
    return Var;
  }
  if (const auto *ME = dyn_cast<MemberExpr>(E)) {
    // A device member (this->device_): a run-time choice held by the object.
    if (api::isDeviceType(ME->getType()) && isa<FieldDecl>(ME->getMemberDecl()))
      return symbolicVar(ME->getMemberDecl(), false);
    return std::nullopt;
  }
  if (const auto *MC = dyn_cast<CXXMemberCallExpr>(E)) {
    // x.device() is wherever x is, when that is known.
    if (api::isTensorMethod(MC->getMethodDecl(), "device")) {
      DeviceSet Of = evalTensor(MC->getImplicitObjectArgument(), S, Depth + 1);
      if (const DeviceFact *One = Of.single())
        return *One;
    }
    return std::nullopt;
  }
  return std::nullopt;
}

std::optional<DeviceSet>
FunctionAnalysis::evalOptions(const Expr *E, const State &S, unsigned Depth) {
  if (!E || Depth > 8)
    return DeviceSet();
  E = api::ignoreWrappers(E);
  if (isa<CXXDefaultArgExpr>(E))
    return std::nullopt;
  QualType T = E->getType().getNonReferenceType();
  // A dtype alone (torch::kLong) names no device.
  if (const auto *ET = T.getCanonicalType()->getAs<EnumType>())
    if (ET->getDecl()->getName() == "ScalarType")
      return std::nullopt;
  if (api::isDeviceType(T) || api::isDeviceKindType(T) ||
      isa<StringLiteral>(E)) {
    if (std::optional<DeviceFact> F = evalDevice(E, S, Depth + 1))
      return DeviceSet(*F);
    return DeviceSet();
  }
  if (const auto *CE = dyn_cast<CXXConstructExpr>(E)) {
    if (CE->getNumArgs() == 0 || api::writtenArgCount(CE) == 0)
      return std::nullopt; // TensorOptions{}
    return evalOptions(CE->getArg(0), S, Depth + 1);
  }
  if (const auto *MC = dyn_cast<CXXMemberCallExpr>(E)) {
    const CXXMethodDecl *MD = MC->getMethodDecl();
    if (!MD || !MD->getIdentifier())
      return DeviceSet();
    llvm::StringRef N = MD->getName();
    if (api::isTensorMethod(MD, "options"))
      return evalTensor(MC->getImplicitObjectArgument(), S, Depth + 1);
    if (N == "device" && MC->getNumArgs() >= 1) {
      if (std::optional<DeviceFact> F = evalDevice(MC->getArg(0), S, Depth + 1))
        return DeviceSet(*F);
      return DeviceSet();
    }
    // dtype(), requires_grad(), layout(): the device comes from the object.
    return evalOptions(MC->getImplicitObjectArgument(), S, Depth + 1);
  }
  if (const auto *Call = dyn_cast<CallExpr>(E)) {
    const FunctionDecl *Callee = Call->getDirectCallee();
    if (Callee && Callee->getIdentifier()) {
      if (Callee->getName() == "device" && Call->getNumArgs() >= 1) {
        if (std::optional<DeviceFact> F =
                evalDevice(Call->getArg(0), S, Depth + 1))
          return DeviceSet(*F);
        return DeviceSet();
      }
      if (isTorchNamespaceFunction(Callee) &&
          llvm::is_contained(
              llvm::ArrayRef<llvm::StringRef>{"dtype", "requires_grad",
                                              "layout", "memory_format"},
              Callee->getName()))
        return std::nullopt;
    }
    return DeviceSet();
  }
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E))
    if (const auto *VD = dyn_cast<VarDecl>(DRE->getDecl()))
      if (VD->hasInit() && !isa<ParmVarDecl>(VD))
        return evalOptions(VD->getInit(), S, Depth + 1);
  return DeviceSet();
}

std::string FunctionAnalysis::moduleName(const Expr *Module) {
  Module = api::ignoreWrappers(Module);
  if (const auto *OC = dyn_cast<CXXOperatorCallExpr>(Module))
    if (OC->getOperator() == OO_Arrow && OC->getNumArgs() == 1)
      Module = OC->getArg(0);
  return text(Module, Ctx);
}

bool FunctionAnalysis::moduleMatters(const Expr *Module) {
  if (moduleHasState(moduleClassOf(Module->getType())))
    return true;
  Module = api::ignoreWrappers(Module);
  if (const auto *OC = dyn_cast<CXXOperatorCallExpr>(Module))
    if (OC->getOperator() == OO_Arrow && OC->getNumArgs() == 1)
      Module = api::ignoreWrappers(OC->getArg(0));
  const auto *DRE = dyn_cast<DeclRefExpr>(Module);
  return DRE && StatefulVars.count(DRE->getDecl());
}

DeviceSet FunctionAnalysis::moduleDevice(const Expr *Module, const State &S) {
  Module = api::ignoreWrappers(Module);
  // model->forward(x): the object is model.operator->().
  if (const auto *OC = dyn_cast<CXXOperatorCallExpr>(Module))
    if (OC->getOperator() == OO_Arrow && OC->getNumArgs() == 1)
      Module = api::ignoreWrappers(OC->getArg(0));
  if (const auto *DRE = dyn_cast<DeclRefExpr>(Module)) {
    auto It = S.find(DRE->getDecl());
    if (It != S.end())
      return It->second;
  }
  return DeviceSet();
}

DeviceSet FunctionAnalysis::evalModuleCall(const Expr *Call, const Expr *Module,
                                           llvm::ArrayRef<const Expr *> Args,
                                           const State &S, unsigned Depth) {
  DeviceSet Mod = moduleMatters(Module) ? moduleDevice(Module, S) : DeviceSet();
  DeviceSet Result;
  if (const DeviceFact *One = Mod.single()) {
    Result = DeviceSet(*One);
  } else {
    for (const Expr *A : Args)
      if (api::isTensorType(A->getType())) {
        Result = evalTensor(A, S, Depth + 1);
        break;
      }
  }
  std::string Name = moduleName(Module);
  if (!Name.empty())
    Result.addStep(Call->getBeginLoc(), "is computed by '" + Name + "' here");
  return Result;
}

DeviceSet FunctionAnalysis::evalCall(const CallExpr *CE, const State &S,
                                     unsigned Depth) {
  const FunctionDecl *Callee = CE->getDirectCallee();
  if (!Callee || !Callee->getIdentifier())
    return DeviceSet();
  llvm::StringRef Name = Callee->getName();

  // std::get<N>(lstm(x)): the element lives where the tuple was computed.
  if (Name == "get" && Callee->isInStdNamespace() && CE->getNumArgs() == 1)
    return evalTensor(CE->getArg(0), S, Depth + 1);

  if (isTorchNamespaceFunction(Callee) && isFactoryName(Name)) {
    // The options argument, when written, decides.
    const Expr *Options = nullptr;
    for (const Expr *A : CE->arguments())
      if (A->getType().getNonReferenceType()->getAsCXXRecordDecl() &&
          A->getType()
                  .getNonReferenceType()
                  ->getAsCXXRecordDecl()
                  ->getQualifiedNameAsString() == "c10::TensorOptions")
        Options = A;
    std::optional<DeviceSet> FromOptions =
        Options ? evalOptions(Options, S, Depth + 1) : std::nullopt;
    if (Name.endswith("_like") && !FromOptions) {
      DeviceSet Src = evalTensor(CE->getArg(0), S, Depth + 1);
      return Src;
    }
    if (FromOptions)
      return *FromOptions;
    DeviceFact F;
    // torch::tensor(0.5) and scalar_tensor are 0-dim: allowed anywhere.
    bool Scalar =
        Name == "scalar_tensor" || (Name == "tensor" && CE->getNumArgs() >= 1 &&
                                    api::ignoreWrappers(CE->getArg(0))
                                        ->getType()
                                        .getNonReferenceType()
                                        ->isArithmeticType());
    F.Where = Scalar ? Device::scalar() : Device::cpu();
    F.Birth = CE;
    F.FromFactory = !Scalar;
    F.Steps.push_back(
        {CE->getBeginLoc(), "is created on the CPU here ('" +
                                Callee->getQualifiedNameAsString() +
                                "' with no device)"});
    return DeviceSet(F);
  }

  // The unit's own functions: their summaries.
  if (!isTorchNamespaceFunction(Callee) && Callee->hasBody()) {
    const FunctionDecl *Def = nullptr;
    Callee->hasBody(Def);
    const ReturnSummary &Sum = Cache.summary(Def);
    std::string Step =
        "is returned by '" + Callee->getNameAsString() + "' here";
    switch (Sum.Kind) {
    case ReturnSummary::Fixed: {
      DeviceSet R(Sum.Fact);
      R.addStep(CE->getBeginLoc(), Step);
      return R;
    }
    case ReturnSummary::FollowsArg:
      if (Sum.Index < CE->getNumArgs()) {
        DeviceSet R = evalTensor(CE->getArg(Sum.Index), S, Depth + 1);
        R.addStep(CE->getBeginLoc(), Step);
        return R;
      }
      return DeviceSet();
    case ReturnSummary::FollowsDeviceArg:
      if (Sum.Index < CE->getNumArgs())
        if (std::optional<DeviceFact> F =
                evalDevice(CE->getArg(Sum.Index), S, Depth + 1)) {
          DeviceSet R(*F);
          R.addStep(CE->getBeginLoc(), Step);
          return R;
        }
      return DeviceSet();
    case ReturnSummary::Unknown:
      return DeviceSet();
    }
  }

  // Other torch:: operations: the result lives with the tensor inputs.
  if (isTorchNamespaceFunction(Callee))
    for (const Expr *A : CE->arguments())
      if (api::isTensorType(A->getType()))
        return evalTensor(A, S, Depth + 1);
  return DeviceSet();
}

DeviceSet FunctionAnalysis::evalTensor(const Expr *E, const State &S,
                                       unsigned Depth) {
  if (!E || Depth > 24)
    return DeviceSet();
  E = api::ignoreWrappers(E);

  if (const auto *DRE = dyn_cast<DeclRefExpr>(E)) {
    const ValueDecl *VD = DRE->getDecl();
    auto It = S.find(VD);
    if (It != S.end())
      return It->second;
    // Inputs of a function: wherever the caller put them. Inside a module's
    // methods that is the module's device by convention.
    if (const auto *P = dyn_cast<ParmVarDecl>(VD))
      if (api::isTensorType(P->getType()))
        return DeviceSet(symbolicVar(P, /*FollowsInput=*/true));
    return DeviceSet();
  }

  if (const auto *ME = dyn_cast<MemberExpr>(E)) {
    // batch.data / batch.target from a data loader are CPU tensors.
    const Expr *Base = ME->getBase()->IgnoreParenImpCasts();
    const CXXRecordDecl *RD =
        Base->getType().getNonReferenceType()->getAsCXXRecordDecl();
    if (RD && RD->getQualifiedNameAsString() == "torch::data::Example") {
      DeviceFact F;
      F.Where = Device::cpu();
      F.Birth = ME;
      F.Steps.push_back(
          {ME->getBeginLoc(), "comes from the data loader, on the CPU, here"});
      return DeviceSet(F);
    }
    return DeviceSet();
  }

  if (const auto *CO = dyn_cast<ConditionalOperator>(E)) {
    DeviceSet R = evalTensor(CO->getTrueExpr(), S, Depth + 1);
    R.join(evalTensor(CO->getFalseExpr(), S, Depth + 1));
    return R;
  }

  if (const auto *MC = dyn_cast<CXXMemberCallExpr>(E)) {
    const CXXMethodDecl *MD = MC->getMethodDecl();
    const Expr *Object = MC->getImplicitObjectArgument();
    if (!MD || !Object)
      return DeviceSet();
    // model->forward(x) and module.forward(x).
    if (api::isModuleClass(MD->getParent()) && MD->getIdentifier() &&
        MD->getName() == "forward") {
      llvm::SmallVector<const Expr *, 4> Args(MC->arguments());
      return evalModuleCall(MC, Object, Args, S, Depth);
    }
    if (!api::isTensorType(Object->getType()) || !MD->getIdentifier())
      return DeviceSet();
    llvm::StringRef N = MD->getName();
    // A full reduction (x.mean(), x.sum()) copied to the CPU is a 0-dim CPU
    // tensor, which may join any device like a number.
    if ((N == "cpu" || N == "to") && isZeroDim(Object)) {
      DeviceSet Moved =
          N == "cpu"
              ? DeviceSet(DeviceFact{Device::cpu(), {}, nullptr, false, false})
              : (MC->getNumArgs() >= 1 &&
                         !api::isTensorType(MC->getArg(0)->getType())
                     ? evalOptions(MC->getArg(0), S, Depth + 1)
                           .value_or(DeviceSet())
                     : DeviceSet());
      if (const DeviceFact *One = Moved.single();
          One && One->Where.Kind == Device::Cpu) {
        DeviceFact F;
        F.Where = Device::scalar();
        return DeviceSet(F);
      }
    }
    if (N == "cpu" || N == "cuda" || N == "to") {
      std::optional<DeviceSet> Moved;
      if (N == "cpu") {
        DeviceFact F;
        F.Where = Device::cpu();
        Moved = DeviceSet(F);
      } else if (N == "cuda") {
        DeviceFact F;
        F.Where = Device::cuda(-1);
        Moved = DeviceSet(F);
      } else if (MC->getNumArgs() >= 1) {
        const Expr *Arg = MC->getArg(0);
        if (api::isTensorType(Arg->getType()))
          Moved = evalTensor(Arg, S, Depth + 1); // to(other)
        else
          Moved = evalOptions(Arg, S, Depth + 1);
      }
      if (!Moved) // A dtype conversion stays where it was.
        return evalTensor(Object, S, Depth + 1);
      std::string Where = Moved->single()
                              ? shortSpelling(Moved->single()->Where)
                              : std::string("another device");
      Moved->addStep(MC->getExprLoc(), "is moved to " + Where + " here");
      return *Moved;
    }
    // Every other method computes on the receiver's device.
    return evalTensor(Object, S, Depth + 1);
  }

  if (const auto *OC = dyn_cast<CXXOperatorCallExpr>(E)) {
    if (OC->getOperator() == OO_Call && OC->getNumArgs() >= 1 &&
        isModuleValueType(OC->getArg(0)->getType())) {
      llvm::SmallVector<const Expr *, 4> Args(
          llvm::drop_begin(OC->arguments()));
      return evalModuleCall(OC, OC->getArg(0), Args, S, Depth);
    }
    if (OC->getOperator() == OO_Equal && OC->getNumArgs() == 2)
      return evalTensor(OC->getArg(1), S, Depth + 1);
    // Arithmetic: where the non-scalar operand lives.
    for (const Expr *A : OC->arguments())
      if (api::isTensorType(A->getType())) {
        DeviceSet R = evalTensor(A, S, Depth + 1);
        const DeviceFact *One = R.single();
        if (!One || One->Where.Kind != Device::Scalar)
          return R;
      }
    return DeviceSet();
  }

  if (const auto *CE = dyn_cast<CallExpr>(E))
    return evalCall(CE, S, Depth);

  return DeviceSet();
}

//===----------------------------------------------------------------------===//
// Transfer.
//===----------------------------------------------------------------------===//

std::string FunctionAnalysis::pathNote(const Stmt *S) {
  DynTypedNode Node = DynTypedNode::create(*S);
  for (unsigned Steps = 0; Steps < 64; ++Steps) {
    DynTypedNodeList Parents = Ctx.getParents(Node);
    if (Parents.empty() || Parents[0].get<FunctionDecl>())
      return "";
    if (const auto *If = Parents[0].get<IfStmt>()) {
      const Stmt *Child = Node.get<Stmt>();
      std::string Cond = text(If->getCond(), Ctx);
      if (!Cond.empty() && (Child == If->getThen() || Child == If->getElse()))
        return ", on the path where '" + Cond + "' is " +
               (Child == If->getThen() ? "true" : "false");
    }
    Node = Parents[0];
  }
  return "";
}

void FunctionAnalysis::assign(const ValueDecl *VD, DeviceSet Value, State &St) {
  Value.nameSubject(VD->getNameAsString());
  St[VD] = std::move(Value);
}

void FunctionAnalysis::transfer(const Stmt *S, State &St, bool Report) {
  if (Report)
    checkSites(S, St);

  if (const auto *DS = dyn_cast<DeclStmt>(S)) {
    for (const Decl *D : DS->decls()) {
      const auto *VD = dyn_cast<VarDecl>(D);
      if (!VD)
        continue;
      if (const auto *DD = dyn_cast<DecompositionDecl>(VD)) {
        // auto [out, state] = lstm(x): every element from the same call.
        DeviceSet V = evalTensor(DD->getInit(), St);
        for (const BindingDecl *B : DD->bindings())
          assign(B, V, St);
        continue;
      }
      QualType T = VD->getType();
      if (api::isTensorType(T) && !T->isReferenceType()) {
        assign(VD, VD->hasInit() ? evalTensor(VD->getInit(), St) : DeviceSet(),
               St);
      } else if (isModuleValueType(T) && !T->isReferenceType()) {
        const CXXRecordDecl *Impl = moduleClassOf(T);
        DeviceSet V;
        if (VD->hasInit() && givesWeight(VD->getInit()))
          StatefulVars.insert(VD);
        if ((moduleHasState(Impl) || StatefulVars.count(VD)) && VD->hasInit() &&
            !isa<DeclRefExpr>(api::ignoreWrappers(VD->getInit()))) {
          DeviceFact F;
          F.Where = Device::cpu();
          F.Steps.push_back({VD->getLocation(),
                             "is created on the CPU here (modules are born "
                             "on the CPU)"});
          V = DeviceSet(F);
        }
        assign(VD, V, St);
      }
    }
    return;
  }

  if (const auto *OC = dyn_cast<CXXOperatorCallExpr>(S)) {
    if (OC->getOperator() == OO_Equal && OC->getNumArgs() == 2)
      if (const auto *DRE =
              dyn_cast<DeclRefExpr>(api::ignoreWrappers(OC->getArg(0))))
        if (api::isTensorType(DRE->getType()) && St.count(DRE->getDecl())) {
          DeviceSet V = evalTensor(OC->getArg(1), St);
          std::string Path = pathNote(OC);
          if (!Path.empty())
            V.addStep(OC->getBeginLoc(), "is assigned here" + Path);
          assign(DRE->getDecl(), V, St);
        }
    return;
  }

  if (const auto *MC = dyn_cast<CXXMemberCallExpr>(S)) {
    const CXXMethodDecl *MD = MC->getMethodDecl();
    // `t.to(device);` as a statement moves nothing; remember it so that the
    // crash it causes is reported once, as torch-discarded-move.
    if (MD &&
        (api::isTensorMethod(MD, "to") || api::isTensorMethod(MD, "cuda") ||
         api::isTensorMethod(MD, "cpu")) &&
        isDiscardedValue(MC, Ctx))
      if (const auto *DRE = dyn_cast<DeclRefExpr>(
              api::ignoreWrappers(MC->getImplicitObjectArgument()))) {
        auto It = St.find(DRE->getDecl());
        if (It != St.end())
          It->second.markDiscardedMove();
        return;
      }
    // model->to(device) moves parameters and buffers in place.
    // (RNN modules override Module::to.)
    if (MD && MD->getIdentifier() && MD->getName() == "to" &&
        api::isModuleClass(MD->getParent()) && MC->getNumArgs() >= 1) {
      const Expr *Obj = api::ignoreWrappers(MC->getImplicitObjectArgument());
      if (const auto *Arrow = dyn_cast<CXXOperatorCallExpr>(Obj))
        if (Arrow->getOperator() == OO_Arrow)
          Obj = api::ignoreWrappers(Arrow->getArg(0));
      const auto *DRE = dyn_cast<DeclRefExpr>(Obj);
      if (!DRE)
        return;
      const Expr *Arg = MC->getArg(0);
      DeviceSet V;
      if (!api::isTensorType(Arg->getType()))
        if (std::optional<DeviceFact> F = evalDevice(Arg, St)) {
          V = DeviceSet(*F);
          V.addStep(MC->getExprLoc(),
                    "is moved to " + shortSpelling(F->Where) + " here");
        }
      assign(DRE->getDecl(), V, St);
    }
    return;
  }

  if (const auto *RS = dyn_cast<ReturnStmt>(S)) {
    if (RS->getRetValue() && api::isTensorType(RS->getRetValue()->getType()))
      Returns.push_back(evalTensor(RS->getRetValue(), St));
    else
      ReturnsUnknown = true;
  }
}

//===----------------------------------------------------------------------===//
// Operation sites.
//===----------------------------------------------------------------------===//

std::string paramName(const FunctionDecl *Callee, unsigned Index) {
  if (!Callee || Index >= Callee->getNumParams())
    return "";
  const ParmVarDecl *P = Callee->getParamDecl(Index);
  return P->getIdentifier() ? P->getName().str() : "";
}

/// The forward() a module call runs, for its parameter names.
const CXXMethodDecl *forwardOf(QualType ModuleType) {
  const CXXRecordDecl *RD = moduleClassOf(ModuleType);
  if (!RD)
    return nullptr;
  for (const CXXMethodDecl *MD : RD->methods())
    if (MD->getIdentifier() && MD->getName() == "forward")
      return MD;
  return nullptr;
}

void FunctionAnalysis::checkSites(const Stmt *S, const State &St) {
  const auto *E = dyn_cast<Expr>(S);
  if (!E || ReportedSites.count(E))
    return;
  std::vector<ConflictOperand> Ops;
  auto AddTensor = [&](const Expr *A, std::string Param) {
    A = A->IgnoreParens();
    // Tensor lists written as {a, b} (torch::cat, torch::stack).
    const Expr *Stripped = api::ignoreWrappers(A);
    if (const auto *IL = dyn_cast<CXXStdInitializerListExpr>(Stripped))
      Stripped = api::ignoreWrappers(IL->getSubExpr());
    if (const auto *List = dyn_cast<InitListExpr>(Stripped)) {
      for (const Expr *Item : List->inits())
        if (api::isTensorType(Item->getType()))
          Ops.push_back({Item, text(Item, Ctx), Param, {}, false});
      return;
    }
    if (const auto *CE = dyn_cast<CXXConstructExpr>(Stripped);
        CE && CE->getNumArgs() == 1)
      if (const auto *IL = dyn_cast<CXXStdInitializerListExpr>(
              api::ignoreWrappers(CE->getArg(0))))
        if (const auto *List =
                dyn_cast<InitListExpr>(api::ignoreWrappers(IL->getSubExpr()))) {
          for (const Expr *Item : List->inits())
            if (api::isTensorType(Item->getType()))
              Ops.push_back({Item, text(Item, Ctx), Param, {}, false});
          return;
        }
    if (api::isTensorType(A->getType()))
      Ops.push_back({A, text(api::ignoreWrappers(A), Ctx), Param, {}, false});
  };

  std::string Callee;
  const Expr *Module = nullptr;
  if (const auto *OC = dyn_cast<CXXOperatorCallExpr>(E)) {
    OverloadedOperatorKind K = OC->getOperator();
    if (K == OO_Call && OC->getNumArgs() >= 1 &&
        isModuleValueType(OC->getArg(0)->getType())) {
      Module = OC->getArg(0);
      Callee = text(Module, Ctx);
      const CXXMethodDecl *Fwd = forwardOf(Module->getType());
      for (unsigned I = 1; I < OC->getNumArgs(); ++I)
        AddTensor(OC->getArg(I), paramName(Fwd, I - 1));
    } else if (K == OO_Plus || K == OO_Minus || K == OO_Star || K == OO_Slash ||
               K == OO_Percent || K == OO_PlusEqual || K == OO_MinusEqual ||
               K == OO_StarEqual || K == OO_SlashEqual || K == OO_Less ||
               K == OO_Greater || K == OO_LessEqual || K == OO_GreaterEqual ||
               K == OO_EqualEqual || K == OO_ExclaimEqual || K == OO_Amp ||
               K == OO_Pipe || K == OO_Caret) {
      Callee = std::string("operator") + getOperatorSpelling(K);
      for (const Expr *A : OC->arguments())
        AddTensor(A, "");
    } else {
      return;
    }
  } else if (const auto *MC = dyn_cast<CXXMemberCallExpr>(E)) {
    const CXXMethodDecl *MD = MC->getMethodDecl();
    const Expr *Object = MC->getImplicitObjectArgument();
    if (!MD || !MD->getIdentifier() || !Object)
      return;
    if (api::isModuleClass(MD->getParent()) && MD->getName() == "forward") {
      Module = Object;
      Callee = moduleName(Object);
      for (unsigned I = 0; I < MC->getNumArgs(); ++I)
        AddTensor(MC->getArg(I), paramName(MD, I));
    } else if (api::isTensorType(Object->getType()) &&
               !isDeviceAgnosticMethod(MD->getName())) {
      Callee = "Tensor::" + MD->getName().str();
      AddTensor(Object, "self");
      for (unsigned I = 0; I < MC->getNumArgs(); ++I)
        AddTensor(MC->getArg(I), paramName(MD, I));
    } else {
      return;
    }
  } else if (const auto *CE = dyn_cast<CallExpr>(E)) {
    const FunctionDecl *F = CE->getDirectCallee();
    if (!isTorchNamespaceFunction(F))
      return;
    std::string Q = F->getQualifiedNameAsString();
    if (isDeviceAgnosticFunction(Q) || isFactoryName(F->getName()))
      return;
    // As the user wrote it (torch::cat, not at::cat; F::nll_loss).
    Callee = text(CE->getCallee(), Ctx);
    if (Callee.empty())
      Callee = Q;
    for (unsigned I = 0; I < CE->getNumArgs(); ++I)
      AddTensor(CE->getArg(I), paramName(F, I));
  } else {
    return;
  }

  std::vector<SiteOperand> Sited;
  if (Module) {
    DeviceSet M = moduleDevice(Module, St);
    if (moduleMatters(Module) && !M.isUnknown())
      Sited.push_back({{Module, moduleName(Module), "", {}, true}, M});
  }
  for (ConflictOperand &Op : Ops) {
    DeviceSet D = evalTensor(Op.E, St);
    if (!D.isUnknown())
      Sited.push_back({Op, D});
  }
  if (Sited.size() >= 2)
    checkOperands(E, Callee, Sited);
}

/// True when a fact of Maybe conflicts with the single device of Sure.
const DeviceFact *conflictingFact(const DeviceSet &Maybe,
                                  const DeviceFact &Sure) {
  for (const DeviceFact &F : Maybe.facts())
    if (devicesConflict(F.Where, Sure.Where))
      return &F;
  return nullptr;
}

void FunctionAnalysis::checkOperands(const Expr *Site,
                                     const std::string &Callee,
                                     const std::vector<SiteOperand> &Ops) {
  for (size_t I = 0; I < Ops.size(); ++I)
    for (size_t J = I + 1; J < Ops.size(); ++J) {
      const DeviceFact *OneI = Ops[I].Set.single();
      const DeviceFact *OneJ = Ops[J].Set.single();
      size_t StrayIdx, OtherIdx;
      const DeviceFact *Stray = nullptr, *Sure = nullptr;
      bool OnePath = false;
      if (OneI && OneJ && devicesConflict(OneI->Where, OneJ->Where)) {
        // Move the CPU side; between a module and a tensor on two devices,
        // move the tensor; otherwise the later operand.
        bool ICpu = OneI->Where.Kind == Device::Cpu;
        bool JCpu = OneJ->Where.Kind == Device::Cpu;
        bool PickI = ICpu != JCpu ? ICpu : Ops[J].Op.IsModule;
        StrayIdx = PickI ? I : J;
        OtherIdx = PickI ? J : I;
        Stray = PickI ? OneI : OneJ;
        Sure = PickI ? OneJ : OneI;
      } else if (OneJ && (Stray = conflictingFact(Ops[I].Set, *OneJ))) {
        StrayIdx = I, OtherIdx = J, Sure = OneJ, OnePath = true;
      } else if (OneI && (Stray = conflictingFact(Ops[J].Set, *OneI))) {
        StrayIdx = J, OtherIdx = I, Sure = OneI, OnePath = true;
      } else {
        continue;
      }
      if (Stray->Birth && !ReportedBirths.insert(Stray->Birth).second)
        return; // One bug, one diagnostic.
      DeviceConflict C;
      C.Site = Site;
      C.Callee = Callee;
      C.Stray = Ops[StrayIdx].Op;
      C.Stray.Fact = *Stray;
      C.Other = Ops[OtherIdx].Op;
      C.Other.Fact = *Sure;
      C.OnePath = OnePath;
      C.Kind = Stray->FromFactory && Sure->Where.FollowsInput
                   ? DeviceConflict::FactoryMissingDevice
                   : DeviceConflict::Mismatch;
      ReportedSites.insert(Site);
      Out->Conflicts.push_back(std::move(C));
      return;
    }
}

//===----------------------------------------------------------------------===//
// The driver: CFG, fixpoint, reporting pass.
//===----------------------------------------------------------------------===//

bool FunctionAnalysis::run(ProvenanceCache::Result &Result) {
  Out = &Result;
  Stmt *Body = FD->getBody();
  if (!Body || FD->isDependentContext() || FD->isInvalidDecl())
    return false;
  CFG::BuildOptions Options;
  Options.setAllAlwaysAdd();
  Options.AddImplicitDtors = false;
  Options.AddTemporaryDtors = false;
  Options.AddCXXDefaultInitExprInCtors = false;
  std::unique_ptr<CFG> Graph = CFG::buildCFG(FD, Body, &Ctx, Options);
  if (!Graph)
    return false;

  // Reverse post-order by hand: the CFG keeps edges that can never be taken
  // (a constant condition, an exhaustive switch) as null successors, which
  // LLVM's generic traversal would follow.
  std::vector<const CFGBlock *> Order;
  {
    llvm::DenseSet<const CFGBlock *> Seen;
    std::vector<std::pair<const CFGBlock *, CFGBlock::const_succ_iterator>>
        Stack;
    const CFGBlock *EntryBlock = &Graph->getEntry();
    Seen.insert(EntryBlock);
    Stack.push_back({EntryBlock, EntryBlock->succ_begin()});
    while (!Stack.empty()) {
      auto &[B, It] = Stack.back();
      if (It == B->succ_end()) {
        Order.push_back(B);
        Stack.pop_back();
        continue;
      }
      const CFGBlock *Succ = It->getReachableBlock();
      ++It;
      if (Succ && Seen.insert(Succ).second)
        Stack.push_back({Succ, Succ->succ_begin()});
    }
    std::reverse(Order.begin(), Order.end());
  }
  llvm::DenseMap<const CFGBlock *, unsigned> Rank;
  for (unsigned I = 0; I < Order.size(); ++I)
    Rank[Order[I]] = I;

  llvm::DenseMap<const CFGBlock *, State> Exit;
  llvm::DenseSet<const CFGBlock *> Done;
  auto ReachableSuccs = [](const CFGBlock *B) {
    unsigned N = 0;
    for (const CFGBlock::AdjacentBlock &S : B->succs())
      N += S.getReachableBlock() != nullptr;
    return N;
  };
  // Steal: in the last pass, a predecessor whose only successor is B hands
  // its state over instead of copying it, which keeps straight-line code
  // linear in its length.
  auto Entry = [&](const CFGBlock *B, bool Steal) {
    State In;
    bool First = true;
    for (const CFGBlock::AdjacentBlock &P : B->preds()) {
      const CFGBlock *Pred = P.getReachableBlock();
      if (!Pred || !Done.count(Pred))
        continue;
      State &PS = Exit[Pred];
      if (First) {
        if (Steal && ReachableSuccs(Pred) == 1)
          In = std::move(PS);
        else
          In = PS;
        First = false;
        continue;
      }
      // Variables absent on one side are not yet declared there: keep the
      // side that has them.
      for (const auto &[VD, Set] : PS) {
        auto It = In.find(VD);
        if (It == In.end())
          In[VD] = Set;
        else
          It->second.join(Set);
      }
    }
    return In;
  };

  // Without back edges one pass in reverse post-order is the fixpoint; with
  // loops, iterate until no exit state changes first.
  bool Cyclic = false;
  for (const CFGBlock *B : Order)
    for (const CFGBlock::AdjacentBlock &S : B->succs())
      if (const CFGBlock *Succ = S.getReachableBlock())
        Cyclic |= Rank.lookup(Succ) <= Rank.lookup(B);
  unsigned Budget = 20 * (Order.size() + 1);
  bool Changed = Cyclic;
  while (Changed) {
    Changed = false;
    for (const CFGBlock *B : Order) {
      if (Budget-- == 0)
        return false;
      State St = Entry(B, /*Steal=*/false);
      for (const CFGElement &El : *B)
        if (std::optional<CFGStmt> CS = El.getAs<CFGStmt>())
          transfer(CS->getStmt(), St, /*Report=*/false);
      auto It = Exit.find(B);
      bool Same =
          It != Exit.end() && It->second.size() == St.size() &&
          llvm::all_of(St, [&](const auto &KV) {
            auto J = It->second.find(KV.first);
            return J != It->second.end() && J->second.sameDevices(KV.second);
          });
      if (!Same) {
        Exit[B] = std::move(St);
        Changed = true;
      }
      Done.insert(B);
    }
  }

  // The reporting pass, over the fixpoint's states (or, without loops, the
  // only pass, computing them as it goes).
  Returns.clear();
  ReturnsUnknown = false;
  for (const CFGBlock *B : Order) {
    State St = Entry(B, /*Steal=*/!Cyclic);
    for (const CFGElement &El : *B)
      if (std::optional<CFGStmt> CS = El.getAs<CFGStmt>())
        transfer(CS->getStmt(), St, /*Report=*/true);
    if (!Cyclic) {
      Exit[B] = std::move(St);
      Done.insert(B);
      // A state every successor has read is dead: free it, so memory stays
      // proportional to the live frontier, not to the whole function.
      for (const CFGBlock::AdjacentBlock &P : B->preds())
        if (const CFGBlock *Pred = P.getReachableBlock())
          if (llvm::all_of(Pred->succs(),
                           [&](const CFGBlock::AdjacentBlock &S) {
                             return !S.getReachableBlock() ||
                                    Done.count(S.getReachableBlock());
                           }))
            Exit.erase(Pred);
    }
  }

  // The return summary.
  ReturnSummary &Sum = Result.Summary;
  if (!ReturnsUnknown && !Returns.empty()) {
    const DeviceFact *First = Returns.front().single();
    bool Agree = First && llvm::all_of(Returns, [&](const DeviceSet &R) {
                   return R.single() && R.single()->Where == First->Where;
                 });
    if (Agree) {
      const Device &D = First->Where;
      const ValueDecl *Var = D.Var;
      unsigned Index = 0;
      bool IsParam = false;
      for (const ParmVarDecl *P : FD->parameters()) {
        if (P == Var) {
          IsParam = true;
          break;
        }
        ++Index;
      }
      if (D.Kind == Device::Symbolic && IsParam) {
        Sum.Kind = D.FollowsInput ? ReturnSummary::FollowsArg
                                  : ReturnSummary::FollowsDeviceArg;
        Sum.Index = Index;
      } else if (D.Kind != Device::Symbolic) {
        Sum.Kind = ReturnSummary::Fixed;
        Sum.Fact = *First;
      }
    }
  }
  return true;
}

} // namespace

ProvenanceCache::ProvenanceCache(ASTContext &Ctx, const RuleOptions &Options)
    : Ctx(Ctx), Options(Options) {}

ProvenanceCache::~ProvenanceCache() = default;

ProvenanceCache::Result &ProvenanceCache::analyse(const FunctionDecl *FD) {
  auto It = Results.find(FD);
  if (It != Results.end())
    return *It->second;
  auto R = std::make_unique<Result>();
  Result &Ref = *R;
  // Recursion: a function calling itself is summarised as unknown.
  if (!InProgress.insert(FD).second)
    return Ref = Result(), *Results.try_emplace(FD, std::move(R)).first->second;
  FunctionAnalysis A(*this, FD);
  if (!A.run(Ref))
    Ref = Result();
  InProgress.erase(FD);
  return *Results.try_emplace(FD, std::move(R)).first->second;
}

const std::vector<DeviceConflict> &
ProvenanceCache::conflicts(const FunctionDecl *FD) {
  return analyse(FD).Conflicts;
}

const ReturnSummary &ProvenanceCache::summary(const FunctionDecl *FD) {
  return analyse(FD).Summary;
}

} // namespace torchlint
