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

#include "torchlint/analysis/Provenance.h"

#include "DtypeFlow.h"
#include "FlowProperty.h"
#include "LoopBounds.h"

#include "torchlint/api/HostMemory.h"
#include "torchlint/api/Syntax.h"
#include "torchlint/api/TorchApi.h"
#include "torchlint/core/LLVMCompat.h"
#include "torchlint/core/ProjectFacts.h"

#include "clang/AST/ParentMapContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Analysis/CFG.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/PostOrderIterator.h"
#include "llvm/ADT/SmallSet.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/Path.h"

using namespace clang;

namespace torchlint {

namespace {
using State = llvm::DenseMap<const ValueDecl *, DeviceSet>;
} // namespace

/// The device of one tensor argument at one call of the unit's own function.
struct CallArgument {
  const FunctionDecl *Callee; ///< The definition called.
  unsigned Index;             ///< The parameter.
  DeviceSet Value;
  const Expr *Arg = nullptr; ///< The argument as written.
};

/// Where a parameter's tensors meet a device: a conflict when every caller
/// hands the parameter tensors on the CPU (ProvenanceCache::conflicts).
struct ParamCandidate {
  const Expr *Site = nullptr;
  std::string Callee;
  ConflictOperand Input; ///< The operand that follows the parameter.
  ConflictOperand Other; ///< The operand on a device or run-time device.
  unsigned Index = 0;    ///< The parameter.
};

struct ProvenanceCache::Result {
  std::vector<DeviceConflict> Conflicts;
  /// Conflicts after the call-site filter (see ProvenanceCache::conflicts).
  std::optional<std::vector<DeviceConflict>> Kept;
  ReturnSummary Summary;
  /// What this function passes to the unit's own functions.
  std::vector<CallArgument> CallArgs;
  /// Sites where a parameter meets a device, decided by the callers.
  std::vector<ParamCandidate> ParamCandidates;
  /// Where two parameters meet, checked at the callers.
  std::vector<DeviceRequirement> DeviceRequires;
  /// What this member function appends to container fields of its class.
  llvm::DenseMap<const FieldDecl *, llvm::SmallVector<DeviceSet, 2>>
      FieldAppends;
  /// What it passes, on a device, to functions defined in other units.
  std::vector<ExternalArgument> ExternalArgs;
  /// For a constructor of a tracked class: its fields when it returns.
  State Fields;
  /// For a function returning a struct of tensors: the fields it returns
  /// created on the CPU.
  llvm::DenseMap<const FieldDecl *, DeviceSet> FieldReturns;
  /// ... and the fields it returns on a device of its own choosing (a
  /// CUDA device, the device its object holds).
  llvm::DenseMap<const FieldDecl *, DeviceSet> HeldFieldReturns;
  /// ... and the fields it returns from a tensor parameter, by parameter
  /// (`unpack(out)` of a TorchScript result).
  llvm::DenseMap<const FieldDecl *, unsigned> ArgFieldReturns;
  /// The dtype property's results, from the same walk.
  std::vector<DtypeConflict> DtypeConflicts;
  DtypeSummary DtypeSum;
  flow::DtypeState DtypeFields;
};

/// What every member function of a class may assume on entry: the facts
/// that all of its constructors establish for a field that no other member
/// function changes.
struct ProvenanceCache::ClassState {
  State Fields;
  flow::DtypeState DtypeFields;
};

namespace {

//===----------------------------------------------------------------------===//
// The LibTorch facts the transfer functions use.
//===----------------------------------------------------------------------===//

using namespace flow;
using api::DeviceBehaviour;
using api::isTorchNamespaceFunction;
using api::moduleClassOf;

/// How a device reads inside a provenance step: a variable by its name.
std::string shortSpelling(const Device &D) {
  bool RunTime = D.Kind == Device::Symbolic ||
                 (D.Kind == Device::Cuda && D.Index == Device::RunTimeOrdinal);
  if (RunTime && D.Var && !D.FollowsInput && !D.FixText.empty())
    return "'" + D.FixText + "'";
  return D.Spelling;
}

//===----------------------------------------------------------------------===//
// One function.
//===----------------------------------------------------------------------===//

/// The device property of one function's analysis, which also runs the
/// dtype property in the same walk.
class FunctionAnalysis : public FlowProperty<FunctionAnalysis, Device> {
  friend class FlowProperty<FunctionAnalysis, Device>;

public:
  FunctionAnalysis(ProvenanceCache &Cache, const FunctionDecl *FD)
      : FlowProperty(Cache, FD, trackedClassOf(FD)) {
    Dtypes.emplace(Cache, FD, TrackedClass);
  }

  /// The state of the walk: both properties, side by side.
  struct FlowState {
    State Device;
    DtypeState Dtype;
  };
  /// The solver's client interface (FlowSolver.h).
  void transferElement(const CFGElement &El, FlowState &St, bool Report) {
    FlowProperty::transferElement(El, St.Device, Report);
    Dtypes->transferElement(El, St.Dtype, Report);
  }
  static void join(FlowState &In, const FlowState &Pred) {
    joinMaps(In.Device, Pred.Device);
    joinMaps(In.Dtype, Pred.Dtype);
  }
  static bool same(const FlowState &A, const FlowState &B) {
    return sameMaps(A.Device, B.Device) && sameMaps(A.Dtype, B.Dtype);
  }

  /// Runs the analysis; false when it gave up.
  bool run(ProvenanceCache::Result &Out);
  /// True when Birth lies in FD's own body.
  bool bornInBody(const Expr *Birth) const;

private:
  // Expression evaluation -------------------------------------------------
  DeviceSet parameterFacts(const ParmVarDecl *P);
  DeviceSet untrackedField(const ValueDecl *Field);
  DeviceSet memberFacts(const MemberExpr *ME);
  DeviceSet evalOwn(const Expr *E, const State &S, unsigned Depth);
  DeviceSet evalFactory(const CallExpr *CE, const State &S, unsigned Depth);
  std::optional<DeviceFact> evalDevice(const Expr *E, const State &S,
                                       unsigned Depth = 0);
  /// The device a call of the user's own device-valued function gives, from
  /// the returns of its body; nothing when some return is unknown or they
  /// disagree.
  std::optional<DeviceFact> deviceReturnedBy(const CallExpr *Call,
                                             const State &S, unsigned Depth);
  /// What the returns of Def, one body a call of a device-valued function
  /// may run, give at Call; nothing when some return is unknown or they
  /// disagree.
  std::optional<DeviceFact> deviceOfBody(const CallExpr *Call,
                                         const FunctionDecl *Def,
                                         const State &S, unsigned Depth);
  /// The device an options expression names: a fact, "no device" (the CPU
  /// default) as nullopt, or Unknown as an empty set.
  std::optional<DeviceSet> evalOptions(const Expr *E, const State &S,
                                       unsigned Depth);
  DeviceSet evalCall(const CallExpr *CE, const State &S, unsigned Depth);
  DeviceSet externalCall(const clang::Expr *Call, const FunctionDecl *Callee);
  /// A call of the unit's own function, method or lambda: its summary.
  const ReturnSummary &summaryOf(const FunctionDecl *Def) {
    return Cache.summary(Def);
  }
  DeviceSet evalValueArg(const Expr *E, const State &S, unsigned Depth);
  DeviceSet evalUnsummarised(const Expr *Call, const FunctionDecl *Def,
                             llvm::ArrayRef<const Expr *> Args, const State &S,
                             unsigned Depth);
  DeviceSet evalModuleCall(const Expr *Call, const Expr *Module,
                           llvm::ArrayRef<const Expr *> Args, const State &S,
                           unsigned Depth);
  DeviceFact symbolicVar(const ValueDecl *VD, bool FollowsInput);
  /// The device every value the unit writes to the device field F gives,
  /// when they agree on one known device (a configuration fixed to kCPU, a
  /// trainer every construction gives cuda:1); nothing when some write is
  /// another device, unknown, or none is visible.
  std::optional<DeviceFact> fieldValue(const FieldDecl *F, const State &S,
                                       unsigned Depth);
  /// fieldValue, where it may be trusted: when every write to F is in this
  /// unit. Where the writes in view all say the CPU but another unit may
  /// write F (a configuration struct set in main.cpp), a run-time device that
  /// needs FactKind::WritesDevice.
  std::optional<DeviceFact> knownField(const FieldDecl *F, const State &S,
                                       unsigned Depth);
  /// The one known device (a constant, or one choice of a CUDA ordinal)
  /// every value of Values gives; nothing when some value is unknown, null,
  /// another device, or a run-time choice other than a configuration's
  /// device that another unit sets (knownField).
  std::optional<DeviceFact> agreedDevice(llvm::ArrayRef<const Expr *> Values,
                                         const State &S, unsigned Depth);
  /// The device every call in view passes as P, when they all pass one
  /// known device (a constant, or one choice of a CUDA ordinal).
  std::optional<DeviceFact> parameterValue(const ParmVarDecl *P,
                                           const State &S, unsigned Depth);
  /// The integer E always is: a constant, or a parameter every call in view
  /// fills with one constant.
  std::optional<int64_t> constantInt(const Expr *E, unsigned Depth);
  /// torch::kCUDA: the current CUDA device, known to be cuda:0 in a program
  /// that never sets it.
  Device currentCuda();
  // Transfer and checks ---------------------------------------------------
  void transfer(const Stmt *S, State &St, bool Report);
  /// An assignment's step: the path it is on.
  void noteAssignment(const CXXOperatorCallExpr *OC, DeviceSet &V);
  /// The facts of a module variable or field initialised by Init: born on
  /// the CPU when Init creates a module that has state.
  DeviceSet scriptModule(const Expr *Init, SourceLocation Loc,
                         const State &St);
  /// A call of a function the project index summarises: the argument it
  /// follows. A CPU tensor of its own stays the project fact externalCall
  /// makes it, which the defining unit shows with its note in a run over
  /// the project; a host that sees this unit alone takes the index's word.
  /// `batch.labels` of a batch that the unit's own function returns with
  /// its labels created on the CPU.
  std::optional<DeviceSet> calleeField(const CallExpr *Call,
                                       const FunctionDecl *Callee,
                                       const FieldDecl *F, const State &S,
                                       unsigned Depth) {
    const FunctionDecl *Def = nullptr;
    if (!Callee->hasBody(Def)) {
      // Another unit's function: the fields the project index says it
      // creates on the CPU. A struct that is all the function's own CPU
      // tensors is the whole call's (importedCall, or the returns-cpu fact
      // that its unit shows in a run over the project).
      const FunctionSummary *Imported = Cache.imported(Callee);
      if (!Imported)
        return std::nullopt;
      return importedField(Call, *Imported, F);
    }
    if (Def == FD)
      return std::nullopt;
    DeviceSet R;
    const auto &Fields = Cache.cpuFieldReturns(Def);
    const auto &Held = Cache.heldFieldReturns(Def);
    if (auto It = Fields.find(F); It != Fields.end()) {
      R = It->second;
    } else if (auto It = Cache.argFieldReturns(Def).find(F);
               It != Cache.argFieldReturns(Def).end()) {
      // The field holds the argument's tensor (a TorchScript result
      // unpacked into a struct).
      if (It->second >= Call->getNumArgs() || isa<CXXOperatorCallExpr>(Call))
        return std::nullopt;
      R = evalTensor(Call->getArg(It->second), S, Depth + 1);
      if (R.isUnknown())
        return std::nullopt;
    } else if (auto It = Held.find(F); It != Held.end()) {
      // The object's own device: as it is, on `this`; else reworded for
      // a caller that cannot name the object's fields.
      const auto *MC = dyn_cast<CXXMemberCallExpr>(Call);
      bool OnThis = MC && isa<CXXThisExpr>(MC->getImplicitObjectArgument()
                                                ->IgnoreParenImpCasts());
      R = OnThis ? It->second
                 : heldByObject(*It->second.single(), Def);
      if (R.isUnknown())
        return std::nullopt;
    } else {
      return std::nullopt;
    }
    R.addStep(Call->getBeginLoc(), "is returned by '" +
                                       Callee->getNameAsString() +
                                       "' here, in its field '" +
                                       F->getNameAsString() + "'");
    return R;
  }

  /// Field F of what Imported, another unit's function, returns at Call:
  /// a CPU tensor it creates, or one on a device of its own.
  std::optional<DeviceSet> importedField(const Expr *Call,
                                         const FunctionSummary &Imported,
                                         const FieldDecl *F,
                                         bool Alternative = false) {
    // A struct that is all the function's own CPU tensors is the whole
    // call's (importedCall, or the returns-cpu fact that its unit shows in
    // a run over the project); as one body a virtual call may run, its
    // CPU is read here (joinAlternatives).
    auto It = Imported.Fields.find(F->getNameAsString());
    if (It == Imported.Fields.end())
      return std::nullopt;
    const FunctionSummary::FieldSummary &Field = It->second;
    if (Field.OnDevice)
      return DeviceSet(importedDevice(Call, Imported, Field.DeviceText,
                                      importedFieldStep(Imported, F->getName(),
                                                        Field.DeviceMade)));
    if (!Field.Cpu ||
        (Imported.Device == FunctionSummary::Form::Known && !Alternative))
      return std::nullopt;
    DeviceFact Fact;
    Fact.Value = Device::cpu();
    Fact.Steps.push_back(
        {Call->getBeginLoc(),
         importedFieldStep(Imported, F->getName(), Field.CpuMade)});
    return DeviceSet(Fact);
  }

  /// A value another unit's function (Imported) returns on a device of its
  /// own, spelled Text there: a device chosen at run time to this unit.
  DeviceFact importedDevice(const Expr *Call, const FunctionSummary &Imported,
                            const std::string &Text, std::string Step) {
    DeviceFact F;
    std::string Who =
        (Imported.Class.empty() ? "" : Imported.Class + "::") + Imported.Name;
    F.Value = Device::symbolic("returned:" + Imported.File + ":" + Who + ":" +
                                   Text,
                               Text, "");
    F.Steps.push_back({Call->getBeginLoc(), std::move(Step)});
    return F;
  }

  /// What a device fixed by the fields of Def's object (FixedOnThis) is to
  /// a caller on another object: the same CUDA device; a device field
  /// named by its class ('CudaBackend::device_'), with no fix-it, since
  /// the caller cannot name it.
  DeviceSet heldByObject(const DeviceFact &F, const FunctionDecl *Def) {
    DeviceFact R = F;
    if (F.Value.Kind == Device::Symbolic) {
      const auto *MD = dyn_cast<CXXMethodDecl>(Def);
      if (F.Value.FollowsInput || !F.Value.Var || !MD)
        return DeviceSet();
      std::string Name = MD->getParent()->getNameAsString() +
                         "::" + F.Value.Var->getNameAsString();
      R.Value = Device::symbolic("held:" + Name, "'" + Name + "'", "");
    }
    R.Value.Var = nullptr;
    R.Value.FixText.clear();
    return DeviceSet(R);
  }

  /// The device of a virtual call whose bodies return Alts: what they
  /// agree on; where they disagree and one is on a device of its own (the
  /// CUDA backend's, beside the CPU one's), a device chosen at run time,
  /// the object's, as a device getter's disagreeing overriders make.
  DeviceSet joinAlternatives(const CXXMemberCallExpr *Call,
                             const CXXMethodDecl *MD,
                             llvm::ArrayRef<Alternative> Alts) {
    bool Agree = true, OffCpu = false;
    const DeviceFact *First = Alts.front().Value.single();
    for (const Alternative &A : Alts) {
      const DeviceFact *One = A.Value.single();
      if (!One || One->Value.Kind == Device::Scalar ||
          (One->Value.Kind == Device::Symbolic && One->Value.FollowsInput))
        return DeviceSet();
      OffCpu |= One->Value.Kind != Device::Cpu;
      Agree &= First && One->Value == First->Value;
    }
    // Bodies that agree on the CPU: left to what each says of a direct
    // call (the returns-cpu fact of another unit's CPU tensors), as before.
    if (Agree && !OffCpu)
      return DeviceSet();
    if (Agree)
      return FlowProperty::joinAlternatives(Call, MD, Alts);
    std::string Object = objectName(Call->getImplicitObjectArgument());
    if (!OffCpu || Object.empty())
      return DeviceSet();
    std::string Step = "is returned by '" + MD->getNameAsString() +
                       "' here, on the device of '" + Object + "':";
    bool Comma = false;
    for (const Alternative &A : Alts) {
      Step += std::string(Comma ? "," : "") + " " +
              shortSpelling(A.Value.single()->Value) + " when it is a '" +
              A.Class + "'" + (A.File.empty() ? "" : " (" + A.File + ")");
      Comma = true;
    }
    DeviceFact R;
    R.Value = Device::symbolic("virtual:" + Object + "." +
                                   MD->getNameAsString(),
                               "the device of '" + Object + "'", "");
    R.Steps.push_back({Call->getBeginLoc(), std::move(Step)});
    return DeviceSet(R);
  }

  /// One body a virtual call may run, from the project index: its own CPU
  /// is read as the CPU here (a direct call leaves it to the returns-cpu
  /// fact its unit shows), since only the join of the bodies is reported.
  std::optional<DeviceSet>
  importedAlternative(const Expr *Call, const FunctionDecl *Callee,
                      const FunctionSummary &Imported,
                      llvm::ArrayRef<const Expr *> Args, const State &S,
                      unsigned Depth) {
    if (Imported.Device != FunctionSummary::Form::Known)
      return importedCall(Call, Callee, Imported, Args, S, Depth);
    DeviceFact F;
    F.Value = Device::cpu();
    F.Steps.push_back(
        {Call->getBeginLoc(), importedStep(Imported, Imported.DeviceOrigin)});
    return DeviceSet(F);
  }

  std::optional<DeviceSet> importedCall(const Expr *Call, const FunctionDecl *,
                                        const FunctionSummary &Imported,
                                        llvm::ArrayRef<const Expr *> Args,
                                        const State &S, unsigned Depth) {
    if (Imported.Device == FunctionSummary::Form::OnDevice)
      return DeviceSet(importedDevice(
          Call, Imported, Imported.DeviceText,
          importedStep(Imported, Imported.DeviceOrigin)));
    if (Imported.Device == FunctionSummary::Form::Known &&
        Cache.indexSettles()) {
      DeviceFact F;
      F.Value = Device::cpu();
      F.Birth = Call;
      F.Steps.push_back(
          {Call->getBeginLoc(), importedStep(Imported, Imported.DeviceOrigin)});
      return DeviceSet(F);
    }
    return followedArgument(Call, Imported, Imported.Device,
                            Imported.DeviceArg, Args, S, Depth);
  }
  DeviceSet newModule(const ValueDecl *VD, const Expr *Init, SourceLocation Loc,
                      const State &St);
  /// For E, a call of the project's function that builds and returns a
  /// module with state: the CPU, when that function leaves it there (its
  /// summary, or the project index's); nothing otherwise.
  std::optional<DeviceSet> builtModule(const Expr *E, const State &St);
  /// What a returned module value is: a module built in the return
  /// statement is born on the CPU; else what the state holds.
  DeviceSet returnedModule(const Expr *Value, const State &St);
  struct SiteOperand {
    ConflictOperand Op;
    DeviceSet Set;
  };
  void checkSites(const Stmt *S, const State &St);
  /// Remembers the devices of the tensors S passes to the unit's own
  /// functions, for the call-site view of their parameters.
  void recordCallArguments(const Stmt *S, const State &St);
  /// Remembers the tensors on a device that S passes to the user's
  /// functions defined in other units (ExternalArgument).
  void recordExternalArguments(const Stmt *S, const State &St);
  /// Checks the device preconditions of the function S calls (in this unit
  /// or through the project index) against the arguments S passes.
  void checkDeviceRequirements(const Stmt *S, const State &St);
  /// Checks Reqs, the preconditions of Def (the function Call runs, or one
  /// it may run), against Args.
  void checkRequirementList(const CallExpr *Call, const FunctionDecl *Def,
                            llvm::ArrayRef<const Expr *> Args,
                            llvm::ArrayRef<DeviceRequirement> Reqs,
                            const State &St);
  /// A virtual call whose overriders are in other units: their
  /// preconditions, from the project index.
  void checkImportedOverriders(const CXXMemberCallExpr *Call,
                               const CXXMethodDecl *MD, const State &St);
  /// Where Site is, as a note at Call reads it: "line 12" in Call's file,
  /// else "losses.cpp:12".
  std::string siteWhere(const Expr *Site, const Expr *Call) const;
  /// An argument Arg of Call to Def, whose memory Def reads on the host
  /// (R, at Where): a conflict when it may be on a GPU; the caller's own
  /// input hands the precondition on.
  void checkHostRequirement(const CallExpr *Call, const FunctionDecl *Def,
                            const DeviceRequirement &R, const Expr *Arg,
                            const std::string &Where, const State &St);
  /// A virtual call: the overriders in the unit whose parameter meets a
  /// device, against the argument this call passes.
  void checkOverriders(const CXXMemberCallExpr *Call, const State &St);
  /// For a call on an object whose class is known: whether Own, the device
  /// a method of the class meets its parameter with, may be an accelerator
  /// for this object (a constructor's parameter is read at the object's
  /// construction, when that is in view; else it is not known to be).
  bool constructedOnDevice(const Device &Own, const Expr *Object,
                           const State &St);
  /// Records that FD's parameters Index and Other meet at Where.
  void requireSameDevice(unsigned Index, unsigned Other,
                         const DeviceRequirement &Where);
  /// Records FD's precondition R (for Index, of R's kind), once per
  /// parameter and kind, a few per function.
  void addRequirement(DeviceRequirement R);
  /// The parameter of FD whose device V is on every path, if any.
  const ParmVarDecl *ownInput(const DeviceSet &V) const {
    const DeviceFact *In = V.single();
    const auto *P = In && In->Value.FollowsInput
                        ? dyn_cast_or_null<ParmVarDecl>(In->Value.Var)
                        : nullptr;
    return P && P->getDeclContext() == FD ? P : nullptr;
  }
  /// Host memory meeting a device: the host reading a tensor's memory
  /// (data_ptr, accessor) that may be on a GPU, from_blob labelling host
  /// memory with a device that may be a GPU.
  void checkHostAccess(const Stmt *S, const State &St);
  /// Device traffic per iteration of a loop: one element of a tensor that
  /// may be on a GPU read or written, indexed by what the loop changes, or
  /// a CPU tensor the loop never changes copied to a device.
  void checkLoopAccess(const Expr *E, const State &St);
  /// Records a conflict of Kind at Site about Stray, one of whose facts in V
  /// may be on a GPU; false when none may.
  bool reportOnDevice(DeviceConflict::KindTy Kind, const Expr *Site,
                      std::string Callee, ConflictOperand Stray,
                      const DeviceSet &V);
  void checkOperands(const Expr *Site, const std::string &Callee,
                     const std::vector<SiteOperand> &Ops);
  /// Remembers a site where the tensors of one of FD's parameters meet a
  /// device, for the callers to decide (ProvenanceCache::conflicts).
  void noteParamCandidate(const Expr *Site, const std::string &Callee,
                          const SiteOperand &A, const SiteOperand &B);
  std::string pathNote(const Stmt *S);

  std::optional<DtypeFlow> Dtypes;
  ProvenanceCache::Result *Out = nullptr;
  /// Module variables built with a weight (a loss's class weights), which
  /// makes an otherwise parameter-free module hold a buffer.
  llvm::SmallPtrSet<const ValueDecl *, 4> StatefulVars;
  bool moduleMatters(const Expr *Module);
  std::string moduleName(const Expr *Module);
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
  F.Value = D;
  return F;
}

std::optional<DeviceFact>
FunctionAnalysis::fieldValue(const FieldDecl *F, const State &S,
                             unsigned Depth) {
  const auto *Writes = Cache.deviceFieldWrites(F);
  if (!Writes || Writes->empty() || Depth > 4)
    return std::nullopt;
  return agreedDevice(*Writes, S, Depth + 2);
}

std::optional<DeviceFact>
FunctionAnalysis::agreedDevice(llvm::ArrayRef<const Expr *> Values,
                               const State &S, unsigned Depth) {
  std::optional<DeviceFact> First;
  for (const Expr *V : Values) {
    std::optional<DeviceFact> D =
        V ? evalDevice(V, S, Depth) : std::optional<DeviceFact>();
    // A run-time choice is no known device, but for a configuration's
    // device that another unit sets (knownField), which a trainer's
    // `device_(cfg.device)` holds as it is.
    if (!D || (D->Value.Kind == Device::Symbolic && D->Needs.empty()) ||
        (First && !(D->Value == First->Value)))
      return std::nullopt;
    if (!First)
      First = D;
  }
  return First;
}

std::optional<DeviceFact>
FunctionAnalysis::knownField(const FieldDecl *F, const State &S,
                             unsigned Depth) {
  std::optional<DeviceFact> Known = fieldValue(F, S, Depth);
  if (!Known || !Known->Needs.empty())
    return Known;
  // What the unit's writes agree on is the field's where every write is in
  // view: its class is declared in the main file, or the unit holds the
  // whole program.
  const SourceManager &SM = Ctx.getSourceManager();
  if (SM.isInMainFile(SM.getExpansionLoc(F->getLocation())) ||
      Cache.wholeProgramInView())
    return Known;
  // Elsewhere a GPU may be one of several; and a configuration whose
  // default is kCPU is, in a project whose main.cpp sets it from a flag or
  // is_available(), a device chosen at run time. That write is a project
  // fact: a conflict with the field's device needs it, and stays silent in
  // a project that never writes anything but the CPU there.
  if (Known->Value.Kind != Device::Cpu)
    return std::nullopt;
  if (!F->getParent()->getIdentifier() || !F->getIdentifier())
    return Known;
  DeviceFact Runtime = symbolicVar(F, /*FollowsInput=*/false);
  Runtime.Needs = facts::writesDevice(F->getQualifiedNameAsString());
  return Runtime;
}

Device FunctionAnalysis::currentCuda() {
  Device D = Device::cuda(Device::CurrentOrdinal);
  if (Cache.currentDeviceIsFirst()) {
    D.CurrentIsFirst = true;
    D.Spelling = "cuda:0 (torch::kCUDA, the current device)";
  }
  return D;
}

/// The variable or field of `this` that a fix-it spelling ME names first:
/// cfg_ in `cfg_.device`, cfg in `cfg.device`, device_ in `device_`.
static const ValueDecl *spelledThrough(const MemberExpr *ME) {
  const Expr *Base = ME->getBase()->IgnoreParenImpCasts();
  if (isa<CXXThisExpr>(Base))
    return ME->getMemberDecl();
  if (const auto *Inner = dyn_cast<MemberExpr>(Base))
    return spelledThrough(Inner);
  if (const auto *DRE = dyn_cast<DeclRefExpr>(Base))
    return DRE->getDecl();
  return ME->getMemberDecl();
}

/// A device value known from elsewhere, spelled in this function by Name
/// and held by VD (for the fix-its' scope); a CUDA ordinal chosen at run
/// time reads as Name and When.
static DeviceFact heldBy(DeviceFact F, const ValueDecl *VD, std::string Name,
                         llvm::StringRef When = " (a CUDA device chosen at "
                                                "run time)") {
  if (F.Value.Kind == Device::Cuda &&
      F.Value.Index == Device::RunTimeOrdinal)
    F.Value.Spelling = "'" + Name + "'" + When.str();
  F.Value.FixText = std::move(Name);
  F.Value.Var = VD;
  return F;
}

std::optional<int64_t> FunctionAnalysis::constantInt(const Expr *E,
                                                     unsigned Depth) {
  E = api::ignoreWrappers(E);
  Expr::EvalResult R;
  if (!E->isValueDependent() && E->EvaluateAsInt(R, Ctx))
    return R.Val.getInt().getExtValue();
  // A parameter every call in view fills with one constant (a head built
  // for `gpu = 1`).
  const auto *DRE = dyn_cast<DeclRefExpr>(E);
  const auto *P = DRE ? dyn_cast<ParmVarDecl>(DRE->getDecl()) : nullptr;
  const auto *Fn = P ? dyn_cast<FunctionDecl>(P->getDeclContext()) : nullptr;
  if (!Fn || Depth > 6)
    return std::nullopt;
  const auto *Args = Cache.callArguments(Fn, P->getFunctionScopeIndex());
  if (!Args)
    return std::nullopt;
  std::optional<int64_t> First;
  for (const Expr *A : *Args) {
    std::optional<int64_t> V = constantInt(A, Depth + 1);
    if (!V || (First && *V != *First))
      return std::nullopt;
    First = V;
  }
  return First;
}

std::optional<DeviceFact>
FunctionAnalysis::parameterValue(const ParmVarDecl *P, const State &S,
                                 unsigned Depth) {
  const auto *Fn = dyn_cast<FunctionDecl>(P->getDeclContext());
  if (!Fn || Depth > 6)
    return std::nullopt;
  const auto *Args = Cache.callArguments(Fn, P->getFunctionScopeIndex());
  if (!Args)
    return std::nullopt;
  return agreedDevice(*Args, S, Depth + 1);
}

std::optional<DeviceFact>
FunctionAnalysis::evalDevice(const Expr *E, const State &S, unsigned Depth) {
  if (!E || Depth > 8)
    return std::nullopt;
  E = api::ignoreWrappers(E);
  DeviceFact F;
  if (api::isCudaKindRef(E)) {
    F.Value = currentCuda();
    return F;
  }
  if (api::isCpuKindRef(E)) {
    F.Value = Device::cpu();
    return F;
  }
  if (const auto *SL = dyn_cast<StringLiteral>(E)) {
    api::DeviceString D = api::parseDeviceString(SL->getString());
    if (D.Kind == api::DeviceString::Cpu && D.Index < 0) {
      F.Value = Device::cpu();
      return F;
    }
    if (D.Kind == api::DeviceString::Cuda) {
      F.Value = D.Index < 0 ? currentCuda() : Device::cuda(D.Index);
      return F;
    }
    return std::nullopt;
  }
  // "cuda:" + std::to_string(rank): a CUDA device whose index is chosen at
  // run time. It conflicts with the CPU, and with no other CUDA device (the
  // rank may be any of them).
  if (const auto *OC = dyn_cast<CXXOperatorCallExpr>(E);
      OC && OC->getOperator() == OO_Plus && OC->getNumArgs() == 2) {
    const Expr *Left = api::ignoreWrappers(OC->getArg(0));
    while (const auto *Inner = dyn_cast<CXXOperatorCallExpr>(Left)) {
      if (Inner->getOperator() != OO_Plus || Inner->getNumArgs() != 2)
        break;
      Left = api::ignoreWrappers(Inner->getArg(0));
    }
    const auto *SL = dyn_cast<StringLiteral>(Left);
    std::string T = text(OC, Ctx);
    if (!SL || !SL->isOrdinary() ||
        !api::isCudaOrdinalPrefix(SL->getString()) || T.empty())
      return std::nullopt;
    F.Value = Device::cudaAtRunTime("expr:" + T,
                                    "the CUDA device '" + T + "'", T);
    return F;
  }
  if (const auto *CE = dyn_cast<CXXConstructExpr>(E)) {
    // torch::Device(kind[, index]) or TensorOptions(device).
    if (CE->getNumArgs() == 0)
      return std::nullopt;
    std::optional<DeviceFact> Kind = evalDevice(CE->getArg(0), S, Depth + 1);
    if (!Kind)
      return std::nullopt;
    if (api::writtenArgCount(CE) >= 2 && Kind->Value.Kind == Device::Cuda) {
      const Expr *Index = CE->getArg(1);
      if (std::optional<int64_t> Ordinal = constantInt(Index, Depth)) {
        Kind->Value = Device::cuda(*Ordinal);
        return Kind;
      }
      // cuda:<run-time index>: some GPU, which one is chosen at run time.
      std::string T = text(Index, Ctx);
      if (T.empty())
        return std::nullopt;
      Kind->Value = Device::cudaAtRunTime(
          "index:" + T, "the CUDA device of index '" + T + "'", "");
      return Kind;
    }
    return Kind;
  }
  if (const auto *CO = dyn_cast<ConditionalOperator>(E)) {
    // A run-time choice spelled inline: identical spellings agree.
    std::string T = text(CO, Ctx);
    if (T.empty())
      return std::nullopt;
    F.Value =
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
          Init && Init->Value.Kind != Device::Symbolic) {
        Init->Value.FixText = VD->getNameAsString();
        Init->Value.Var = VD;
        return Init;
      }
    // A local built as a constant device (`torch::Device cpu(torch::kCPU)`,
    // `torch::Device gpu1(torch::kCUDA, 1)`) and never changed is that
    // device, not a run-time choice, const or not.
    if (VD->hasInit() && VD->isLocalVarDecl() && !isMutatedLocal(VD))
      if (std::optional<DeviceFact> Init =
              evalDevice(VD->getInit(), S, Depth + 1);
          Init && Init->Value.Kind != Device::Symbolic)
        return heldBy(*Init, VD, VD->getNameAsString(),
                      ", chosen at run time at line " +
                          std::to_string(lineOf(VD->getLocation(), Ctx)));
    // A parameter that every call in view fills with one known device.
    if (const auto *P = dyn_cast<ParmVarDecl>(VD))
      if (std::optional<DeviceFact> Known = parameterValue(P, S, Depth))
        return heldBy(*Known, P, P->getNameAsString());
    if (!isa<ParmVarDecl>(VD) && VD->hasInit() && !VD->isLocalVarDecl())
      return Var;
    std::string Line = std::to_string(lineOf(VD->getLocation(), Ctx));
    Var.Value.Spelling =
        "'" + VD->getNameAsString() + "'" +
        (isa<ParmVarDecl>(VD) ? "" : ", chosen at run time at line " + Line);
    return Var;
  }
  if (const auto *ME = dyn_cast<MemberExpr>(E)) {
    // A device member (this->device_): a run-time choice held by the object,
    // unless every value the unit writes to it is the CPU (a configuration
    // struct whose device is fixed to kCPU, a trainer built from it).
    if (const auto *Field = dyn_cast<FieldDecl>(ME->getMemberDecl());
        Field && api::isDeviceType(ME->getType())) {
      if (std::optional<DeviceFact> Known = knownField(Field, S, Depth)) {
        std::string Name = text(ME, Ctx);
        DeviceFact Held = heldBy(*Known, spelledThrough(ME), Name);
        if (!Held.Needs.empty() && !Name.empty())
          Held.Value.Spelling = "'" + Name + "'";
        return Held;
      }
      return symbolicVar(Field, false);
    }
    return std::nullopt;
  }
  if (const auto *MC = dyn_cast<CXXMemberCallExpr>(E)) {
    // x.device() is wherever x is, when that is known.
    if (api::tensorMethod(MC->getMethodDecl()) == api::TensorMethod::Device) {
      DeviceSet Of = evalTensor(MC->getImplicitObjectArgument(), S, Depth + 1);
      if (const DeviceFact *One = Of.single())
        return *One;
    }
  }
  if (const auto *CE = dyn_cast<CallExpr>(E))
    return deviceReturnedBy(CE, S, Depth);
  return std::nullopt;
}

/// The return expressions of Body, lambdas and local classes left out.
static void collectReturns(const Stmt *Body,
                           llvm::SmallVectorImpl<const Expr *> &Out,
                           bool &Bare) {
  if (!Body || isa<LambdaExpr>(Body))
    return;
  if (const auto *RS = dyn_cast<ReturnStmt>(Body)) {
    if (const Expr *V = RS->getRetValue())
      Out.push_back(V);
    else
      Bare = true;
    return;
  }
  for (const Stmt *Child : Body->children())
    collectReturns(Child, Out, Bare);
}

std::optional<DeviceFact>
FunctionAnalysis::deviceReturnedBy(const CallExpr *Call, const State &S,
                                   unsigned Depth) {
  // The user's own device-valued functions and getters (`agent.device()`,
  // `config::device()`): what every return of the body gives, in terms of
  // constants, the arguments and the object's device field. Anything else
  // (a local, a computation) is unknown, so stays silent.
  const FunctionDecl *Callee = Call->getDirectCallee();
  if (!Callee || Depth > 6 ||
      !api::isDeviceType(Callee->getReturnType().getNonReferenceType()) ||
      isTorchNamespaceFunction(Callee) || isInStd(Callee) ||
      api::isSystemHeaderDecl(Callee))
    return std::nullopt;
  const auto *MC = dyn_cast<CXXMemberCallExpr>(Call);
  const auto *MD = dyn_cast<CXXMethodDecl>(Callee);
  const Expr *Object = MC ? MC->getImplicitObjectArgument() : nullptr;
  if (MD && MD->isVirtual() && Object &&
      !MD->getDevirtualizedMethod(Object, /*IsAppleKext=*/false)) {
    // A virtual getter (`backend_->device()`): the join over the bodies
    // the unit defines for it. Overriders that disagree (the CPU backend's
    // kCPU, the CUDA backend's device_) make a device chosen at run time,
    // named by the call; one whose body is unknown leaves it unknown.
    llvm::SmallVector<const FunctionDecl *, 4> Defs;
    const FunctionDecl *Own = nullptr;
    if (MD->hasBody(Own) && !compat::isPureVirtual(MD))
      Defs.push_back(Own);
    for (const FunctionDecl *Def : Cache.overriders(MD))
      Defs.push_back(Def);
    if (Defs.empty())
      return std::nullopt;
    std::optional<DeviceFact> First;
    bool Agree = true;
    for (const FunctionDecl *Def : Defs) {
      std::optional<DeviceFact> Here = deviceOfBody(Call, Def, S, Depth);
      if (!Here)
        return std::nullopt;
      if (!First)
        First = std::move(Here);
      else if (!(Here->Value == First->Value))
        Agree = false;
    }
    if (Agree)
      return First;
    std::string T = text(Call, Ctx);
    if (T.empty())
      return std::nullopt;
    DeviceFact F;
    F.Value = Device::symbolic("expr:" + T, "'" + T + "'", "");
    return F;
  }
  const FunctionDecl *Def = nullptr;
  if (!Callee->hasBody(Def) || (MD && MD->isVirtual()) ||
      (MD && !MD->isStatic() && !MC))
    return std::nullopt;
  return deviceOfBody(Call, Def, S, Depth);
}

std::optional<DeviceFact>
FunctionAnalysis::deviceOfBody(const CallExpr *Call, const FunctionDecl *Def,
                               const State &S, unsigned Depth) {
  if (Def->isTemplated())
    return std::nullopt;
  const auto *MC = dyn_cast<CXXMemberCallExpr>(Call);
  bool OnThis =
      MC && isa<CXXThisExpr>(
                MC->getImplicitObjectArgument()->IgnoreParenImpCasts());
  llvm::SmallVector<const Expr *, 4> Values;
  bool Bare = false;
  collectReturns(Def->getBody(), Values, Bare);
  if (Values.empty() || Bare)
    return std::nullopt;
  // The arguments as written at the call (a member call's object is not one).
  llvm::ArrayRef<const Expr *> Args(Call->getArgs(), Call->getNumArgs());
  if (isa<CXXOperatorCallExpr>(Call) && isa<CXXMethodDecl>(Def) &&
      !Args.empty())
    Args = Args.drop_front();
  std::optional<DeviceFact> First;
  for (const Expr *V : Values) {
    V = api::ignoreWrappers(V);
    std::optional<DeviceFact> Here;
    const auto *DRE = dyn_cast<DeclRefExpr>(V);
    if (const auto *P =
            DRE ? dyn_cast<ParmVarDecl>(DRE->getDecl()) : nullptr) {
      if (P->getDeclContext() != Def ||
          P->getFunctionScopeIndex() >= Args.size())
        return std::nullopt;
      Here = evalDevice(Args[P->getFunctionScopeIndex()], S, Depth + 1);
    } else if (const auto *ME = dyn_cast<MemberExpr>(V)) {
      const auto *Field = dyn_cast<FieldDecl>(ME->getMemberDecl());
      if (!Field || !isa<CXXThisExpr>(ME->getBase()->IgnoreParenImpCasts()))
        return std::nullopt;
      if (OnThis) {
        Here = evalDevice(ME, S, Depth + 1);
      } else if (std::optional<DeviceFact> Known =
                     knownField(Field, S, Depth)) {
        // The field holds one device for every object: spelled as the
        // constant, or by the call where it was chosen at run time.
        Here = Known;
        if (Here->Value.Kind == Device::Cuda &&
            Here->Value.Index == Device::RunTimeOrdinal)
          Here->Value.FixText.clear();
        Here->Value.Var = nullptr;
      } else {
        // Another object's device field: a run-time choice, named by the
        // call, which is no name a fix-it elsewhere may use (no Var).
        std::string T = text(Call, Ctx);
        if (T.empty())
          return std::nullopt;
        DeviceFact F;
        F.Value = Device::symbolic("expr:" + T, "'" + T + "'", "");
        Here = F;
      }
    } else {
      // Constants and inline run-time choices mean the same anywhere.
      Here = evalDevice(V, State(), Depth + 1);
      if (Here && Here->Value.Var)
        return std::nullopt;
    }
    if (!Here || (First && !(Here->Value == First->Value)))
      return std::nullopt;
    if (!First)
      First = std::move(Here);
  }
  return First;
}

std::optional<DeviceSet>
FunctionAnalysis::evalOptions(const Expr *E, const State &S, unsigned Depth) {
  if (!E || Depth > 8)
    return DeviceSet();
  api::OptionsPart Part = api::optionsPart(E, api::OptionsField::Device);
  switch (Part.Kind) {
  case api::OptionsPart::Default:
    return std::nullopt;
  case api::OptionsPart::Value:
    if (std::optional<DeviceFact> F = evalDevice(Part.E, S, Depth + 1))
      return DeviceSet(*F);
    return DeviceSet();
  case api::OptionsPart::OfTensor:
    return evalTensor(Part.E, S, Depth + 1);
  case api::OptionsPart::Variable:
    if (Part.Var->hasInit() && !isa<ParmVarDecl>(Part.Var))
      return evalOptions(Part.Var->getInit(), S, Depth + 1);
    return DeviceSet();
  case api::OptionsPart::Member:
    // A TensorOptions member (options_ built by the constructor): what
    // every write the unit makes to it gives, when each names a device.
    if (const auto *Writes = Cache.deviceFieldWrites(
            cast<FieldDecl>(cast<MemberExpr>(Part.E)->getMemberDecl()))) {
      std::optional<DeviceSet> R;
      for (const Expr *W : *Writes) {
        std::optional<DeviceSet> One =
            W ? evalOptions(W, S, Depth + 1) : std::nullopt;
        if (!One || One->isUnknown())
          return DeviceSet();
        if (R)
          R->join(*One); // Unknown absorbs: start from the first write.
        else
          R = std::move(One);
      }
      return R ? *R : DeviceSet();
    }
    return DeviceSet();
  case api::OptionsPart::ElementType:
  case api::OptionsPart::Choice:
  case api::OptionsPart::Unknown:
    return DeviceSet();
  }
  return DeviceSet();
}

std::string FunctionAnalysis::moduleName(const Expr *Module) {
  return objectName(Module);
}

bool FunctionAnalysis::moduleMatters(const Expr *Module) {
  // A TorchScript module is a model: it has parameters.
  if (moduleHasState(moduleClassOf(Module->getType())) ||
      api::isScriptModuleType(Module->getType()))
    return true;
  // A loss built with a weight, here or by the constructor of this object.
  const ValueDecl *VD = trackedDecl(Module);
  if (const auto *F = dyn_cast_or_null<FieldDecl>(VD))
    if (Cache.isStatefulModuleField(F))
      return true;
  return VD && StatefulVars.count(VD);
}

DeviceSet FunctionAnalysis::evalModuleCall(const Expr *Call, const Expr *Module,
                                           llvm::ArrayRef<const Expr *> Args,
                                           const State &S, unsigned Depth) {
  DeviceSet Mod = moduleMatters(Module) ? stateOf(Module, S) : DeviceSet();
  // A module this function is given is wherever its callers put it; its
  // input says more of where the result is (the two agree, or the call
  // throws, which the operand check reports).
  if (const DeviceFact *One = Mod.single();
      One && One->Value.FollowsInput &&
      isa_and_nonnull<ParmVarDecl>(One->Value.Var) &&
      isModuleObjectType(cast<ParmVarDecl>(One->Value.Var)->getType()))
    Mod = DeviceSet();
  DeviceSet Result;
  if (const DeviceFact *One = Mod.single()) {
    Result = DeviceSet(*One);
  } else {
    for (const Expr *A : Args)
      if (api::isTensorType(A->getType())) {
        Result = evalTensor(A, S, Depth + 1);
        break;
      } else if (api::isScriptModuleType(Module->getType()) &&
                 tensorListOf(A)) {
        // A TorchScript module given std::vector<IValue>{x}.
        Result = evalContainer(A, S, Depth + 1);
        break;
      }
  }
  std::string Name = moduleName(Module);
  if (!Name.empty())
    Result.addStep(Call->getBeginLoc(), "is computed by '" + Name + "' here");
  return Result;
}

/// A call of the user's own function whose body is in another unit: its
/// tensor is on the CPU if that function returns a CPU tensor, which only
/// the project shows (FactKind::ReturnsCpu). A conflict found with it is
/// reported only then, with the note of the unit that shows it.
DeviceSet FunctionAnalysis::externalCall(const Expr *Call,
                                         const FunctionDecl *Callee) {
  std::string Key = api::projectKey(Callee);
  if (Key.empty() || isTorchNamespaceFunction(Callee) || isInStd(Callee) ||
      api::isSystemHeaderDecl(Callee) ||
      !ProvenanceCache::returnsTensors(Callee))
    return DeviceSet();
  DeviceFact F;
  F.Value = Device::cpu();
  F.Value.Key = Key;
  F.Birth = Call;
  F.Steps.push_back(
      {Call->getBeginLoc(), "is returned by '" + Callee->getNameAsString() +
                                "' here, defined in another file"});
  return DeviceSet(F);
}

DeviceSet FunctionAnalysis::evalValueArg(const Expr *E, const State &S,
                                         unsigned Depth) {
  if (std::optional<DeviceFact> F = evalDevice(E, S, Depth))
    return DeviceSet(*F);
  return DeviceSet();
}

DeviceSet FunctionAnalysis::evalUnsummarised(const Expr *Call,
                                             const FunctionDecl *Def,
                                             llvm::ArrayRef<const Expr *>,
                                             const State &, unsigned) {
  // A device fixed by the object's fields holds for calls on `this` only.
  const ReturnSummary &Sum = Cache.summary(Def);
  if (const auto *MC = dyn_cast<CXXMemberCallExpr>(Call))
    if (Sum.Kind == ReturnSummary::FixedOnThis &&
        isa<CXXThisExpr>(
            MC->getImplicitObjectArgument()->IgnoreParenImpCasts()))
      return DeviceSet(Sum.Fact);
  return DeviceSet();
}

DeviceSet FunctionAnalysis::evalFactory(const CallExpr *CE, const State &S,
                                        unsigned Depth) {
  const FunctionDecl *Callee = CE->getDirectCallee();
  llvm::StringRef Name = Callee->getName();
  // The options argument, when written, decides.
  const Expr *Options = optionsArgOf(CE);
  std::optional<DeviceSet> FromOptions =
      Options ? evalOptions(Options, S, Depth + 1) : std::nullopt;
  if (api::deviceBehaviour(Callee) == DeviceBehaviour::Like && !FromOptions)
    return evalTensor(CE->getArg(0), S, Depth + 1);
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
  F.Value = Scalar ? Device::scalar() : Device::cpu();
  F.Birth = CE;
  F.FromFactory = !Scalar;
  F.Steps.push_back({CE->getBeginLoc(), "is created on the CPU here ('" +
                                            Callee->getQualifiedNameAsString() +
                                            "' with no device)"});
  return DeviceSet(F);
}

DeviceSet FunctionAnalysis::evalCall(const CallExpr *CE, const State &S,
                                     unsigned Depth) {
  if (std::optional<DeviceSet> Common = dispatchCall(CE, S, Depth))
    return *Common;
  // Other torch:: operations: the result lives with the tensor inputs, or
  // with the tensors of a list (torch::stack(tensors), torch::cat({a, b})).
  for (const Expr *A : CE->arguments())
    if (api::isTensorType(A->getType()))
      return evalTensor(A, S, Depth + 1);
  for (const Expr *A : CE->arguments())
    if (const Expr *List = tensorListOf(A)) {
      DeviceSet R = evalContainer(List, S, Depth + 1);
      if (!R.isUnknown())
        return R;
      // torch::cat({z1, z2}) of several inputs: they must share a device
      // (a precondition of the call, checked at its callers), which the
      // result is on; the first stands for them.
      const Expr *Items = api::ignoreWrappers(List);
      if (const auto *IL = dyn_cast<CXXStdInitializerListExpr>(Items))
        Items = api::ignoreWrappers(IL->getSubExpr());
      const auto *Init = dyn_cast<InitListExpr>(Items);
      if (!Init || Init->getNumInits() == 0)
        return R;
      DeviceSet First;
      for (const Expr *Item : Init->inits()) {
        DeviceSet One = evalTensor(Item, S, Depth + 1);
        if (!One.single() || !One.single()->Value.FollowsInput)
          return R;
        if (First.isUnknown())
          First = One;
      }
      return First;
    }
  return DeviceSet();
}

DeviceSet FunctionAnalysis::parameterFacts(const ParmVarDecl *P) {
  // Inputs of a function: wherever the caller put them. Inside a module's
  // methods that is the module's device by convention. A container, pair
  // or struct of tensors holds what its caller put in, and so does a
  // TorchScript value (`unpack(const IValue &out)` of a module's result).
  if (api::isTensorType(P->getType()) || holdsTensors(P->getType()) ||
      api::isScriptValueType(P->getType()))
    return DeviceSet(symbolicVar(P, /*FollowsInput=*/true));
  return DeviceSet();
}

DeviceSet FunctionAnalysis::untrackedField(const ValueDecl *Field) {
  // rewards_ filled by collect() and read by update(): what every member
  // function appends.
  if (const auto *F = dyn_cast<FieldDecl>(Field))
    if (holdsTensors(F->getType()))
      return Cache.fieldElements(F);
  return DeviceSet();
}

DeviceSet FunctionAnalysis::memberFacts(const MemberExpr *ME) {
  const Expr *Base = ME->getBase()->IgnoreParenImpCasts();
  // A module's registered parameter or buffer, read in its own methods:
  // on the module's device, as its inputs are by the same convention. Not
  // in a constructor (or what one calls), where it is where it was made.
  if (const auto *F = dyn_cast<FieldDecl>(ME->getMemberDecl());
      F && InModule && isa<CXXThisExpr>(Base) &&
      !isa<CXXConstructorDecl>(FD) && Cache.isModuleState(F) &&
      !calledFromConstructor(cast<CXXMethodDecl>(FD))) {
    DeviceFact State;
    State.Value = Device::symbolic("module-state", "the module's device",
                                   F->getNameAsString(),
                                   /*FollowsInput=*/true);
    State.Value.Var = F;
    return DeviceSet(State);
  }
  // batch.data / batch.target from a data loader are CPU tensors.
  if (!api::isDataExampleType(Base->getType()))
    return DeviceSet();
  DeviceFact F;
  F.Value = Device::cpu();
  F.Birth = ME;
  F.Steps.push_back(
      {ME->getBeginLoc(), "comes from the data loader, on the CPU, here"});
  return DeviceSet(F);
}

DeviceSet FunctionAnalysis::evalOwn(const Expr *E, const State &S,
                                    unsigned Depth) {
  if (const auto *MC = dyn_cast<CXXMemberCallExpr>(E)) {
    // model->forward(x), v.at(i), the unit's own methods.
    if (std::optional<DeviceSet> Common = dispatchMethod(MC, S, Depth))
      return *Common;
    const CXXMethodDecl *MD = MC->getMethodDecl();
    const Expr *Object = MC->getImplicitObjectArgument();
    api::TensorMethod M = api::tensorMethod(MD);
    // A full reduction (x.mean(), x.sum()) copied to the CPU is a 0-dim CPU
    // tensor, which may join any device like a number.
    if ((M == api::TensorMethod::Cpu || M == api::TensorMethod::To) &&
        isZeroDim(Object)) {
      DeviceSet Moved =
          M == api::TensorMethod::Cpu
              ? DeviceSet(
                    DeviceFact{Device::cpu(), {}, nullptr, false, false, {}})
              : (MC->getNumArgs() >= 1 &&
                         !api::isTensorType(MC->getArg(0)->getType())
                     ? evalOptions(MC->getArg(0), S, Depth + 1)
                           .value_or(DeviceSet())
                     : DeviceSet());
      if (const DeviceFact *One = Moved.single();
          One && One->Value.Kind == Device::Cpu) {
        DeviceFact F;
        F.Value = Device::scalar();
        return DeviceSet(F);
      }
    }
    if (api::deviceBehaviour(MD) == DeviceBehaviour::Move) {
      std::optional<DeviceSet> Moved;
      if (M == api::TensorMethod::TypeAs && MC->getNumArgs() >= 1) {
        Moved = evalTensor(MC->getArg(0), S, Depth + 1);
      } else if (M == api::TensorMethod::Cpu) {
        DeviceFact F;
        F.Value = Device::cpu();
        Moved = DeviceSet(F);
      } else if (M == api::TensorMethod::Cuda) {
        DeviceFact F;
        F.Value = currentCuda();
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
                              ? shortSpelling(Moved->single()->Value)
                              : std::string("another device");
      Moved->addStep(MC->getExprLoc(), "is moved to " + Where + " here");
      return *Moved;
    }
    // A full reduction of a CPU tensor (h.sum(), h.std().clamp_min(1e-6))
    // is a 0-dim CPU tensor, which may join any device like a number.
    // Every other method computes on the receiver's device.
    DeviceSet R = evalTensor(Object, S, Depth + 1);
    if (const DeviceFact *One = R.single();
        One && One->Value.Kind == Device::Cpu && isZeroDim(MC)) {
      DeviceFact F;
      F.Value = Device::scalar();
      return DeviceSet(F);
    }
    return R;
  }

  if (const auto *OC = dyn_cast<CXXOperatorCallExpr>(E)) {
    if (std::optional<DeviceSet> Common = dispatchOperator(OC, S, Depth))
      return *Common;
    // Arithmetic: where the non-scalar operand lives.
    for (const Expr *A : OC->arguments())
      if (api::isTensorType(A->getType())) {
        DeviceSet R = evalTensor(A, S, Depth + 1);
        const DeviceFact *One = R.single();
        if (!One || One->Value.Kind != Device::Scalar)
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

DeviceSet FunctionAnalysis::newModule(const ValueDecl *VD, const Expr *Init,
                                      SourceLocation Loc, const State &St) {
  const Expr *Stripped = api::ignoreWrappers(Init);
  // A braced or parenthesised list without a type of its own (a member
  // initialiser's ParenListExpr) says nothing about the module.
  if (!Stripped || Stripped->getType().isNull())
    return DeviceSet();
  // A loss given a weight holds that very tensor as its buffer: the module
  // is where the weight is.
  if (!isa<DeclRefExpr>(Stripped) && !isa<MemberExpr>(Stripped))
    if (llvm::SmallVector<const Expr *, 2> Weights = optionTensors(Init);
        !Weights.empty()) {
      StatefulVars.insert(VD);
      if (const auto *F = dyn_cast<FieldDecl>(VD))
        Cache.noteStatefulModuleField(F);
      DeviceSet W = evalTensor(Weights.front(), St);
      W.addStep(Weights.front()->getBeginLoc(), "is given to '" +
                                                    VD->getNameAsString() +
                                                    "' as its weight here");
      W.nameSubject(text(Weights.front(), Ctx));
      return W;
    }
  // target = online->clone(): where online's parameters are now; clone(d)
  // puts the copy on d.
  if (const CXXMemberCallExpr *Clone = api::moduleCloneOf(Stripped)) {
    const Expr *Source = Clone->getImplicitObjectArgument();
    DeviceSet D;
    if (Clone->getNumArgs() >= 1 && !isa<CXXDefaultArgExpr>(Clone->getArg(0)))
      D = evalOptions(Clone->getArg(0), St, 1).value_or(DeviceSet());
    else if (Source && moduleMatters(Source))
      D = stateOf(Source, St);
    if (!D.isUnknown())
      D.addStep(Clone->getExprLoc(), "is cloned from '" + moduleName(Source) +
                                         "' here, with its parameters");
    return D;
  }
  // net_(build_network(cfg)): a module the project's own function builds
  // and returns is where that function leaves it.
  if (std::optional<DeviceSet> Built = builtModule(Stripped, St))
    return *Built;
  // Only a module built here is born on the CPU: a copy of another holder,
  // a cast or a getter names an existing one, wherever that is.
  if (!createsModule(Stripped) ||
      !(moduleHasState(moduleClassOf(VD->getType())) || StatefulVars.count(VD)))
    return DeviceSet();
  DeviceFact F;
  F.Value = Device::cpu();
  F.Steps.push_back(
      {Loc, "is created on the CPU here (modules are born on the CPU)"});
  return DeviceSet(F);
}

std::optional<DeviceSet> FunctionAnalysis::builtModule(const Expr *E,
                                                       const State &St) {
  // The holder copied or moved from the call's result.
  if (const auto *CE = dyn_cast<CXXConstructExpr>(E);
      CE && CE->getNumArgs() == 1 &&
      CE->getConstructor()->isCopyOrMoveConstructor())
    E = api::ignoreWrappers(CE->getArg(0));
  const auto *Call = dyn_cast<CallExpr>(E);
  const FunctionDecl *Callee = Call ? Call->getDirectCallee() : nullptr;
  if (!Callee || isa<CXXOperatorCallExpr>(Call) ||
      api::isInTorchNamespace(Callee) || isInStd(Callee) ||
      !isModuleValueType(Callee->getReturnType()) ||
      !moduleHasState(moduleClassOf(Callee->getReturnType())))
    return std::nullopt;
  if (const auto *MD = dyn_cast<CXXMethodDecl>(Callee); MD && MD->isVirtual())
    return std::nullopt;
  const FunctionDecl *Def = nullptr;
  DeviceFact F;
  F.Value = Device::cpu();
  if (Callee->hasBody(Def)) {
    // Its own new module, unmoved (a CPU its summary shows by itself).
    const ReturnSummary &Sum = Cache.summary(Def);
    if (Def == FD || Sum.Kind != ReturnSummary::Fixed ||
        Sum.Fact.Value.Kind != Device::Cpu || !Sum.Fact.Value.Key.empty() ||
        !Sum.Fact.Needs.empty())
      return std::nullopt;
    F.Steps = Sum.Fact.Steps;
    F.Steps.push_back({Call->getBeginLoc(), "is returned by '" +
                                                Callee->getNameAsString() +
                                                "' here, not moved"});
    return DeviceSet(F);
  }
  // Another unit's: a module is born on the CPU, which that unit does not
  // report, so the index's word is taken here.
  const FunctionSummary *Imported = Cache.imported(Callee);
  if (!Imported || Imported->Device != FunctionSummary::Form::Known)
    return std::nullopt;
  F.Steps.push_back(
      {Call->getBeginLoc(), importedStep(*Imported, Imported->DeviceOrigin) +
                                ", not moved"});
  return DeviceSet(F);
}

DeviceSet FunctionAnalysis::returnedModule(const Expr *Value,
                                           const State &St) {
  // return Net(cfg): a module built here, born on the CPU.
  const Expr *Stripped = api::ignoreWrappers(Value);
  if (createsModule(Stripped) &&
      moduleHasState(moduleClassOf(Value->getType()))) {
    DeviceFact F;
    F.Value = Device::cpu();
    F.Steps.push_back({Stripped->getBeginLoc(),
                       "is created on the CPU here (modules are born on the "
                       "CPU)"});
    return DeviceSet(F);
  }
  return evalTensor(Value, St);
}

DeviceSet FunctionAnalysis::scriptModule(const Expr *Init, SourceLocation Loc,
                                         const State &St) {
  const Expr *Stripped = api::ignoreWrappers(Init);
  // A copy of another TorchScript module shares its parameters.
  if (api::isScriptModuleType(Stripped->getType()) &&
      (isa<DeclRefExpr>(Stripped) || isa<MemberExpr>(Stripped)))
    return stateOf(Stripped, St);
  // torch::jit::load(path, device) puts every tensor on device; without a
  // device they come back where they were saved, which the code does not
  // show.
  std::optional<api::CheckpointLoad> Load =
      api::checkpointLoad(dyn_cast<CallExpr>(Stripped));
  if (!Load || !Load->Scripted || !Load->Device)
    return DeviceSet();
  std::optional<DeviceFact> F = evalDevice(Load->Device, St);
  if (!F)
    return DeviceSet();
  DeviceSet V(*F);
  V.addStep(Loc, "is loaded onto " + shortSpelling(F->Value) + " here");
  return V;
}

void FunctionAnalysis::noteAssignment(const CXXOperatorCallExpr *OC,
                                      DeviceSet &V) {
  std::string Path = pathNote(OC);
  if (!Path.empty())
    V.addStep(OC->getBeginLoc(), "is assigned here" + Path);
}

void FunctionAnalysis::transfer(const Stmt *S, State &St, bool Report) {
  if (Report) {
    checkSites(S, St);
    checkHostAccess(S, St);
    checkDeviceRequirements(S, St);
    recordCallArguments(S, St);
    noteFieldWrite(S, St);
  }

  if (transferShared(S, St))
    return;

  if (const auto *MC = dyn_cast<CXXMemberCallExpr>(S)) {
    const CXXMethodDecl *MD = MC->getMethodDecl();
    // A field of the class remembers every element appended, for the other
    // member functions (ProvenanceCache::fieldElements).
    if (isAppend(MC))
      if (const auto *F = dyn_cast_or_null<FieldDecl>(trackedDecl(
              api::ignoreWrappers(MC->getImplicitObjectArgument())))) {
        if (Report)
          Out->FieldAppends[F].push_back(appendedElement(MC, St));
        return;
      }
    if (appendToLocal(MC, St))
      return;
    // `t.to(device);` as a statement moves nothing; remember it so that the
    // crash it causes is reported once, as torch-discarded-move.
    if (MD && api::copiesToDevice(api::tensorMethod(MD)) &&
        api::isDiscardedValue(MC, Ctx))
      if (const ValueDecl *VD = trackedDecl(MC->getImplicitObjectArgument())) {
        auto It = St.find(VD);
        if (It != St.end())
          It->second.markDiscardedMove();
        return;
      }
    // model->to(device) moves parameters and buffers in place.
    // (RNN modules override Module::to.)
    if ((api::isModuleTo(MD) || api::isScriptModuleTo(MC)) &&
        MC->getNumArgs() >= 1) {
      const ValueDecl *Moved = trackedDecl(MC->getImplicitObjectArgument());
      if (!Moved)
        return;
      const Expr *Arg = MC->getArg(0);
      DeviceSet V;
      if (!api::isTensorType(Arg->getType()))
        if (std::optional<DeviceFact> F = evalDevice(Arg, St)) {
          V = DeviceSet(*F);
          V.addStep(MC->getExprLoc(),
                    "is moved to " + shortSpelling(F->Value) + " here");
        }
      assign(Moved, V, St);
    }
    return;
  }

  // torch::load(model, path, device) leaves the parameters on device: the
  // archive copies each loaded tensor into its parameter with set_data.
  // Without a device they are where the checkpoint was saved, which
  // torch-load-without-device speaks of; the state keeps what it had.
  if (const auto *CE = dyn_cast<CallExpr>(S)) {
    std::optional<api::CheckpointLoad> Load = api::checkpointLoad(CE);
    if (Load && !Load->Scripted && Load->Device && CE->getNumArgs() >= 1 &&
        isModuleValueType(CE->getArg(0)->getType()))
      if (const ValueDecl *Loaded = trackedDecl(CE->getArg(0)))
        if (std::optional<DeviceFact> F = evalDevice(Load->Device, St)) {
          DeviceSet V(*F);
          V.addStep(CE->getExprLoc(),
                    "is loaded onto " + shortSpelling(F->Value) + " here");
          assign(Loaded, V, St);
        }
    return;
  }

  if (const auto *RS = dyn_cast<ReturnStmt>(S); RS && Report)
    recordReturn(RS, St);
}

//===----------------------------------------------------------------------===//
// Operation sites.
//===----------------------------------------------------------------------===//

/// True when the user's module's forward() hands its parameter Index to a
/// LibTorch parameter that takes tensors on any device (the lengths of
/// pack_padded_sequence): that input is not one that meets the module's
/// parameters.
static bool forwardTakesAnyDevice(const CXXMethodDecl *Fwd, unsigned Index) {
  const FunctionDecl *Def = nullptr;
  if (!Fwd || api::isInTorchNamespace(Fwd) || !Fwd->hasBody(Def) ||
      Index >= Def->getNumParams())
    return false;
  struct Finder : RecursiveASTVisitor<Finder> {
    const ParmVarDecl *P = nullptr;
    bool Found = false;
    bool VisitCallExpr(CallExpr *CE) {
      const FunctionDecl *F = CE->getDirectCallee();
      if (!F || !api::isInTorchNamespace(F))
        return true;
      unsigned Shift = isa<CXXOperatorCallExpr>(CE) &&
                               isa<CXXMethodDecl>(F)
                           ? 1
                           : 0;
      for (unsigned I = Shift; I < CE->getNumArgs(); ++I)
        if (const auto *DRE =
                dyn_cast<DeclRefExpr>(api::ignoreWrappers(CE->getArg(I))))
          if (DRE->getDecl() == P && api::isAnyDeviceParam(F, I - Shift))
            Found = true;
      return !Found;
    }
  } F;
  F.P = Def->getParamDecl(Index);
  F.TraverseStmt(Def->getBody());
  return F.Found;
}

/// The definition a call runs when it is the unit's own code, and the
/// arguments that meet its parameters.
static const FunctionDecl *
userCallee(const Stmt *S, llvm::SmallVectorImpl<const Expr *> &Args) {
  const FunctionDecl *Callee = nullptr;
  if (const auto *OC = dyn_cast<CXXOperatorCallExpr>(S)) {
    if (OC->getOperator() != OO_Call || OC->getNumArgs() < 1)
      return nullptr;
    Callee = callOperatorOf(OC);
    Args.append(std::next(OC->arg_begin()), OC->arg_end());
  } else if (const auto *CE = dyn_cast<CallExpr>(S)) {
    Callee = CE->getDirectCallee();
    Args.append(CE->arg_begin(), CE->arg_end());
  }
  const FunctionDecl *Def = nullptr;
  if (!Callee || !Callee->hasBody(Def) || api::isInTorchNamespace(Def) ||
      isInStd(Def))
    return nullptr;
  return Def;
}

/// True when Arg holds only tensors created on the CPU: not a scalar, not
/// this function's own input, not a tensor whose CPU another unit must
/// confirm.
static bool isCpuArgument(const DeviceSet &Arg) {
  const DeviceFact *One = Arg.single();
  return One && One->Value.Kind == Device::Cpu && One->Value.Key.empty();
}

/// True when Arg is a tensor on the CPU, created in view or returned by
/// another file's function (which holds where the project shows it does).
static bool isCpuOrReturnedCpuArgument(const DeviceSet &Arg) {
  const DeviceFact *One = Arg.single();
  return One && One->Value.Kind == Device::Cpu;
}

/// True when Set is one device other than the CPU that FD itself picks: a
/// CUDA device or another accelerator, or a device field of FD's object
/// (what a backend's method returns on the device it loaded its module
/// onto). Not a caller's input, not a value resting on a project fact.
static bool isOwnDevice(const DeviceSet &Set, const FunctionDecl *FD) {
  const DeviceFact *One = Set.single();
  if (!One || !One->Needs.empty())
    return false;
  const Device &D = One->Value;
  if (D.Kind == Device::Cuda || D.Kind == Device::Accelerator)
    return true;
  const auto *MD = dyn_cast<CXXMethodDecl>(FD);
  return D.Kind == Device::Symbolic && !D.FollowsInput && D.Var && MD &&
         isa<FieldDecl>(D.Var) && D.Var->getDeclContext() == MD->getParent();
}

/// Records, for FactKind::PassesCpu, that this function hands Callee's
/// parameter Index the CPU tensors of Arg, if it does.
static void noteCpuArgument(std::vector<ExternalArgument> &Out,
                            const std::string &Key, const FunctionDecl *Callee,
                            unsigned Index, const Expr *Arg,
                            const DeviceSet &Value) {
  if (!Key.empty() && isCpuArgument(Value))
    Out.push_back({Key, Index, Arg, Callee->getNameAsString(), "the CPU",
                   /*Cpu=*/true});
}

void FunctionAnalysis::recordExternalArguments(const Stmt *S, const State &St) {
  const auto *CE = dyn_cast<CallExpr>(S);
  const FunctionDecl *Callee = CE ? CE->getDirectCallee() : nullptr;
  if (!Callee || isa<CXXOperatorCallExpr>(CE) || Callee->hasBody() ||
      isTorchNamespaceFunction(Callee) || isInStd(Callee) ||
      api::isSystemHeaderDecl(Callee))
    return;
  std::string Key = api::projectKey(Callee);
  if (Key.empty())
    return;
  for (unsigned I = 0; I < CE->getNumArgs() && I < Callee->getNumParams();
       ++I) {
    QualType T = Callee->getParamDecl(I)->getType();
    // A module is where its state says; a CPU one says nothing.
    const bool Module = isModuleObjectType(T);
    // A batch of CPU tensors: what the callee's conflicts with it need.
    if (!Module && holdsTensors(T)) {
      noteCpuArgument(Out->ExternalArgs, Key, Callee, I, CE->getArg(I),
                      evalContainer(CE->getArg(I), St, 0));
      continue;
    }
    if (!Module && !api::isTensorType(T))
      continue;
    // A tensor or a module on a device or a run-time device; the caller's
    // own input says nothing of where it is.
    DeviceSet Arg =
        Module ? stateOf(CE->getArg(I), St) : evalTensor(CE->getArg(I), St);
    if (!Module && isCpuArgument(Arg)) {
      noteCpuArgument(Out->ExternalArgs, Key, Callee, I, CE->getArg(I), Arg);
      continue;
    }
    const DeviceFact *One = Arg.single();
    if (!One || One->Value.Kind == Device::Cpu ||
        One->Value.Kind == Device::Scalar || One->Value.FollowsInput)
      continue;
    Out->ExternalArgs.push_back({Key, I, CE->getArg(I),
                                 Callee->getNameAsString(),
                                 One->Value.Spelling});
  }
}

void FunctionAnalysis::recordCallArguments(const Stmt *S, const State &St) {
  llvm::SmallVector<const Expr *, 4> Args;
  const FunctionDecl *Callee = userCallee(S, Args);
  if (!Callee)
    return recordExternalArguments(S, St);
  std::string Key = api::projectKey(Callee);
  for (unsigned I = 0; I < Args.size() && I < Callee->getNumParams(); ++I) {
    QualType T = Callee->getParamDecl(I)->getType();
    // A module handed on: where it is, for the callee's conflicts with it.
    if (isModuleObjectType(T)) {
      Out->CallArgs.push_back({Callee, I, stateOf(Args[I], St), Args[I]});
      continue;
    }
    if (!api::isTensorType(T) && !holdsTensors(T))
      continue;
    DeviceSet V = api::isTensorType(T) ? evalTensor(Args[I], St)
                                       : evalContainer(Args[I], St, 0);
    // batch.target handed to train_step(): a caller elsewhere may be the one
    // that makes the callee's body meet it with a device.
    noteCpuArgument(Out->ExternalArgs, Key, Callee, I, Args[I], V);
    Out->CallArgs.push_back({Callee, I, std::move(V), Args[I]});
  }
}

void FunctionAnalysis::noteParamCandidate(const Expr *Site,
                                          const std::string &Callee,
                                          const SiteOperand &A,
                                          const SiteOperand &B) {
  // Two of this function's inputs: a precondition for its callers, unless
  // one side is a full reduction, which joins any device as a number.
  if (const DeviceFact *I = A.Set.single(), *O = B.Set.single();
      I && O && I->Value.FollowsInput && O->Value.FollowsInput) {
    if (isZeroDim(A.Op.E) || isZeroDim(B.Op.E))
      return;
    const auto *P = dyn_cast_or_null<ParmVarDecl>(I->Value.Var);
    const auto *Q = dyn_cast_or_null<ParmVarDecl>(O->Value.Var);
    if (P && Q && P != Q && P->getDeclContext() == FD &&
        Q->getDeclContext() == FD) {
      DeviceRequirement R;
      R.Operation = Callee;
      R.Site = Site;
      requireSameDevice(P->getFunctionScopeIndex(), Q->getFunctionScopeIndex(),
                        R);
    }
    return;
  }
  for (auto [In, Other] : {std::pair(&A, &B), std::pair(&B, &A)}) {
    const DeviceFact *I = In->Set.single();
    const DeviceFact *O = Other->Set.single();
    // A device parameter of this function is the callers' to say as well;
    // they may pass the CPU there with the CPU tensors. One the constructor
    // was given (a field moved there, a module loaded onto it) is the
    // object's device.
    const auto *DeviceParam = dyn_cast_or_null<ParmVarDecl>(
        O ? O->Value.Var : nullptr);
    if (!I || !O || !I->Value.FollowsInput || O->Value.FollowsInput ||
        O->Value.Kind == Device::Cpu || O->Value.Kind == Device::Scalar ||
        (DeviceParam && DeviceParam->getDeclContext() == FD))
      continue;
    const auto *P = dyn_cast_or_null<ParmVarDecl>(I->Value.Var);
    if (!P || P->getDeclContext() != FD)
      continue;
    ParamCandidate C{Site, Callee, In->Op, Other->Op,
                     P->getFunctionScopeIndex()};
    C.Input.Fact = *I;
    C.Other.Fact = *O;
    Out->ParamCandidates.push_back(std::move(C));
    return;
  }
}

void FunctionAnalysis::requireSameDevice(unsigned Index, unsigned Other,
                                         const DeviceRequirement &Where) {
  if (Index > Other)
    std::swap(Index, Other);
  DeviceRequirement R = Where;
  R.Kind = DeviceRequirement::SameDevice;
  R.Index = Index;
  R.OtherIndex = Other;
  addRequirement(std::move(R));
}

void FunctionAnalysis::addRequirement(DeviceRequirement R) {
  // One precondition per parameter (or pair) and kind, its first site, and
  // a few per function.
  auto &Reqs = Out->DeviceRequires;
  if (Reqs.size() >= 8 || llvm::any_of(Reqs, [&](const DeviceRequirement &Q) {
        return Q.Kind == R.Kind && Q.Index == R.Index &&
               Q.OtherIndex == R.OtherIndex;
      }))
    return;
  Reqs.push_back(std::move(R));
}

/// True when D may be a GPU or another accelerator, whose memory the host
/// cannot read: a CUDA device, MPS and the like, or a device chosen at run
/// time. A function's input is its callers' to say.
static bool mayBeAccelerator(const Device &D) {
  return D.Kind == Device::Cuda || D.Kind == Device::Accelerator ||
         (D.Kind == Device::Symbolic && !D.FollowsInput);
}

bool FunctionAnalysis::reportOnDevice(DeviceConflict::KindTy Kind,
                                      const Expr *Site, std::string Callee,
                                      ConflictOperand Stray,
                                      const DeviceSet &V) {
  const DeviceFact *OnDevice = nullptr;
  for (const DeviceFact &F : V.facts())
    if (mayBeAccelerator(F.Value) && !F.Value.returnedElsewhere()) {
      OnDevice = &F;
      break;
    }
  // Code that picked its path by the tensor's device knows where it is.
  if (!OnDevice || api::underDeviceTest(Site, Ctx))
    return false;
  DeviceConflict C;
  C.Kind = Kind;
  C.Site = Site;
  C.Callee = std::move(Callee);
  C.Stray = std::move(Stray);
  C.Stray.Fact = *OnDevice;
  C.OnePath = V.facts().size() > 1;
  // A configuration's device that another unit sets to a GPU.
  C.Needs = OnDevice->Needs;
  ReportedSites.insert(Site);
  Out->Conflicts.push_back(std::move(C));
  return true;
}

void FunctionAnalysis::checkHostAccess(const Stmt *S, const State &St) {
  const auto *E = dyn_cast<Expr>(S);
  if (!E || ReportedSites.count(E))
    return;
  checkLoopAccess(E, St);
  if (ReportedSites.count(E))
    return;
  if (const auto *MC = dyn_cast<CXXMemberCallExpr>(E)) {
    api::HostAccess Access = api::hostAccessOf(MC);
    const Expr *Object = MC->getImplicitObjectArgument();
    if (Access == api::HostAccess::None || !Object ||
        !api::hostUseOf(MC, Ctx).Reads)
      return;
    Object = Object->IgnoreImpCasts();
    std::string Name = MC->getMethodDecl()->getName().str();
    DeviceSet V = evalTensor(Object, St);
    ConflictOperand Op{Object, text(api::ignoreWrappers(Object), Ctx), "self",
                       {}, false};
    if (reportOnDevice(DeviceConflict::HostRead, MC, Name, Op, V))
      return;
    // The function's input: a precondition its callers check, here or in
    // other units (checkDeviceRequirements).
    const ParmVarDecl *P = ownInput(V);
    if (P && !api::underDeviceTest(MC, Ctx)) {
      DeviceRequirement R;
      R.Kind = DeviceRequirement::OnHost;
      R.Index = P->getFunctionScopeIndex();
      R.Operation = Name;
      R.Site = MC;
      addRequirement(std::move(R));
    }
    return;
  }
  // from_blob(host, sizes, options.device(d)): the tensor claims that host
  // memory is on d.
  const auto *CE = dyn_cast<CallExpr>(E);
  const FunctionDecl *F = CE ? CE->getDirectCallee() : nullptr;
  if (!api::isFromBlob(F) || CE->getNumArgs() < 2)
    return;
  const Expr *Options = optionsArgOf(CE);
  std::optional<DeviceSet> V = Options ? evalOptions(Options, St, 0)
                                       : std::nullopt;
  const Expr *Data = CE->getArg(0);
  if (!V || V->isUnknown() || !api::isHostBuffer(Data, Ctx))
    return;
  ConflictOperand Op{Data, text(api::ignoreWrappers(Data), Ctx), "data", {},
                     false};
  std::string Callee = text(CE->getCallee(), Ctx);
  reportOnDevice(DeviceConflict::FromBlobDevice, CE,
                 Callee.empty() ? F->getQualifiedNameAsString() : Callee, Op,
                 *V);
}

namespace {
/// The device preconditions the project index gives for a function of
/// another unit.
std::vector<DeviceRequirement> importedDeviceRequirements(
    const FunctionSummary &S) {
  std::vector<DeviceRequirement> Out;
  for (const FunctionSummary::Requirement &Q : S.Requires) {
    using Kind = FunctionSummary::Requirement::KindTy;
    if (Q.Kind != Kind::OnHost &&
        (Q.Kind != Kind::SameDevice ||
         Q.Other != FunctionSummary::Form::FollowsArg))
      continue;
    DeviceRequirement R;
    if (Q.Kind == Kind::OnHost)
      R.Kind = DeviceRequirement::OnHost;
    R.Index = Q.Arg;
    R.OtherIndex = Q.OtherArg;
    R.Operation = Q.Operation;
    R.Where = Q.At.empty() ? S.File + ":" + std::to_string(Q.Line) : Q.At;
    Out.push_back(std::move(R));
  }
  return Out;
}
} // namespace

std::string FunctionAnalysis::siteWhere(const Expr *Site,
                                       const Expr *Call) const {
  const SourceManager &SM = Ctx.getSourceManager();
  SourceLocation Loc = SM.getExpansionLoc(Site->getExprLoc());
  bool SameFile =
      SM.getFileID(Loc) == SM.getFileID(SM.getExpansionLoc(Call->getBeginLoc()));
  return (SameFile ? "line "
                   : llvm::sys::path::filename(SM.getFilename(Loc)).str() +
                         ":") +
         std::to_string(SM.getExpansionLineNumber(Loc));
}

bool FunctionAnalysis::constructedOnDevice(const Device &Own,
                                           const Expr *Object,
                                           const State &St) {
  // A device of the class's own making (a CUDA device, a field another
  // unit sets) holds for every object.
  const auto *Param = dyn_cast_or_null<ParmVarDecl>(Own.Var);
  const auto *Ctor =
      Param ? dyn_cast<CXXConstructorDecl>(Param->getDeclContext()) : nullptr;
  if (!Ctor)
    return true;
  // A constructor's parameter: what this object's construction passed.
  const auto *VD = dyn_cast_or_null<VarDecl>(trackedDecl(Object));
  const Expr *Init =
      VD && VD->getInit() ? VD->getInit()->IgnoreImplicit() : nullptr;
  const auto *CE = dyn_cast_or_null<CXXConstructExpr>(Init);
  unsigned Index = Param->getFunctionScopeIndex();
  if (!CE ||
      CE->getConstructor()->getCanonicalDecl() != Ctor->getCanonicalDecl() ||
      Index >= CE->getNumArgs())
    return false;
  std::optional<DeviceFact> Passed = evalDevice(CE->getArg(Index), St);
  return Passed && mayBeAccelerator(Passed->Value);
}

void FunctionAnalysis::checkOverriders(const CXXMemberCallExpr *Call,
                                       const State &St) {
  const CXXMethodDecl *MD = Call->getMethodDecl();
  const Expr *Object = Call->getImplicitObjectArgument();
  if (!MD || !MD->isVirtual() || !Object)
    return;
  // A call on an object of a known class runs that class's method, whose
  // callers are not all in view (calls through the base may reach it): its
  // parameters that meet a device of its own are checked here, as at a
  // call through the base.
  llvm::SmallVector<const FunctionDecl *, 4> Defs;
  const FunctionDecl *Known = nullptr;
  if (const CXXMethodDecl *Devirtualized =
          MD->getDevirtualizedMethod(Object, /*IsAppleKext=*/false)) {
    if (!Devirtualized->hasBody(Known))
      return;
    Defs.push_back(Known);
  } else {
    llvm::append_range(Defs, Cache.overriders(MD));
  }
  for (const FunctionDecl *Def : Defs) {
    if (Def == FD || isa<CXXConstructorDecl>(FD) || isa<CXXDestructorDecl>(FD))
      continue;
    const auto *Class = cast<CXXMethodDecl>(Def)->getParent();
    // A parameter that meets a device in that overrider: a tensor created
    // on the CPU here fails there, whenever the object is one of those.
    for (const ParamCandidate &PC : Cache.paramCandidates(Def)) {
      if (PC.Index >= Call->getNumArgs() ||
          !api::isTensorType(Call->getArg(PC.Index)->getType()))
        continue;
      const Expr *Arg = Call->getArg(PC.Index);
      DeviceSet V = evalTensor(Arg, St);
      if (!isCpuOrReturnedCpuArgument(V))
        continue;
      // The object's own device, where the class was given it by the
      // construction in view: a backend built for the CPU takes CPU tensors.
      if (Known && !constructedOnDevice(PC.Other.Fact.Value, Object, St))
        continue;
      std::string Runs = Class->getNameAsString() + "::" +
                         Def->getNameAsString();
      std::string Where = siteWhere(PC.Site, Call);
      V.addStep(Arg->getBeginLoc(),
                "is passed to '" + MD->getNameAsString() + "' as '" +
                    paramNameOf(Def, PC.Index) + "' here; " +
                    (Known ? "there"
                           : "when '" + moduleName(Object) + "' is a '" +
                                 Class->getNameAsString() + "',") +
                    " '" + Runs + "' meets it with '" + PC.Other.Text +
                    "' at " + Where);
      DeviceSet O(PC.Other.Fact);
      std::vector<SiteOperand> Ops;
      Ops.push_back({{Arg, text(api::ignoreWrappers(Arg), Ctx),
                      paramNameOf(Def, PC.Index), {}, false},
                     std::move(V)});
      Ops.push_back({PC.Other, std::move(O)});
      checkOperands(Call, PC.Callee + "' in '" + Runs, Ops);
      if (ReportedSites.count(Call))
        return;
    }
  }
  if (!Known)
    checkImportedOverriders(Call, MD, St);
}

void FunctionAnalysis::checkImportedOverriders(const CXXMemberCallExpr *Call,
                                               const CXXMethodDecl *MD,
                                               const State &St) {
  if (isa<CXXConstructorDecl>(FD) || isa<CXXDestructorDecl>(FD))
    return;
  const Expr *Object = Call->getImplicitObjectArgument();
  llvm::ArrayRef<const Expr *> Args(Call->getArgs(), Call->getNumArgs());
  for (const auto &[Usr, Sum] : Cache.importedOverriders(MD)) {
    std::string Runs =
        (Sum->Class.empty() ? "" : Sum->Class + "::") + Sum->Name;
    std::string Where = Sum->File;
    // Two parameters that meet, or a host read, in that overrider.
    std::vector<DeviceRequirement> Reqs = importedDeviceRequirements(*Sum);
    checkRequirementList(Call, MD, Args, Reqs, St);
    if (ReportedSites.count(Call))
      return;
    // A parameter that meets a device the object holds: a tensor created
    // on the CPU here fails there, whenever the object is one of those.
    for (const FunctionSummary::Requirement &Q : Sum->Requires) {
      if (Q.Kind != FunctionSummary::Requirement::KindTy::OwnDevice ||
          Q.Arg >= Args.size() || Q.Arg >= MD->getNumParams() ||
          !api::isTensorType(Args[Q.Arg]->getType()))
        continue;
      const Expr *Arg = Args[Q.Arg];
      DeviceSet V = evalTensor(Arg, St);
      if (!isCpuOrReturnedCpuArgument(V))
        continue;
      llvm::StringRef Holder = Q.OtherText;
      Holder.consume_front("'");
      Holder.consume_back("'");
      V.addStep(Arg->getBeginLoc(),
                "is passed to '" + MD->getNameAsString() + "' as '" +
                    paramNameOf(MD, Q.Arg) + "' here; when '" +
                    moduleName(Object) + "' is a '" +
                    Sum->Class + "', '" + Runs + "' meets it with " +
                    Q.OtherText + " at " + Where + ":" +
                    std::to_string(Q.Line));
      DeviceFact Held;
      Held.Value = Device::symbolic("own:" + Usr + "#" + Holder.str(),
                                    Q.Device, "");
      std::vector<SiteOperand> Ops;
      Ops.push_back({{Arg, text(api::ignoreWrappers(Arg), Ctx),
                      paramNameOf(MD, Q.Arg), {}, false},
                     std::move(V)});
      Ops.push_back({{nullptr, Holder.str(), "", {}, false},
                     DeviceSet(Held)});
      checkOperands(Call, Q.Operation + "' in '" + Runs, Ops);
      if (ReportedSites.count(Call))
        return;
    }
  }
}

void FunctionAnalysis::checkDeviceRequirements(const Stmt *S, const State &St) {
  const auto *Call = dyn_cast<CallExpr>(S);
  if (!Call || ReportedSites.count(Call))
    return;
  if (const auto *MC = dyn_cast<CXXMemberCallExpr>(Call))
    checkOverriders(MC, St);
  llvm::SmallVector<const Expr *, 4> Args;
  const FunctionDecl *Def = userCallee(S, Args);
  std::vector<DeviceRequirement> Imported;
  const std::vector<DeviceRequirement> *Reqs = nullptr;
  if (Def) {
    // A constructor's calls of its own class's methods: analysing them now
    // would compute the class's field state before this constructor is
    // done; a recursive call sees its own preconditions half made.
    if (Def == FD)
      return;
    if (const auto *MD = dyn_cast<CXXMethodDecl>(Def);
        MD && isa<CXXConstructorDecl>(FD) &&
        MD->getParent() == cast<CXXMethodDecl>(FD)->getParent())
      return;
    Reqs = &Cache.deviceRequirements(Def);
  } else if (const FunctionDecl *Callee = Call->getDirectCallee();
             Callee && !isa<CXXOperatorCallExpr>(Call) &&
             !isTorchNamespaceFunction(Callee) && !isInStd(Callee)) {
    if (const FunctionSummary *Sum = Cache.imported(Callee)) {
      Imported = importedDeviceRequirements(*Sum);
      Reqs = &Imported;
      Def = Callee;
      Args.assign(Call->arg_begin(), Call->arg_end());
    }
  }
  if (Reqs)
    checkRequirementList(Call, Def, Args, *Reqs, St);
}

void FunctionAnalysis::checkRequirementList(
    const CallExpr *Call, const FunctionDecl *Def,
    llvm::ArrayRef<const Expr *> Args,
    llvm::ArrayRef<DeviceRequirement> Reqs, const State &St) {
  for (const DeviceRequirement &R : Reqs) {
    if (R.Index >= Args.size() || R.OtherIndex >= Args.size() ||
        R.Index >= Def->getNumParams() || R.OtherIndex >= Def->getNumParams())
      continue;
    std::string Name = Def->getNameAsString();
    std::string Where = R.Site ? siteWhere(R.Site, Call) : R.Where;
    if (R.Kind == DeviceRequirement::OnHost) {
      checkHostRequirement(Call, Def, R, Args[R.Index], Where, St);
      if (ReportedSites.count(Call))
        return;
      continue;
    }
    std::vector<SiteOperand> Ops;
    for (auto [Mine, Theirs] : {std::pair(R.Index, R.OtherIndex),
                                std::pair(R.OtherIndex, R.Index)}) {
      const Expr *Arg = Args[Mine];
      if (!api::isTensorType(Arg->getType()))
        break;
      DeviceSet V = evalTensor(Arg, St);
      if (V.isUnknown())
        break;
      std::string Param = paramNameOf(Def, Mine);
      // The call, and where the callee makes the two meet.
      V.addStep(Arg->getBeginLoc(),
                "is passed to '" + Name + "' as '" + Param +
                    "' here, where it meets '" + paramNameOf(Def, Theirs) +
                    "' in '" + R.Operation + "' at " + Where);
      std::string ArgText = text(api::ignoreWrappers(Arg), Ctx);
      Ops.push_back({{Arg, ArgText, Param, {}, false}, std::move(V)});
    }
    if (Ops.size() == 2)
      checkOperands(Call, R.Operation + "' in '" + Name, Ops);
    if (ReportedSites.count(Call))
      return;
  }
}

void FunctionAnalysis::checkLoopAccess(const Expr *E, const State &St) {
  const auto *MC = dyn_cast<CXXMemberCallExpr>(E);
  const auto *OC = dyn_cast<CXXOperatorCallExpr>(E);
  const CXXMethodDecl *MD = MC ? MC->getMethodDecl() : nullptr;
  // t[i].item<float>(), or t[i][j] = v (a fill_ of one element).
  const Expr *Element = nullptr;
  std::string Callee;
  if (MD && api::tensorMethod(MD) == api::TensorMethod::Item) {
    Element = MC->getImplicitObjectArgument();
    Callee = MD->getName().str();
  } else if (OC && OC->getOperator() == OO_Equal && OC->getNumArgs() == 2 &&
             api::isTensorType(OC->getArg(0)->getType()) &&
             !api::isTensorType(
                 api::ignoreWrappers(OC->getArg(1))->getType())) {
    // A number written into one element (a fill_ per element); a row
    // copied from another tensor is one operation per row.
    Element = OC->getArg(0);
    Callee = "operator=";
  }
  const bool Transfer =
      MD && (api::tensorMethod(MD) == api::TensorMethod::To ||
             api::tensorMethod(MD) == api::TensorMethod::Cuda);
  if (!Element && !Transfer)
    return;
  const Stmt *Loop = api::enclosingLoop(E, Ctx);
  // A loop over the rows of a batch of one pays once either way.
  if (!Loop || runsAtMostOnce(Loop, Ctx))
    return;
  if (Element) {
    llvm::SmallVector<const Expr *, 2> Indices;
    const Expr *Tensor = api::indexedTensor(Element, Indices);
    if (!Tensor || api::variesIn(Tensor, Loop) ||
        llvm::none_of(Indices,
                      [&](const Expr *I) { return api::variesIn(I, Loop); }))
      return;
    ConflictOperand Op{Tensor, text(Tensor, Ctx), "", {}, false};
    if (reportOnDevice(DeviceConflict::LoopAccess, E, Callee, Op,
                       evalTensor(Tensor, St)))
      Out->Conflicts.back().Loop = Loop;
    return;
  }
  // x.to(device) of a CPU tensor the loop never changes: the same copy on
  // every iteration. (`x.to(device);` alone is torch-discarded-move's.)
  if (api::isDiscardedValue(MC, Ctx))
    return;
  // A local, or a field of this object (anchors built by the constructor).
  const Expr *Moved = api::ignoreWrappers(MC->getImplicitObjectArgument());
  const ValueDecl *VD = nullptr;
  if (const auto *DRE = dyn_cast<DeclRefExpr>(Moved))
    VD = dyn_cast<VarDecl>(DRE->getDecl());
  else if (const auto *ME = dyn_cast<MemberExpr>(Moved);
           ME && isa<CXXThisExpr>(ME->getBase()->IgnoreParenImpCasts()))
    VD = dyn_cast<FieldDecl>(ME->getMemberDecl());
  if (!VD || api::writtenIn(VD, Loop, [](const CXXMemberCallExpr *Call) {
        return api::isInPlaceTensorMethod(Call->getMethodDecl());
      }))
    return;
  DeviceSet V = evalTensor(Moved, St);
  const DeviceFact *Cpu = V.single();
  if (!Cpu || Cpu->Value.Kind != Device::Cpu || !Cpu->Needs.empty() ||
      Cpu->Value.returnedElsewhere())
    return;
  std::optional<DeviceFact> Target;
  if (api::tensorMethod(MD) == api::TensorMethod::Cuda) {
    Target.emplace();
    Target->Value = currentCuda();
  } else if (MC->getNumArgs() >= 1 &&
             !api::isTensorType(MC->getArg(0)->getType())) {
    Target = evalDevice(MC->getArg(0), St);
  }
  if (!Target || !mayBeAccelerator(Target->Value) ||
      !Target->Needs.empty() || api::underDeviceTest(MC, Ctx))
    return;
  DeviceConflict C;
  C.Kind = DeviceConflict::LoopTransfer;
  C.Site = MC;
  C.Callee = MD->getName().str();
  C.Stray = {Moved, VD->getNameAsString(), "", *Cpu, false};
  C.Other.Fact = *Target;
  C.Other.Text = MC->getNumArgs() >= 1 ? text(MC->getArg(0), Ctx) : "";
  C.Loop = Loop;
  ReportedSites.insert(MC);
  Out->Conflicts.push_back(std::move(C));
}

void FunctionAnalysis::checkHostRequirement(const CallExpr *Call,
                                            const FunctionDecl *Def,
                                            const DeviceRequirement &R,
                                            const Expr *Arg,
                                            const std::string &Where,
                                            const State &St) {
  if (!api::isTensorType(Arg->getType()))
    return;
  DeviceSet V = evalTensor(Arg, St);
  if (V.isUnknown())
    return;
  std::string Name = Def->getNameAsString();
  std::string Param = paramNameOf(Def, R.Index);
  DeviceSet Steps = V;
  Steps.addStep(Arg->getBeginLoc(), "is passed to '" + Name + "' as '" +
                                        Param + "' here, where '" +
                                        R.Operation +
                                        "' reads it on the host at " + Where);
  ConflictOperand Op{Arg, text(api::ignoreWrappers(Arg), Ctx), Param, {},
                     false};
  if (reportOnDevice(DeviceConflict::HostRead, Call,
                     R.Operation + "' in '" + Name, Op, Steps))
    return;
  // Our own input, handed on: our callers' to check.
  if (const ParmVarDecl *P = ownInput(V)) {
    DeviceRequirement Mine = R;
    Mine.Index = P->getFunctionScopeIndex();
    Mine.Site = R.Site;
    Mine.Where = R.Site ? "" : Where;
    addRequirement(std::move(Mine));
  }
}

void FunctionAnalysis::checkSites(const Stmt *S, const State &St) {
  const auto *E = dyn_cast<Expr>(S);
  if (!E || ReportedSites.count(E))
    return;
  std::vector<ConflictOperand> Ops;
  std::string Callee;
  const Expr *Module = nullptr;
  auto AddTensor = [&](const Expr *A, std::string Param) {
    A = A->IgnoreParens();
    // Tensor lists written as {a, b} (torch::cat, torch::stack).
    const Expr *Stripped = api::ignoreWrappers(A);
    if (const auto *IL = dyn_cast<CXXStdInitializerListExpr>(Stripped))
      Stripped = api::ignoreWrappers(IL->getSubExpr());
    // The items of {x, y} given to a TorchScript module are IValues.
    auto AddItems = [&](const InitListExpr *List) {
      for (const Expr *Item : List->inits())
        if (api::isTensorType(api::ignoreWrappers(Item)->getType()))
          Ops.push_back({Item, text(Item, Ctx), Param, {}, false});
    };
    if (const auto *List = dyn_cast<InitListExpr>(Stripped)) {
      AddItems(List);
      return;
    }
    if (const auto *CE = dyn_cast<CXXConstructExpr>(Stripped);
        CE && CE->getNumArgs() == 1)
      if (const auto *IL = dyn_cast<CXXStdInitializerListExpr>(
              api::ignoreWrappers(CE->getArg(0))))
        if (const auto *List =
                dyn_cast<InitListExpr>(api::ignoreWrappers(IL->getSubExpr()))) {
          AddItems(List);
          return;
        }
    if (api::isTensorType(A->getType()))
      Ops.push_back({A, text(api::ignoreWrappers(A), Ctx), Param, {}, false});
    // lstm->forward(x, state): a tuple of tensors handed to a module.
    else if (Module && api::isTensorContainerType(Stripped->getType()))
      Ops.push_back({Stripped, text(Stripped, Ctx), Param, {}, false});
  };

  if (std::optional<api::ScriptModuleCall> SC = api::scriptModuleCall(E)) {
    // A TorchScript module's inputs: IValues, a braced list or a vector.
    Module = SC->Module;
    Callee = moduleName(Module);
    for (const Expr *A : SC->Args)
      AddTensor(A, "");
  } else if (const auto *OC = dyn_cast<CXXOperatorCallExpr>(E)) {
    OverloadedOperatorKind K = OC->getOperator();
    if (K == OO_Call && OC->getNumArgs() >= 1 &&
        isModuleValueType(OC->getArg(0)->getType())) {
      Module = OC->getArg(0);
      Callee = text(Module, Ctx);
      const CXXMethodDecl *Fwd = forwardOf(Module->getType());
      for (unsigned I = 1; I < OC->getNumArgs(); ++I)
        AddTensor(OC->getArg(I), paramNameOf(Fwd, I - 1));
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
    if (api::isModuleForward(MD)) {
      Module = Object;
      Callee = moduleName(Object);
      for (unsigned I = 0; I < MC->getNumArgs(); ++I)
        if (!forwardTakesAnyDevice(MD, I))
          AddTensor(MC->getArg(I), paramNameOf(MD, I));
    } else if (api::isTensorType(Object->getType()) &&
               api::deviceBehaviour(MD) == DeviceBehaviour::Compute) {
      Callee = "Tensor::" + MD->getName().str();
      AddTensor(Object, "self");
      for (unsigned I = 0; I < MC->getNumArgs(); ++I)
        if (!api::isAnyDeviceParam(MD, I))
          AddTensor(MC->getArg(I), paramNameOf(MD, I));
    } else {
      return;
    }
  } else if (const auto *CE = dyn_cast<CallExpr>(E)) {
    const FunctionDecl *F = CE->getDirectCallee();
    if (!isTorchNamespaceFunction(F))
      return;
    if (api::deviceBehaviour(F) == DeviceBehaviour::NoDeviceOperation ||
        api::isFactoryCall(CE))
      return;
    // As the user wrote it (torch::cat, not at::cat; F::nll_loss).
    Callee = text(CE->getCallee(), Ctx);
    if (Callee.empty())
      Callee = F->getQualifiedNameAsString();
    for (unsigned I = 0; I < CE->getNumArgs(); ++I) {
      const Expr *A = CE->getArg(I);
      if (api::isAnyDeviceParam(F, I))
        continue;
      AddTensor(A, paramNameOf(F, I));
      if (api::isTensorType(A->getType()) || isa<CXXDefaultArgExpr>(A))
        continue;
      // F::cross_entropy(out, y, F::CrossEntropyFuncOptions().weight(w)):
      // the weight meets the input inside the call.
      for (const Expr *W : optionTensors(A))
        AddTensor(W, "weight");
    }
  } else {
    return;
  }

  std::vector<SiteOperand> Sited;
  if (Module) {
    DeviceSet M = stateOf(Module, St);
    if (moduleMatters(Module) && !M.isUnknown())
      Sited.push_back({{Module, moduleName(Module), "", {}, true}, M});
  }
  for (ConflictOperand &Op : Ops) {
    DeviceSet D = api::isTensorType(Op.E->getType())
                      ? evalTensor(Op.E, St)
                      : evalContainer(Op.E, St, 0);
    if (!D.isUnknown())
      Sited.push_back({Op, D});
  }
  if (Sited.size() >= 2)
    checkOperands(E, Callee, Sited);
}

void FunctionAnalysis::checkOperands(const Expr *Site,
                                     const std::string &Callee,
                                     const std::vector<SiteOperand> &Ops) {
  // A conflict that another unit must confirm (a CPU tensor of a function
  // defined elsewhere) is taken only where no certain one is: the site
  // reports one conflict, and the host may drop a conditional one.
  auto Conditional = [](const DeviceFact *F) {
    return F->Value.returnedElsewhere() || !F->Needs.empty();
  };
  for (int Pass = 0; Pass < 2; ++Pass)
    for (size_t I = 0; I < Ops.size(); ++I)
      for (size_t J = I + 1; J < Ops.size(); ++J) {
        // Move the CPU side; between a module and a tensor on two devices,
        // move the tensor; otherwise the later operand.
        std::optional<PairConflict<Device>> P =
            pairConflict(Ops[I].Set, Ops[J].Set, devicesConflict,
                         [&](const DeviceFact &A, const DeviceFact &B) {
                           bool ACpu = A.Value.Kind == Device::Cpu;
                           bool BCpu = B.Value.Kind == Device::Cpu;
                           return ACpu != BCpu ? ACpu : Ops[J].Op.IsModule;
                         });
        if (!P) {
          if (Pass == 0)
            noteParamCandidate(Site, Callee, Ops[I], Ops[J]);
          continue;
        }
        const DeviceFact *Stray = P->Stray, *Sure = P->Sure;
        size_t StrayIdx = P->FirstIsStray ? I : J;
        size_t OtherIdx = P->FirstIsStray ? J : I;
        if (Pass == 0 && (Conditional(Stray) || Conditional(Sure)))
          continue;
        // One bug, one diagnostic, in the unit. A stray with no birth
        // expression (a module's parameters, and what it computes) is known
        // by the step its story starts with, so the CPU output of a module
        // that has just failed on its input is not a second finding; nor is
        // a helper's CPU tensor, reported in the helper, when its result
        // meets the device again in the caller.
        const void *Origin = Stray->Birth;
        if (!Origin && !Stray->Steps.empty())
          Origin = Stray->Steps.front().Loc.getPtrEncoding();
        if (Origin && !Cache.firstDeviceReport(Origin))
          return;
        DeviceConflict C;
        C.Site = Site;
        C.Callee = Callee;
        C.between(Ops[StrayIdx].Op, *Stray, Ops[OtherIdx].Op, *Sure);
        C.OnePath = P->OnePath;
        // A factory of this very function that meets its input is the
        // factory rule's; one made elsewhere (a member the constructor
        // built, a helper's result) is an ordinary mismatch whose notes
        // walk back to it.
        C.Kind = Stray->FromFactory && Sure->Value.FollowsInput &&
                         bornInBody(static_cast<const Expr *>(Stray->Birth))
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

bool FunctionAnalysis::bornInBody(const Expr *Birth) const {
  const Stmt *Body = FD->getBody();
  if (!Birth || !Body)
    return false;
  const SourceManager &SM = Cache.context().getSourceManager();
  SourceLocation Loc = SM.getExpansionLoc(Birth->getBeginLoc());
  return SM.isPointWithin(Loc, SM.getExpansionLoc(Body->getBeginLoc()),
                          SM.getExpansionLoc(Body->getEndLoc()));
}

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
  // A constructor's member initialisers are the first facts of its fields.
  Options.AddInitializers = TrackedClass && isa<CXXConstructorDecl>(FD);
  std::unique_ptr<CFG> Graph = CFG::buildCFG(FD, Body, &Ctx, Options);
  if (!Graph)
    return false;

  FlowState Initial;
  // A member function of a tracked class starts from what the constructors
  // leave in the fields.
  if (TrackedClass && !isa<CXXConstructorDecl>(FD) &&
      !isa<CXXDestructorDecl>(FD))
    Initial.Device = Cache.classState(TrackedClass).Fields;
  // A module the function is given is wherever its callers put it, which
  // they decide (parameterMayBeOnDevice), as for a tensor.
  for (const ParmVarDecl *P : FD->parameters())
    if (isModuleObjectType(P->getType())) {
      DeviceFact F = symbolicVar(P, /*FollowsInput=*/true);
      F.Value.FixText.clear(); // A holder has no device() to name.
      Initial.Device[P] = DeviceSet(F);
    }
  Initial.Dtype = Dtypes->initialState();
  Returns.clear();
  ReturnsUnknown = false;
  std::optional<FlowState> ExitState;
  flow::DeadEdges Dead = flow::deadEdges(
      *Graph, [&](const Expr *Cond) { return fixedCondition(Cond); });
  if (!solve(*Graph, *this, Initial, ExitState, Dead))
    return false;
  Dtypes->finish(ExitState ? std::optional<DtypeState>(ExitState->Dtype)
                           : std::nullopt);
  Result.DtypeConflicts = std::move(Dtypes->Conflicts);
  Result.DtypeSum = Dtypes->Summary;
  Result.DtypeFields = std::move(Dtypes->Fields);

  // A constructor hands its fields to the other member functions.
  if (TrackedClass && isa<CXXConstructorDecl>(FD) && ExitState) {
    for (const auto &[VD, Set] : ExitState->Device)
      // A tensor the caller handed to the constructor is wherever that
      // caller put it: unknown to the other member functions.
      if (isa<FieldDecl>(VD) &&
          llvm::none_of(Set.facts(), [](const DeviceFact &F) {
            return F.Value.FollowsInput;
          }))
        Result.Fields[VD] = Set;
  }

  // The fields of a returned struct that are the function's own CPU
  // tensors (a batch whose labels were left behind).
  if (FieldReturnsSeen && !FieldsUnknown)
    for (const auto &[F, Set] : FieldReturns) {
      if (isCpuArgument(Set) && Set.single()->Needs.empty())
        Result.FieldReturns[F] = Set;
      else if (isOwnDevice(Set, FD))
        Result.HeldFieldReturns[F] = Set;
      else if (const DeviceFact *One = Set.single();
               One && One->Value.Kind == Device::Symbolic &&
               One->Value.FollowsInput && One->Needs.empty())
        if (const auto *P = dyn_cast_or_null<ParmVarDecl>(One->Value.Var);
            P && P->getDeclContext() == FD)
          Result.ArgFieldReturns[F] = P->getFunctionScopeIndex();
    }

  // The return summary.
  ReturnSummary &Sum = Result.Summary;
  if (!ReturnsUnknown && !Returns.empty()) {
    const DeviceFact *First = Returns.front().single();
    bool Agree = First && llvm::all_of(Returns, [&](const DeviceSet &R) {
                   return R.single() && R.single()->Value == First->Value;
                 });
    if (Agree) {
      const Device &D = First->Value;
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
                                  : ReturnSummary::FollowsValueArg;
        Sum.Index = Index;
      } else if (D.Kind != Device::Symbolic) {
        Sum.Kind = ReturnSummary::Fixed;
        Sum.Fact = *First;
      } else if (Var && isa<FieldDecl>(Var) && !D.FollowsInput &&
                 isa<CXXMethodDecl>(FD) &&
                 cast<CXXMethodDecl>(FD)->isInstance() &&
                 Var->getDeclContext() == FD->getDeclContext()) {
        // critic_->forward(x) on the class's `device_`: true of the object
        // the method runs on, so only for calls on `this`.
        Sum.Kind = ReturnSummary::FixedOnThis;
        Sum.Fact = *First;
      }
    }
  }
  return true;
}

} // namespace

ProvenanceCache::ProvenanceCache(ASTContext &Ctx) : Ctx(Ctx) {}

ProvenanceCache::~ProvenanceCache() = default;

ProvenanceCache::Result &ProvenanceCache::analyse(const FunctionDecl *FD) {
  auto It = Results.find(FD);
  if (It != Results.end())
    return *It->second;
  auto R = std::make_unique<Result>();
  Result &Ref = *R;
  // Recursion: the inner call sees FD's summary as unknown (silent). That
  // placeholder is kept apart from Results, so that the outer analysis, once
  // done, stores FD's real conflicts and summary instead of the placeholder.
  if (!InProgress.insert(FD).second) {
    RecursionPlaceholders.push_back(std::move(R));
    return Ref;
  }
  FunctionAnalysis A(*this, FD);
  if (!A.run(Ref))
    Ref = Result();
  InProgress.erase(FD);
  auto &Slot = Results[FD];
  Slot = std::move(R);
  return *Slot;
}

const std::vector<DeviceConflict> &
ProvenanceCache::conflicts(const FunctionDecl *FD) {
  Result &R = analyse(FD);
  if (!R.Kept) {
    R.Kept.emplace();
    for (const DeviceConflict &C : R.Conflicts) {
      if (inputReachesDevice(FD, C)) {
        R.Kept->push_back(C);
        continue;
      }
      // No caller here passes a device: one in another unit may.
      std::string Key = api::projectKey(FD);
      const auto *Param = dyn_cast_or_null<ParmVarDecl>(C.Other.Fact.Value.Var);
      if (Key.empty() || !Param)
        continue;
      R.Kept->push_back(C);
      R.Kept->back().Needs =
          facts::passesDevice(Key, Param->getFunctionScopeIndex());
    }
    // A parameter every caller fills with CPU tensors, meeting a device:
    // the conflict of a tensor born on the CPU in this body, with the
    // callers' steps. One finding per parameter, at its first site.
    llvm::SmallPtrSet<const Expr *, 4> Sites;
    for (const DeviceConflict &C : *R.Kept)
      Sites.insert(C.Site);
    llvm::SmallSet<unsigned, 4> Params;
    for (const ParamCandidate &PC : R.ParamCandidates) {
      if (Sites.count(PC.Site) || Params.count(PC.Index))
        continue;
      llvm::SmallPtrSet<const FunctionDecl *, 8> Visited;
      std::optional<DeviceFact> Cpu = parameterOnCpu(FD, PC.Index, Visited);
      // Callers out of view: real where some unit of the project passes a
      // tensor created on the CPU there (FactKind::PassesCpu).
      ProjectFact Needs;
      if (!Cpu && callersMayPassCpu(FD)) {
        Cpu.emplace();
        Cpu->Value = Device::cpu();
        Needs = facts::passesCpu(api::projectKey(FD), PC.Index);
      }
      if (!Cpu || !devicesConflict(Cpu->Value, PC.Other.Fact.Value))
        continue;
      Params.insert(PC.Index);
      Sites.insert(PC.Site);
      DeviceConflict C;
      C.Site = PC.Site;
      C.Callee = PC.Callee;
      C.Stray = PC.Input;
      C.Stray.Fact = std::move(*Cpu);
      // The fix moves the parameter's tensor where it meets the device:
      // the callers may rely on having it on the CPU.
      C.Stray.Fact.Birth = PC.Input.E;
      C.Other = PC.Other;
      C.Needs = std::move(Needs);
      R.Kept->push_back(std::move(C));
    }
  }
  return *R.Kept;
}

namespace {
/// Every call of the unit's own functions, by the definition it runs, with
/// the function that makes it.
class CallerIndex : public RecursiveASTVisitor<CallerIndex> {
public:
  llvm::DenseMap<const FunctionDecl *,
                 llvm::SmallVector<const FunctionDecl *, 2>>
      Callers;

  bool shouldVisitTemplateInstantiations() const { return true; }
  bool shouldVisitLambdaBody() const { return true; }

  // Library code calls no user function: skip system headers (LibTorch's
  // among them) when no traversal scope has been set by the host.
  bool TraverseDecl(Decl *D) {
    return api::isSystemHeaderDecl(D) || Base::TraverseDecl(D);
  }

  bool TraverseFunctionDecl(FunctionDecl *FD) {
    return within(FD, [&] { return Base::TraverseFunctionDecl(FD); });
  }
  bool TraverseCXXMethodDecl(CXXMethodDecl *MD) {
    return within(MD, [&] { return Base::TraverseCXXMethodDecl(MD); });
  }
  bool TraverseCXXConstructorDecl(CXXConstructorDecl *CD) {
    return within(CD, [&] { return Base::TraverseCXXConstructorDecl(CD); });
  }
  bool TraverseLambdaExpr(LambdaExpr *LE) {
    return within(LE->getCallOperator(),
                  [&] { return Base::TraverseLambdaExpr(LE); });
  }
  /// Every value the unit writes to each device-typed field: in-class and
  /// constructor initialisers, assignments; null for a write it cannot read
  /// (an initialiser list that may set the field, a non-const reference).
  llvm::DenseMap<const FieldDecl *, llvm::SmallVector<const Expr *, 2>>
      DeviceFieldWrites;

  bool VisitFieldDecl(FieldDecl *F) {
    if (isDeviceField(F) && F->hasInClassInitializer())
      DeviceFieldWrites[F].push_back(F->getInClassInitializer());
    return true;
  }
  bool VisitCXXConstructorDecl(CXXConstructorDecl *CD) {
    for (const CXXCtorInitializer *I : CD->inits())
      if (I->isWritten() && I->getMember() && isDeviceField(I->getMember()))
        DeviceFieldWrites[I->getMember()].push_back(I->getInit());
    return true;
  }
  bool VisitBinaryOperator(BinaryOperator *BO) {
    if (BO->getOpcode() == BO_Assign)
      noteAssignment(BO->getLHS(), BO->getRHS());
    return true;
  }
  bool VisitCXXOperatorCallExpr(CXXOperatorCallExpr *OC) {
    if (OC->getOperator() == OO_Equal && OC->getNumArgs() == 2)
      noteAssignment(OC->getArg(0), OC->getArg(1));
    return true;
  }
  bool VisitInitListExpr(InitListExpr *IL) {
    // Config{torch::kCUDA}, Config{.device = d}: may set any field.
    if (const auto *RD = IL->getType()->getAsCXXRecordDecl())
      for (const FieldDecl *F : RD->fields())
        if (isDeviceField(F) && F->getFieldIndex() < IL->getNumInits())
          DeviceFieldWrites[F].push_back(
              IL->isSemanticForm() ? IL->getInit(F->getFieldIndex())
                                   : nullptr);
    return true;
  }

  /// The arguments of every call and construction of the user's
  /// functions, by the definition it runs.
  llvm::DenseMap<const FunctionDecl *,
                 std::vector<llvm::SmallVector<const Expr *, 4>>>
      Sites;
  /// Classes a library template builds (std::make_unique<T>,
  /// v.emplace_back(...)): their constructors have callers out of view.
  llvm::SmallPtrSet<const CXXRecordDecl *, 4> BuiltByLibrary;
  bool HasMain = false;
  bool SetsCurrentDevice = false;
  bool CallsElsewhere = false;

  bool VisitFunctionDecl(FunctionDecl *FD) {
    if (FD->isMain() && FD->doesThisDeclarationHaveABody())
      HasMain = true;
    return true;
  }
  /// The definitions in the unit of each virtual function's overriders, by
  /// the canonical declaration of every function they override.
  llvm::DenseMap<const CXXMethodDecl *, llvm::SmallVector<const FunctionDecl *, 2>>
      Overriders;
  bool VisitCXXMethodDecl(CXXMethodDecl *MD) {
    if (!MD->isVirtual() || !MD->doesThisDeclarationHaveABody() ||
        MD->isDependentContext())
      return true;
    llvm::SmallVector<const CXXMethodDecl *, 4> Work(
        MD->overridden_methods().begin(), MD->overridden_methods().end());
    llvm::SmallPtrSet<const CXXMethodDecl *, 4> Seen;
    while (!Work.empty()) {
      const CXXMethodDecl *Base = Work.pop_back_val()->getCanonicalDecl();
      if (!Seen.insert(Base).second)
        continue;
      Overriders[Base].push_back(MD);
      Work.append(Base->overridden_methods().begin(),
                  Base->overridden_methods().end());
    }
    return true;
  }
  bool VisitCXXConstructExpr(CXXConstructExpr *CE) {
    const CXXConstructorDecl *Ctor = CE->getConstructor();
    llvm::StringRef Type = Ctor->getParent()->getName();
    // c10::cuda::CUDAGuard, c10::DeviceGuard, CUDAStreamGuard and their
    // optional forms set the current device.
    if (Type.ends_with("Guard") &&
        (Type.contains("Device") || Type.contains("CUDA")))
      SetsCurrentDevice = true;
    const FunctionDecl *Def = nullptr;
    if (Ctor->hasBody(Def) && !api::isSystemHeaderDecl(Def) &&
        !api::isInTorchNamespace(Def) && !isInStd(Def))
      Sites[Def].emplace_back(CE->arg_begin(), CE->arg_end());
    return true;
  }
  bool VisitCallExpr(CallExpr *CE) {
    const FunctionDecl *Callee = CE->getDirectCallee();
    if (!Callee || !Callee->getIdentifier())
      return true;
    llvm::StringRef Name = Callee->getName();
    if (Name == "set_device" || Name == "cudaSetDevice")
      SetsCurrentDevice = true;
    bool Library = api::isSystemHeaderDecl(Callee) || isInStd(Callee) ||
                   api::isInTorchNamespace(Callee);
    if (!Library && !Callee->hasBody() && !Callee->isImplicit())
      CallsElsewhere = true;
    if (!Library)
      return true;
    auto NoteTypes = [&](llvm::ArrayRef<TemplateArgument> Args) {
      for (const TemplateArgument &A : Args)
        if (A.getKind() == TemplateArgument::Type)
          if (const CXXRecordDecl *RD = A.getAsType()->getAsCXXRecordDecl())
            BuiltByLibrary.insert(RD->getCanonicalDecl());
    };
    if (const TemplateArgumentList *TA =
            Callee->getTemplateSpecializationArgs())
      NoteTypes(TA->asArray());
    if (const auto *MD = dyn_cast<CXXMethodDecl>(Callee))
      if (const auto *Spec =
              dyn_cast<ClassTemplateSpecializationDecl>(MD->getParent());
          Spec && (Name.starts_with("emplace") || Name == "resize"))
        NoteTypes(Spec->getTemplateArgs().asArray());
    return true;
  }

  bool VisitStmt(Stmt *S) {
    llvm::SmallVector<const Expr *, 4> Args;
    const FunctionDecl *Callee = isa<CallExpr>(S) ? userCallee(S, Args) : nullptr;
    if (!Callee)
      return true;
    Sites[Callee].push_back(Args);
    if (!isa<CXXOperatorCallExpr>(S))
      ++Calls[Callee];
    if (!Current.empty()) {
      auto &List = Callers[Callee];
      if (!llvm::is_contained(List, Current.back()))
        List.push_back(Current.back());
    }
    return true;
  }
  bool VisitDeclRefExpr(DeclRefExpr *DRE) {
    noteReference(DRE->getDecl());
    return true;
  }
  bool VisitMemberExpr(MemberExpr *ME) {
    noteReference(ME->getMemberDecl());
    return true;
  }

  /// True when FD's name is used other than as the callee of a call (its
  /// address taken, handed to std::function or an algorithm): then callers
  /// may be out of view.
  bool escapes(const FunctionDecl *FD) const {
    auto R = References.find(FD);
    auto C = Calls.find(FD);
    return (R == References.end() ? 0 : R->second) >
           (C == Calls.end() ? 0 : C->second);
  }

private:
  using Base = RecursiveASTVisitor<CallerIndex>;
  /// A field holding a device, or TensorOptions that may name one.
  static bool isDeviceField(const ValueDecl *D) {
    return isa<FieldDecl>(D) && (api::isDeviceType(D->getType()) ||
                                 api::isTensorOptionsType(D->getType()));
  }
  void noteAssignment(const Expr *Lhs, const Expr *Rhs) {
    if (const auto *ME = dyn_cast<MemberExpr>(Lhs->IgnoreParenImpCasts()))
      if (const auto *F = dyn_cast<FieldDecl>(ME->getMemberDecl());
          F && isDeviceField(F))
        DeviceFieldWrites[F].push_back(Rhs);
  }
  void noteReference(const ValueDecl *D) {
    const auto *Fn = dyn_cast_or_null<FunctionDecl>(D);
    const FunctionDecl *Def = nullptr;
    if (Fn && Fn->hasBody(Def))
      ++References[Def];
  }
  llvm::DenseMap<const FunctionDecl *, unsigned> References, Calls;
  template <typename Fn> bool within(const FunctionDecl *FD, Fn Traverse) {
    Current.push_back(FD);
    bool Ok = Traverse();
    Current.pop_back();
    return Ok;
  }
  std::vector<const FunctionDecl *> Current;
};
} // namespace

struct ProvenanceCache::CallerMap {
  CallerIndex Index;
};

ProvenanceCache::CallerMap &ProvenanceCache::callers() {
  if (!Callers) {
    Callers = std::make_unique<CallerMap>();
    Callers->Index.TraverseAST(Ctx);
  }
  return *Callers;
}

bool ProvenanceCache::everyCallInView(const FunctionDecl *Def) {
  if (Def->isTemplated() || Def->isTemplateInstantiation())
    return false;
  // A virtual method runs for calls through its base; a module's input is on
  // its device by convention (a CPU input is the caller's finding) and its
  // holder builds it inside LibTorch; a lambda runs wherever it was handed;
  // a class std::make_unique builds has constructions out of view.
  CallerIndex &CI = callers().Index;
  if (const auto *MD = dyn_cast<CXXMethodDecl>(Def)) {
    const CXXRecordDecl *RD = MD->getParent();
    if (MD->isVirtual() || api::isModuleClass(RD) || RD->isLambda())
      return false;
    if (isa<CXXConstructorDecl>(MD) &&
        CI.BuiltByLibrary.count(RD->getCanonicalDecl()))
      return false;
  }
  // Every caller is in view only for a function first declared in the main
  // file, whose name is never used but to call it.
  const SourceManager &SM = Ctx.getSourceManager();
  return SM.isInMainFile(
             SM.getExpansionLoc(Def->getCanonicalDecl()->getLocation())) &&
         !CI.escapes(Def);
}

const llvm::SmallVector<const Expr *, 2> *
ProvenanceCache::callArguments(const FunctionDecl *FD, unsigned Index) {
  const FunctionDecl *Def = FD;
  FD->hasBody(Def);
  if (Index >= Def->getNumParams() || !everyCallInView(Def))
    return nullptr;
  CallerIndex &CI = callers().Index;
  auto It = CI.Sites.find(Def);
  if (It == CI.Sites.end())
    return nullptr;
  auto [Slot, New] = ArgumentLists.try_emplace({Def, Index});
  if (New) {
    for (const auto &Args : It->second) {
      // A call that passes fewer arguments than declared goes through a
      // default argument, which Clang spells as an argument too.
      if (Index >= Args.size()) {
        Slot->second.reset();
        return nullptr;
      }
      if (!Slot->second)
        Slot->second.emplace();
      Slot->second->push_back(Args[Index]);
    }
  }
  return Slot->second ? &*Slot->second : nullptr;
}

bool ProvenanceCache::returnsTensors(const FunctionDecl *FD) {
  QualType T = FD->getReturnType();
  return !T->isReferenceType() && (api::isTensorType(T) || holdsTensors(T));
}

bool ProvenanceCache::wholeProgramInView() {
  const CallerIndex &CI = callers().Index;
  return CI.HasMain && !CI.CallsElsewhere;
}

bool ProvenanceCache::currentDeviceIsFirst() {
  return wholeProgramInView() && !callers().Index.SetsCurrentDevice;
}

bool ProvenanceCache::callersMayPassCpu(const FunctionDecl *FD) {
  const FunctionDecl *Def = FD;
  FD->hasBody(Def);
  if (api::projectKey(Def).empty() || Def->isTemplated() ||
      Def->isTemplateInstantiation())
    return false;
  // As parameterOnCpu: a virtual method may not be what a call runs, a
  // module's input is on its device by convention, a lambda has no name.
  if (const auto *MD = dyn_cast<CXXMethodDecl>(Def))
    if (MD->isVirtual() || api::isModuleClass(MD->getParent()) ||
        MD->getParent()->isLambda())
      return false;
  return true;
}

std::optional<DeviceFact> ProvenanceCache::parameterOnCpu(
    const FunctionDecl *FD, unsigned Index,
    llvm::SmallPtrSetImpl<const FunctionDecl *> &Visited) {
  const FunctionDecl *Def = FD;
  FD->hasBody(Def);
  if (!Visited.insert(Def).second || !everyCallInView(Def))
    return std::nullopt;
  CallerIndex &CI = callers().Index;
  auto It = CI.Callers.find(Def);
  if (It == CI.Callers.end())
    return std::nullopt;
  std::optional<DeviceFact> First;
  for (const FunctionDecl *Caller : It->second) {
    if (Caller == Def)
      return std::nullopt;
    bool Seen = false;
    for (const CallArgument &A : analyse(Caller).CallArgs) {
      if (A.Callee != Def || A.Index != Index)
        continue;
      Seen = true;
      const DeviceFact *F = A.Value.single();
      if (!F)
        return std::nullopt;
      std::optional<DeviceFact> Here;
      const auto *Forwarded = dyn_cast_or_null<ParmVarDecl>(F->Value.Var);
      if (F->Value.Kind == Device::Cpu)
        Here = *F;
      else if (F->Value.FollowsInput && Forwarded &&
               Forwarded->getDeclContext() == Caller)
        Here = parameterOnCpu(Caller, Forwarded->getFunctionScopeIndex(),
                              Visited);
      if (!Here)
        return std::nullopt;
      if (A.Arg) {
        // The caller's steps are about what it passes: a variable by its
        // name, anything else by the parameter it becomes.
        const Expr *Arg = api::ignoreWrappers(A.Arg);
        std::string Name = isa<DeclRefExpr, MemberExpr>(Arg)
                               ? api::sourceText(Arg, Ctx)
                               : Def->getParamDecl(Index)->getNameAsString();
        Here->Steps.push_back(
            {A.Arg->getBeginLoc(),
             "is passed to '" + Def->getNameAsString() + "' here"});
        for (ProvenanceStep &S : Here->Steps)
          if (S.Subject.empty())
            S.Subject = Name;
      }
      if (!First)
        First = std::move(Here);
    }
    // A call the caller's analysis did not reach says nothing.
    if (!Seen)
      return std::nullopt;
  }
  // A birth in another function is not this body's to fix (the caller's
  // factory may be right for its other uses).
  if (First) {
    First->Birth = nullptr;
    First->FromFactory = false;
  }
  return First;
}

bool ProvenanceCache::inputReachesDevice(const FunctionDecl *FD,
                                         const DeviceConflict &C) {
  // Only a conflict with a parameter's device depends on the callers.
  const Device &Input = C.Other.Fact.Value;
  const auto *Param = dyn_cast_or_null<ParmVarDecl>(Input.Var);
  if (!Input.FollowsInput || !Param)
    return true;
  llvm::SmallPtrSet<const FunctionDecl *, 8> Visited;
  return parameterMayBeOnDevice(FD, Param->getFunctionScopeIndex(), Visited);
}

bool ProvenanceCache::parameterMayBeOnDevice(
    const FunctionDecl *FD, unsigned Index,
    llvm::SmallPtrSetImpl<const FunctionDecl *> &Visited) {
  if (!Callers) {
    Callers = std::make_unique<CallerMap>();
    Callers->Index.TraverseAST(Ctx);
  }
  const FunctionDecl *Def = FD;
  FD->hasBody(Def);
  auto It = Callers->Index.Callers.find(Def);
  // Inside a module the input is on the module's device by convention:
  // forward() is called by LibTorch's own machinery, and so may be a
  // virtual method or one no call in view reaches. A helper method the
  // unit does call is read from those calls instead: one that only ever
  // gets CPU tensors (a positional encoding built from torch::arange in
  // init()) is evidence against the convention, and one that gets
  // forward()'s input follows it up the call graph.
  if (const auto *MD = dyn_cast<CXXMethodDecl>(Def);
      MD && api::isModuleClass(MD->getParent()) &&
      (MD->isVirtual() || !MD->getIdentifier() || api::isModuleForward(MD) ||
       It == Callers->Index.Callers.end()))
    return true;
  // A cycle of callers forwarding the tensor adds no device of its own.
  if (!Visited.insert(Def).second)
    return false;
  if (It == Callers->Index.Callers.end())
    return false; // No caller in view: nothing says the input is a device.
  // Some caller hands the parameter a tensor on a device (or on its own
  // run-time device): then the conflict is real on that path. A caller that
  // forwards its own parameter passes whatever its callers pass: the join
  // over call sites, followed up the call graph.
  for (const FunctionDecl *Caller : It->second) {
    if (Caller == Def)
      continue;
    for (const CallArgument &A : analyse(Caller).CallArgs) {
      if (A.Callee != Def || A.Index != Index)
        continue;
      for (const DeviceFact &F : A.Value.facts()) {
        if (F.Value.Kind == Device::Cpu || F.Value.Kind == Device::Scalar)
          continue;
        const auto *Forwarded = dyn_cast_or_null<ParmVarDecl>(F.Value.Var);
        if (F.Value.FollowsInput && Forwarded &&
            Forwarded->getDeclContext() == Caller &&
            !parameterMayBeOnDevice(Caller, Forwarded->getFunctionScopeIndex(),
                                    Visited))
          continue;
        return true;
      }
    }
  }
  return false;
}

namespace {
/// Sorts the uses of one container field in the bodies of its class: the
/// member functions that append to it, and whether any use may change it in
/// a way the appends do not describe (assigned, swapped, bound to a
/// non-const reference, written through a non-const accessor, changed in a
/// lambda).
class FieldUseScan : public RecursiveASTVisitor<FieldUseScan> {
public:
  FieldUseScan(const FieldDecl *F, ASTContext &Ctx) : F(F), Ctx(Ctx) {}

  void scan(const FunctionDecl *Fn) {
    Current = Fn;
    TraverseStmt(Fn->getBody());
  }

  bool VisitLambdaExpr(LambdaExpr *LE) {
    // Uses inside a lambda are not the method's own to summarise.
    if (mentions(LE->getBody()))
      Unknown = true;
    return true;
  }

  bool VisitMemberExpr(MemberExpr *ME) {
    if (ME->getMemberDecl() != F)
      return true;
    if (!isa<CXXThisExpr>(ME->getBase()->IgnoreParenImpCasts())) {
      Unknown = true; // another object's field: not this one's history
      return true;
    }
    classify(ME);
    return true;
  }

  llvm::SmallVector<const FunctionDecl *, 4> Appenders;
  bool Unknown = false;

private:
  bool mentions(const Stmt *S) {
    if (!S)
      return false;
    if (const auto *ME = dyn_cast<MemberExpr>(S); ME && ME->getMemberDecl() == F)
      return true;
    for (const Stmt *C : S->children())
      if (mentions(C))
        return true;
    return false;
  }

  void classify(const MemberExpr *Use) {
    // Climb through the wrappers that neither read nor write.
    DynTypedNode Node = DynTypedNode::create(*Use);
    const Expr *Child = Use;
    for (unsigned Steps = 0; Steps < 8; ++Steps) {
      DynTypedNodeList Parents = Ctx.getParents(Node);
      if (Parents.empty())
        return;
      Node = Parents[0];
      if (const auto *E = Node.get<Expr>();
          E && (isa<ImplicitCastExpr, ParenExpr, MaterializeTemporaryExpr,
                    CXXBindTemporaryExpr>(E))) {
        Child = E;
        continue;
      }
      break;
    }
    if (const auto *Callee = Node.get<MemberExpr>()) {
      // rewards_.push_back(x), rewards_.clear(), rewards_.size().
      const auto *MD = dyn_cast<CXXMethodDecl>(Callee->getMemberDecl());
      if (!MD || !MD->getIdentifier()) {
        Unknown = true;
        return;
      }
      llvm::StringRef N = MD->getName();
      if (N == "push_back" || N == "emplace_back") {
        if (!llvm::is_contained(Appenders, Current))
          Appenders.push_back(Current);
        return;
      }
      if (MD->isConst() ||
          llvm::is_contained({llvm::StringRef("clear"),
                              llvm::StringRef("pop_back"),
                              llvm::StringRef("reserve"),
                              llvm::StringRef("shrink_to_fit")},
                             N))
        return;
      Unknown = true; // insert, resize, swap, a mutable front() or begin()
      return;
    }
    if (const auto *OC = Node.get<CXXOperatorCallExpr>()) {
      // rewards_[t] through a const operator[] only.
      const auto *MD = dyn_cast_or_null<CXXMethodDecl>(OC->getCalleeDecl());
      if (!MD || !MD->isConst())
        Unknown = true;
      return;
    }
    if (const auto *UO = Node.get<UnaryOperator>()) {
      if (UO->getOpcode() == UO_AddrOf)
        Unknown = true;
      return;
    }
    if (const auto *For = Node.get<CXXForRangeStmt>()) {
      QualType T = For->getLoopVariable()->getType();
      if (T->isReferenceType() && !T.getNonReferenceType().isConstQualified())
        Unknown = true;
      return;
    }
    if (const auto *VD = Node.get<VarDecl>()) {
      QualType T = VD->getType();
      if (T->isReferenceType() && !T.getNonReferenceType().isConstQualified())
        Unknown = true;
      return;
    }
    if (const auto *CE = Node.get<CallExpr>()) {
      // Bound to a non-const reference parameter (std::swap, std::move into
      // another container, a helper that fills it).
      const FunctionDecl *Callee = CE->getDirectCallee();
      if (!Callee) {
        Unknown = true;
        return;
      }
      for (unsigned I = 0; I < CE->getNumArgs() && I < Callee->getNumParams();
           ++I)
        if (CE->getArg(I) == Child) {
          QualType T = Callee->getParamDecl(I)->getType();
          if (T->isReferenceType() &&
              !T.getNonReferenceType().isConstQualified())
            Unknown = true;
        }
      return;
    }
    if (Node.get<CXXConstructExpr>())
      return; // a copy, or at::TensorList viewing it: a read
    // Anything else (an assignment, a return by reference) may change it.
    Unknown = true;
  }

  const FieldDecl *F;
  ASTContext &Ctx;
  const FunctionDecl *Current = nullptr;
};
} // namespace

DeviceSet ProvenanceCache::fieldElements(const FieldDecl *F) {
  if (auto It = FieldElements.find(F); It != FieldElements.end())
    return It->second;
  // Unknown while it is computed: an appender that reads the field sees
  // nothing rather than recursing.
  FieldElements[F] = DeviceSet();
  const auto *RD = dyn_cast<CXXRecordDecl>(F->getParent());
  // Only a private field's every use is in the class's own bodies (friends
  // aside); an initial content is not an append.
  if (!RD || F->getAccess() != AS_private || F->hasInClassInitializer() ||
      RD->isDependentContext())
    return DeviceSet();
  FieldUseScan Scan(F, Ctx);
  for (const Decl *D : RD->decls()) {
    const auto *MD = dyn_cast<CXXMethodDecl>(D);
    if (const auto *T = dyn_cast<FunctionTemplateDecl>(D))
      MD = dyn_cast<CXXMethodDecl>(T->getTemplatedDecl());
    const FunctionDecl *Def = nullptr;
    if (!MD || !MD->hasBody(Def))
      continue;
    if (MD->isTemplated())
      return DeviceSet(); // uses only its instantiations would show
    if (const auto *Ctor = dyn_cast<CXXConstructorDecl>(Def))
      for (const CXXCtorInitializer *I : Ctor->inits())
        if (I->isWritten() && I->getMember() == F)
          return DeviceSet();
    Scan.scan(Def);
  }
  if (Scan.Unknown || Scan.Appenders.empty())
    return DeviceSet();
  llvm::SmallVector<DeviceSet, 4> Parts;
  for (const FunctionDecl *M : Scan.Appenders) {
    const Result &R = analyse(M);
    auto J = R.FieldAppends.find(F);
    if (J == R.FieldAppends.end())
      return DeviceSet(); // not reached, or still being analysed
    Parts.append(J->second.begin(), J->second.end());
  }
  DeviceSet V = agree<Device>(Parts);
  V.nameSubject(F->getNameAsString());
  FieldElements[F] = V;
  return V;
}

const llvm::SmallVector<const Expr *, 2> *
ProvenanceCache::deviceFieldWrites(const FieldDecl *F) {
  if (!Callers) {
    Callers = std::make_unique<CallerMap>();
    Callers->Index.TraverseAST(Ctx);
  }
  auto It = Callers->Index.DeviceFieldWrites.find(F);
  return It == Callers->Index.DeviceFieldWrites.end() ? nullptr : &It->second;
}

const std::vector<ExternalArgument> &
ProvenanceCache::externalArguments(const FunctionDecl *FD) {
  return analyse(FD).ExternalArgs;
}

const ReturnSummary &ProvenanceCache::summary(const FunctionDecl *FD) {
  return analyse(FD).Summary;
}

const std::vector<DeviceRequirement> &
ProvenanceCache::deviceRequirements(const FunctionDecl *FD) {
  return analyse(FD).DeviceRequires;
}

const std::vector<ParamCandidate> &
ProvenanceCache::paramCandidates(const FunctionDecl *FD) {
  return analyse(FD).ParamCandidates;
}

bool ProvenanceCache::convertsScriptModules() {
  if (ScriptModulesConverted)
    return *ScriptModulesConverted;
  struct Finder : RecursiveASTVisitor<Finder> {
    bool Found = false;
    bool TraverseDecl(Decl *D) {
      return Found || api::isSystemHeaderDecl(D) ||
             RecursiveASTVisitor<Finder>::TraverseDecl(D);
    }
    bool VisitCXXMemberCallExpr(CXXMemberCallExpr *E) {
      Found = Found || api::convertsScriptModuleDtype(E);
      return !Found;
    }
  } F;
  F.TraverseDecl(Ctx.getTranslationUnitDecl());
  ScriptModulesConverted = F.Found;
  return F.Found;
}

std::vector<FunctionSummary::Requirement>
ProvenanceCache::ownDeviceRequirements(const FunctionDecl *FD) {
  std::vector<FunctionSummary::Requirement> Out;
  const SourceManager &SM = Ctx.getSourceManager();
  for (const ParamCandidate &PC : paramCandidates(FD)) {
    SourceLocation Loc = PC.Site ? SM.getExpansionLoc(PC.Site->getExprLoc())
                                 : SourceLocation();
    // What the defining unit alone knows to be a device: a device a
    // project fact makes real is not the function's own.
    if (!SM.isInMainFile(Loc) || !mayBeAccelerator(PC.Other.Fact.Value) ||
        !PC.Other.Fact.Needs.empty())
      continue;
    FunctionSummary::Requirement Q;
    Q.Kind = FunctionSummary::Requirement::KindTy::OwnDevice;
    Q.Arg = PC.Index;
    Q.OtherText = "'" + PC.Other.Text + "'";
    Q.Device = shortSpelling(PC.Other.Fact.Value);
    Q.Operation = PC.Callee;
    Q.Line = SM.getExpansionLineNumber(Loc);
    if (llvm::none_of(Out, [&](const FunctionSummary::Requirement &R) {
          return R.Arg == Q.Arg;
        }))
      Out.push_back(std::move(Q));
  }
  return Out;
}

llvm::ArrayRef<const FunctionDecl *>
ProvenanceCache::overriders(const CXXMethodDecl *MD) {
  auto &Map = callers().Index.Overriders;
  auto It = Map.find(MD->getCanonicalDecl());
  if (It == Map.end())
    return {};
  return It->second;
}

const llvm::DenseMap<const FieldDecl *, DeviceSet> &
ProvenanceCache::cpuFieldReturns(const FunctionDecl *FD) {
  return analyse(FD).FieldReturns;
}

const llvm::DenseMap<const FieldDecl *, DeviceSet> &
ProvenanceCache::heldFieldReturns(const FunctionDecl *FD) {
  return analyse(FD).HeldFieldReturns;
}

const llvm::DenseMap<const FieldDecl *, unsigned> &
ProvenanceCache::argFieldReturns(const FunctionDecl *FD) {
  return analyse(FD).ArgFieldReturns;
}

const ProvenanceCache::ClassState &
ProvenanceCache::classState(const CXXRecordDecl *RD) {
  auto It = Classes.find(RD);
  if (It != Classes.end())
    return *It->second;
  // Inserted first, empty: a constructor that calls a member function of
  // its own class sees no facts rather than recursing.
  ClassState &Out =
      *Classes.try_emplace(RD, std::make_unique<ClassState>()).first->second;
  // Both properties alike: the join over the constructors of what each
  // leaves in a field; a field that one constructor leaves unknown is
  // unknown.
  auto JoinCtors = [&](auto Member) {
    using MapT = std::decay_t<decltype(std::declval<Result>().*Member)>;
    std::optional<MapT> Joined;
    for (const CXXConstructorDecl *Ctor : RD->ctors()) {
      const FunctionDecl *Def = nullptr;
      if (Ctor->isCopyOrMoveConstructor() || !Ctor->hasBody(Def))
        continue;
      const MapT &Fields = analyse(Def).*Member;
      if (!Joined) {
        Joined = Fields;
        continue;
      }
      MapT Next;
      for (const auto &[VD, Set] : *Joined) {
        auto J = Fields.find(VD);
        if (J == Fields.end())
          continue;
        auto Both = Set;
        Both.join(J->second);
        Next[VD] = Both;
      }
      Joined = std::move(Next);
    }
    return Joined;
  };
  std::optional<State> Devices = JoinCtors(&Result::Fields);
  std::optional<flow::DtypeState> Dtypes = JoinCtors(&Result::DtypeFields);
  if (!Devices && !Dtypes)
    return Out;
  // Fields another member function writes are whatever it wrote last.
  WriteFinder Writes;
  for (const CXXMethodDecl *MD : RD->methods()) {
    const FunctionDecl *Def = nullptr;
    if (isa<CXXConstructorDecl>(MD) || !MD->hasBody(Def))
      continue;
    Writes.TraverseStmt(Def->getBody());
  }
  if (Devices)
    for (auto &[VD, Set] : *Devices)
      if (!Writes.Written.count(VD))
        Out.Fields[VD] = Set;
  if (Dtypes)
    for (auto &[VD, Set] : *Dtypes)
      if (!Writes.Written.count(VD))
        Out.DtypeFields[VD] = Set;
  return Out;
}

bool ProvenanceCache::isModuleState(const FieldDecl *F) {
  auto [It, New] = ModuleStateFields.try_emplace(F, false);
  if (New)
    It->second = isRegisteredStateField(F);
  return It->second;
}

const std::vector<DtypeConflict> &
ProvenanceCache::dtypeConflicts(const FunctionDecl *FD) {
  return analyse(FD).DtypeConflicts;
}

const DtypeSummary &ProvenanceCache::dtypeSummary(const FunctionDecl *FD) {
  return analyse(FD).DtypeSum;
}

const llvm::DenseMap<const ValueDecl *, DtypeSet> &
ProvenanceCache::classDtypes(const CXXRecordDecl *RD) {
  return classState(RD).DtypeFields;
}

} // namespace torchlint
