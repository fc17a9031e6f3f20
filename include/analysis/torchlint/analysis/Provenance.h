//===- Provenance.h - Device provenance of a translation unit ---*- C++ -*-===//
//
// The flow engine: one forward pass over each function's clang::CFG that
// tracks two properties of every tensor and module in the same walk, where
// it lives (DeviceLattice.h) and what element type it holds
// (DtypeLattice.h), and records the operations where they conflict. The
// rules read these conflicts; they never walk the code themselves.
//
//===----------------------------------------------------------------------===//

#ifndef TORCHLINT_PROVENANCE_H
#define TORCHLINT_PROVENANCE_H

#include "torchlint/analysis/DeviceLattice.h"
#include "torchlint/analysis/DtypeLattice.h"
#include "torchlint/analysis/ProjectIndex.h"

#include "clang/AST/ASTContext.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallPtrSet.h"

#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace torchlint {

/// One tensor (or module) taking part in an operation, with the fact of
/// one property about it.
template <class V> struct Operand {
  const clang::Expr *E = nullptr;
  std::string Text;  ///< As written ("labels", "out").
  std::string Param; ///< The callee's parameter name, when known.
  torchlint::Fact<V> Fact;
  bool IsModule = false; ///< The module's parameters, not a tensor.
};
using ConflictOperand = Operand<Device>;

/// An operation where two operands' values of one property conflict.
template <class V> struct Conflict {
  const clang::Expr *Site = nullptr;
  std::string Callee;   ///< "loss_fn", "torch::cat", "operator+", "model".
  Operand<V> Stray;     ///< The operand to change (move or convert).
  Operand<V> Other;     ///< What it meets.
  bool OnePath = false; ///< The stray value is only one of several paths.

  /// Sets the operands, each with the fact it meets the other with.
  void between(Operand<V> StrayOp, const Fact<V> &StrayFact, Operand<V> OtherOp,
               const Fact<V> &OtherFact) {
    Stray = std::move(StrayOp);
    Stray.Fact = StrayFact;
    Other = std::move(OtherOp);
    Other.Fact = OtherFact;
  }
};

/// An operation where tensors on different devices meet.
struct DeviceConflict : Conflict<Device> {
  enum KindTy {
    Mismatch,             ///< torch-device-mismatch
    FactoryMissingDevice, ///< torch-factory-missing-device
    /// torch-host-read-device-tensor: the host reads Stray's memory (its
    /// data_ptr, accessor) while it may be on a GPU; Other is empty.
    HostRead,
    /// torch-from-blob-device: from_blob labels host memory (Stray, the
    /// data pointer) as memory of a device that may be a GPU; Other is empty.
    FromBlobDevice,
    /// torch-device-access-in-loop: one element of Stray, which may be on a
    /// GPU, read (item) or written per iteration of Loop; Other is empty.
    LoopAccess,
    /// torch-device-access-in-loop: Stray, on the CPU and unchanged in
    /// Loop, copied to Other's device on every iteration.
    LoopTransfer,
  };
  KindTy Kind = Mismatch;
  /// A project fact the conflict needs (see Finding::Needs): a conflict with
  /// a parameter's device that no caller in this unit makes real needs a
  /// caller in another unit that passes a tensor on a device there.
  ProjectFact Needs;
  /// LoopAccess, LoopTransfer: the loop.
  const clang::Stmt *Loop = nullptr;
};

/// A function's device precondition on its tensor parameters: two that
/// meet in one operation must be on one device, or one whose memory the
/// host reads must be on the CPU. The function's own conflict once a caller
/// passes tensors that break it; checked at each call, in this unit or,
/// through the project index (FunctionSummary::Requirement), in another.
struct DeviceRequirement {
  enum KindTy {
    SameDevice, ///< Index and OtherIndex meet in Operation.
    OnHost,     ///< Operation (data_ptr, accessor) reads Index on the host.
  };
  KindTy Kind = SameDevice;
  unsigned Index = 0;      ///< One parameter.
  unsigned OtherIndex = 0; ///< The parameter it meets (SameDevice).
  std::string Operation;   ///< Where ("operator*", "data_ptr").
  /// The site, when in this unit; else Where says it ("triplet.cpp:16").
  const clang::Expr *Site = nullptr;
  std::string Where;
};

struct ParamCandidate;

/// A tensor handed to the user's function that makes that function's
/// conflicts with its parameter real: one on a device (or a run-time device)
/// for a function whose body is in another unit, or one created on the CPU
/// for any function of the project (the callee's body may meet it with a
/// device).
struct ExternalArgument {
  std::string Key; ///< The callee's api::projectKey.
  unsigned Index;  ///< The parameter.
  const clang::Expr *Arg = nullptr;
  std::string Callee; ///< As named ("normalise").
  std::string Where;  ///< The argument's device, as spelled ("'device'").
  bool Cpu = false;   ///< Created on the CPU (FactKind::PassesCpu).
};

/// An operation where element types conflict.
struct DtypeConflict : Conflict<Dtype> {
  enum KindTy {
    Mismatch,    ///< torch-dtype-mismatch: two dtypes where one is needed.
    ClassTarget, ///< torch-loss-target-dtype: class indices not Long.
    FloatTarget, ///< torch-loss-target-dtype: a binary target not floating.
    DataPtr,     ///< torch-data-ptr-type: data_ptr<T> of another dtype.
    MpsFloat64,  ///< torch-mps-float64: a Double value bound for MPS.
  };
  KindTy Kind = Mismatch;
  std::string Requested; ///< DataPtr: the T as written; Mps: device.
  const clang::Expr *Target = nullptr; ///< Where a call-site fix-it goes.
};

/// Summary of what a function returns, for callers in the same unit.
template <class V> struct Summary {
  enum KindTy {
    Unknown,
    Fixed,          ///< Always Fact.
    FollowsArg,     ///< The property of tensor argument Index.
    FollowsValueArg, ///< The value argument Index names (a device, a dtype).
    FixedOnThis ///< Fact, naming this object's fields: for calls on `this`.
  } Kind = Unknown;
  torchlint::Fact<V> Fact; ///< For Fixed and FixedOnThis.
  unsigned Index = 0;      ///< For FollowsArg / FollowsValueArg.
};
using ReturnSummary = Summary<Device>;

/// What a function returns, dtype-wise, and, for a module's forward(), the
/// parameters that meet the module's own parameters unconverted (so the
/// caller's argument must have the module's dtype).
/// Where a function's tensor parameter meets a dtype it must share: the
/// function's own conflict, once a caller says what the argument holds
/// (a precondition the callers check, in this unit or, through the project
/// index, in another).
struct DtypeRequirement {
  enum KindTy {
    Same,        ///< Must have Other's dtype (a matrix product, a model).
    /// Class indices: must not be Int, Short or Char, nor floating when
    /// IndicesOnly.
    ClassTarget,
    /// Read as OtherText's element type (data_ptr<T>, accessor<T, N>):
    /// must be Other's dtype exactly.
    DataPtr,
  };
  KindTy Kind = Same;
  /// For ClassTarget: the loss takes class indices only (nll_loss), so a
  /// floating target is rejected too.
  bool IndicesOnly = false;
  unsigned Index = 0; ///< The parameter.
  /// The parameter's dtype where it meets Other: its input's, or promoted
  /// (Dtype::Promoted).
  Dtype Param;
  /// What it meets, with its provenance: a known dtype, another input's
  /// (Symbolic "input 'y'"), or the module's own (Symbolic ThisModule).
  DtypeFact Other;
  std::string OtherText; ///< As written there ("lin(x)").
  /// What it meets is a module's parameters (OtherText names the module).
  bool OtherIsModule = false;
  std::string Operation; ///< Where they meet ("torch::matmul").
  /// The site, when in this unit; else Where says it ("gcn.cpp:13").
  const clang::Expr *Site = nullptr;
  std::string Where;
  /// The parameter's name at the site (the innermost function's).
  std::string SiteParam;
  /// The calls that hand the parameter on to the site, outermost first.
  llvm::SmallVector<ProvenanceStep, 2> Hops;
};

struct DtypeSummary : Summary<Dtype> {
  llvm::SmallVector<unsigned, 2> ParamsMeetModule;
  /// The parameters' dtype preconditions, innermost site first.
  std::vector<DtypeRequirement> Requires;
  /// For a function returning a struct of tensors: each field's dtype.
  llvm::DenseMap<const clang::FieldDecl *, DtypeSet> Fields;
  /// When the returns differ by path (a Double branch and one that keeps
  /// the input's dtype): the join of every path's fact, a fact of the
  /// dtype of input 'x' standing for the caller's argument there.
  DtypeSet Paths;
};

/// Per translation unit: analyses each function once, on demand, and keeps
/// its conflicts and return summary.
class ProvenanceCache {
public:
  explicit ProvenanceCache(clang::ASTContext &Ctx);
  ~ProvenanceCache();

  /// Conflicts found in FD's body (a definition that is not a template
  /// pattern); empty when the analysis gave up.
  const std::vector<DeviceConflict> &conflicts(const clang::FunctionDecl *FD);

  /// The tensors on a device FD hands to functions defined in other units.
  const std::vector<ExternalArgument> &
  externalArguments(const clang::FunctionDecl *FD);

  /// What FD returns, computed bottom-up through calls.
  const ReturnSummary &summary(const clang::FunctionDecl *FD);

  /// Where FD's tensor parameters meet a device of FD's own (a module on
  /// it, a tensor moved there): conflicts its callers make real.
  const std::vector<ParamCandidate> &
  paramCandidates(const clang::FunctionDecl *FD);

  /// paramCandidates(FD) as the project index carries them: each parameter
  /// that meets a device of FD's own that may be a GPU.
  std::vector<FunctionSummary::Requirement>
  ownDeviceRequirements(const clang::FunctionDecl *FD);

  /// The definitions in the unit of MD's overriders, MD virtual.
  llvm::ArrayRef<const clang::FunctionDecl *>
  overriders(const clang::CXXMethodDecl *MD);

  /// Where FD's tensor parameters meet each other (its device
  /// preconditions), innermost site first.
  const std::vector<DeviceRequirement> &
  deviceRequirements(const clang::FunctionDecl *FD);

  /// For FD returning a struct of tensors: the fields it returns created
  /// on the CPU, by field.
  const llvm::DenseMap<const clang::FieldDecl *, DeviceSet> &
  cpuFieldReturns(const clang::FunctionDecl *FD);

  /// For FD returning a struct of tensors: the fields it returns on a
  /// device of its own choosing (a CUDA device, its object's device field).
  const llvm::DenseMap<const clang::FieldDecl *, DeviceSet> &
  heldFieldReturns(const clang::FunctionDecl *FD);

  /// For FD returning a struct of tensors: the fields it returns holding
  /// a tensor parameter's value, by parameter index.
  const llvm::DenseMap<const clang::FieldDecl *, unsigned> &
  argFieldReturns(const clang::FunctionDecl *FD);

  /// True when FD returns tensors by value: a tensor, or a container, pair,
  /// tuple or plain struct of tensors (a sampled minibatch). These are what
  /// a summary describes, and what a unit without FD's body asks the
  /// project about (FactKind::ReturnsCpu).
  static bool returnsTensors(const clang::FunctionDecl *FD);

  /// Dtype conflicts found in FD's body.
  const std::vector<DtypeConflict> &
  dtypeConflicts(const clang::FunctionDecl *FD);

  /// What FD returns, dtype-wise.
  const DtypeSummary &dtypeSummary(const clang::FunctionDecl *FD);

  /// The dtypes of RD's fields on entry to its member functions.
  const llvm::DenseMap<const clang::ValueDecl *, DtypeSet> &
  classDtypes(const clang::CXXRecordDecl *RD);

  /// What the unit writes to the device field F (null entries: writes it
  /// cannot read), or null when it writes nothing.
  const llvm::SmallVector<const clang::Expr *, 2> *
  deviceFieldWrites(const clang::FieldDecl *F);

  /// Where the tensors of F, a private container field, live when every
  /// element any member function appends to it agrees; unknown when some
  /// other change to F is in view or nothing is appended.
  DeviceSet fieldElements(const clang::FieldDecl *F);

  /// Records that a constructor gives the module field F state of its own
  /// (a loss built with a weight tensor): its device matters in every
  /// member function, not only where it was built.
  void noteStatefulModuleField(const clang::FieldDecl *F) {
    StatefulModuleFields.insert(F);
  }
  bool isStatefulModuleField(const clang::FieldDecl *F) const {
    return StatefulModuleFields.count(F);
  }

  /// True when F is a tensor its module registers as state
  /// (flow::isRegisteredStateField), remembered per field.
  bool isModuleState(const clang::FieldDecl *F);

  /// True the first time the unit reports a device conflict whose stray
  /// value has this origin (its birth expression, or its first step): one
  /// bug, one diagnostic, also when a helper's CPU tensor meets a device in
  /// the helper and its result meets one again in the caller.
  bool firstDeviceReport(const void *Origin) {
    return ReportedDeviceOrigins.insert(Origin).second;
  }

  /// The argument expressions every call or construction in the unit
  /// hands FD's parameter Index, when all of them are in view
  /// (everyCallInView); null otherwise, or when FD has no call in view.
  const llvm::SmallVector<const clang::Expr *, 2> *
  callArguments(const clang::FunctionDecl *FD, unsigned Index);

  /// True when some code of the unit converts a TorchScript module's dtype
  /// (`module.to(torch::kDouble)`): its modules' parameters are then not
  /// known to be Float.
  bool convertsScriptModules();

  /// True when the current CUDA device is cuda:0 wherever the unit names it:
  /// the unit holds the program's main(), calls no user function defined
  /// elsewhere, and never sets the current device (set_device, a device
  /// guard).
  bool currentDeviceIsFirst();

  /// True when the unit holds the whole program: its main() is here and it
  /// calls no user function defined elsewhere, so every write to a field is
  /// in view.
  bool wholeProgramInView();

  clang::ASTContext &context() const { return Ctx; }

  /// The project index to read the summaries of functions defined in other
  /// units from (null: none, as in the first phase).
  /// Settles: the host sees this unit alone, so what the index says of a
  /// function's CPU tensor is taken as shown (no other unit will show it).
  void setIndex(const ProjectIndex *I, bool Settles = false) {
    Index = I;
    IndexSettles = Settles;
  }
  bool indexSettles() const { return IndexSettles; }
  /// Callee's summary in the project index, when Callee is a function of
  /// the project defined in another unit and the index has one; every
  /// function asked about is remembered as an import.
  const FunctionSummary *imported(const clang::FunctionDecl *Callee);
  /// What a virtual call of MD may run in other units: the summaries of
  /// MD's overriders (and of MD) that the index has and the unit does not
  /// define, by USR; remembered as an import of every overrider of MD.
  std::vector<std::pair<std::string, const FunctionSummary *>>
  importedOverriders(const clang::CXXMethodDecl *MD);
  /// The summaries of the functions the unit's main file defines, and the
  /// functions defined elsewhere it asked the index about.
  UnitSummaries exportSummaries();

  struct Result;
  struct ClassState;
  struct CallerMap;

  /// What the member functions of RD (an ordinary class, not a module) may
  /// assume about its fields on entry, computed once from its constructors.
  const ClassState &classState(const clang::CXXRecordDecl *RD);

private:
  Result &analyse(const clang::FunctionDecl *FD);
  /// False when a conflict with FD's input parameter cannot happen in this
  /// unit: FD is an ordinary helper whose visible callers all pass CPU or
  /// unknown tensors there, or that has no visible caller.
  bool inputReachesDevice(const clang::FunctionDecl *FD,
                          const DeviceConflict &C);
  /// False when no visible caller of FD can pass a tensor on a device as
  /// its parameter Index, following callers that forward their own
  /// parameters; Visited breaks cycles.
  bool parameterMayBeOnDevice(const clang::FunctionDecl *FD, unsigned Index,
                              llvm::SmallPtrSetImpl<const clang::FunctionDecl *> &Visited);
  /// The CPU, with the steps that put it there, when FD can be called only
  /// from this unit and every call hands its parameter Index tensors on the
  /// CPU (following callers that forward their own parameters); nothing
  /// otherwise. Visited breaks cycles.
  std::optional<DeviceFact>
  parameterOnCpu(const clang::FunctionDecl *FD, unsigned Index,
                 llvm::SmallPtrSetImpl<const clang::FunctionDecl *> &Visited);
  /// True when a project fact may make FD's parameters CPU tensors: FD has
  /// a project key and is what its calls run (not virtual, not a template,
  /// not a module's method, whose inputs are on its device by convention).
  bool callersMayPassCpu(const clang::FunctionDecl *FD);
  /// True when every call of Def, a definition, is in this unit: it is
  /// first declared in the main file, not a template, virtual, a module's
  /// or a lambda's, its name is only called, and no library template builds
  /// its class (for a constructor).
  bool everyCallInView(const clang::FunctionDecl *Def);
  CallerMap &callers();
  std::unique_ptr<CallerMap> Callers;
  /// callArguments, by definition and parameter index; nullopt when some
  /// call is out of view.
  std::map<std::pair<const clang::FunctionDecl *, unsigned>,
           std::optional<llvm::SmallVector<const clang::Expr *, 2>>>
      ArgumentLists;

  clang::ASTContext &Ctx;
  llvm::DenseMap<const clang::FunctionDecl *, std::unique_ptr<Result>> Results;
  llvm::SmallPtrSet<const clang::FunctionDecl *, 8> InProgress;
  llvm::SmallPtrSet<const clang::FieldDecl *, 4> StatefulModuleFields;
  llvm::DenseMap<const clang::FieldDecl *, bool> ModuleStateFields;
  llvm::SmallPtrSet<const void *, 16> ReportedDeviceOrigins;
  /// What a recursive call sees of a function still being analysed.
  std::vector<std::unique_ptr<Result>> RecursionPlaceholders;
  llvm::DenseMap<const clang::CXXRecordDecl *, std::unique_ptr<ClassState>>
      Classes;
  llvm::DenseMap<const clang::FieldDecl *, DeviceSet> FieldElements;
  const ProjectIndex *Index = nullptr;
  bool IndexSettles = false;
  std::set<std::string> Imports;
  std::optional<bool> ScriptModulesConverted;
};

} // namespace torchlint

#endif
