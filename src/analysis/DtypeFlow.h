//===- DtypeFlow.h - The dtype property of the flow engine ------*- C++ -*-===//
//
// Internal to the analysis layer. DtypeFlow tracks what element type every
// tensor and module of one function holds, in the same CFG walk as the
// device property (the solver hands it its half of the state), and records
// the operations where element types conflict: a matrix product of Float
// and Double, a class-index target that is not Long, data_ptr<T> of another
// dtype, a Double value bound for MPS.
//
//===----------------------------------------------------------------------===//

#ifndef TORCHLINT_ANALYSIS_DTYPEFLOW_H
#define TORCHLINT_ANALYSIS_DTYPEFLOW_H

#include "FlowProperty.h"

#include "torchlint/analysis/Provenance.h"

#include <optional>

namespace torchlint {
namespace flow {

using DtypeState = PropertyMap<Dtype>;

/// The key of the symbolic dtype that follows input Param ("input 'x'").
std::string inputKey(llvm::StringRef Param);

/// The parameter of FD whose dtype D follows, promoted or not, if any.
std::optional<unsigned> inputParamIndex(const clang::FunctionDecl *FD,
                                        const Dtype &D);

/// The dtype half of one function's analysis.
class DtypeFlow : public FlowProperty<DtypeFlow, Dtype> {
  friend class FlowProperty<DtypeFlow, Dtype>;

public:
  DtypeFlow(ProvenanceCache &Cache, const clang::FunctionDecl *FD,
            const clang::CXXRecordDecl *TrackedClass);

  /// What the function may assume on entry (its class's field dtypes).
  DtypeState initialState();

  /// After the walk: the return summary, and for a constructor of a
  /// tracked class, the dtypes it leaves in the fields.
  void finish(const std::optional<DtypeState> &Exit);

  std::vector<DtypeConflict> Conflicts;
  DtypeSummary Summary;
  DtypeState Fields;

private:
  /// What an options expression says about the dtype.
  struct OptionsDtype {
    enum KindTy { Named, None, Unknown } Kind = Unknown;
    DtypeSet Set;
    /// The ScalarType constant as written in the options, for fix-its.
    const clang::Expr *Constant = nullptr;
  };

  DtypeSet parameterFacts(const clang::ParmVarDecl *P);
  /// A field of this object no write has reached, another member of a
  /// struct: unknown.
  DtypeSet untrackedField(const clang::ValueDecl *) { return DtypeSet(); }
  DtypeSet memberFacts(const clang::MemberExpr *) { return DtypeSet(); }
  DtypeSet evalOwn(const clang::Expr *E, const DtypeState &S, unsigned Depth);
  DtypeSet evalCall(const clang::CallExpr *CE, const DtypeState &S,
                    unsigned Depth);
  DtypeSet evalMethod(const clang::CXXMemberCallExpr *MC, const DtypeState &S,
                      unsigned Depth);
  DtypeSet evalFactory(const clang::CallExpr *CE, const DtypeState &S,
                       unsigned Depth);
  const DtypeSummary &summaryOf(const clang::FunctionDecl *Def) {
    return Cache.dtypeSummary(Def);
  }
  DtypeSet evalValueArg(const clang::Expr *E, const DtypeState &S,
                        unsigned Depth);
  /// The join of the callee's paths, each input's dtype replaced by the
  /// argument's.
  DtypeSet evalUnsummarised(const clang::Expr *Call,
                            const clang::FunctionDecl *Def,
                            llvm::ArrayRef<const clang::Expr *> Args,
                            const DtypeState &S, unsigned Depth);
  /// A call of a function defined in another unit and not in the project
  /// index: unknown (dtypes cross units through the index only).
  DtypeSet externalCall(const clang::Expr *, const clang::FunctionDecl *) {
    return DtypeSet();
  }
  /// A call of a function the project index summarises: the argument it
  /// follows, or the dtype it makes, with where it made it.
  std::optional<DtypeSet> importedCall(const clang::Expr *Call,
                                       const clang::FunctionDecl *Callee,
                                       const FunctionSummary &Imported,
                                       llvm::ArrayRef<const clang::Expr *> Args,
                                       const DtypeState &S, unsigned Depth) {
    if (std::optional<DtypeSet> R =
            followedArgument(Call, Imported, Imported.Dtype, Imported.DtypeArg,
                             Args, S, Depth))
      return R;
    if (Imported.Dtype != FunctionSummary::Form::Known)
      return std::nullopt;
    DtypeFact F;
    F.Value = Dtype::known(Imported.Type, Imported.ZeroDim);
    F.Steps.push_back(
        {Call->getBeginLoc(), importedStep(Imported, Imported.DtypeOrigin)});
    return DtypeSet(F);
  }
  /// What Callee returns in field F: its summary's, or the project
  /// index's for a function of another unit; known dtypes only.
  std::optional<DtypeSet> calleeField(const clang::CallExpr *Call,
                                      const clang::FunctionDecl *Callee,
                                      const clang::FieldDecl *F,
                                      const DtypeState &S, unsigned Depth);
  /// Field F of what Imported, another unit's function, returns at Call:
  /// its known dtype.
  std::optional<DtypeSet> importedField(const clang::Expr *Call,
                                        const FunctionSummary &Imported,
                                        const clang::FieldDecl *F,
                                        bool Alternative = false);
  DtypeSet evalModuleCall(const clang::Expr *Call, const clang::Expr *Module,
                          llvm::ArrayRef<const clang::Expr *> Args,
                          const DtypeState &S, unsigned Depth);
  /// The dtype options give (api::optionsPart reads them).
  OptionsDtype evalOptions(const clang::Expr *E, const DtypeState &S,
                           unsigned Depth);
  /// The dtype a local options or ScalarType variable gives when it is
  /// initialised once and never changed; unknown otherwise.
  OptionsDtype evalVariableOptions(const clang::VarDecl *VD,
                                   const DtypeState &S, unsigned Depth);
  /// The dtype a Tensor::to call converts to, or nothing when it keeps the
  /// receiver's (a move to a device only).
  std::optional<DtypeSet> conversionOf(const clang::CXXMemberCallExpr *MC,
                                       const DtypeState &S, unsigned Depth);
  /// The C++ numbers of an elementwise operation (wrapped as 0-dim tensors
  /// of the lowest priority by LibTorch).
  enum class NumberKind { Integral, Floating, Unknown };
  DtypeSet promote(llvm::ArrayRef<DtypeSet> Inputs,
                   llvm::ArrayRef<NumberKind> Numbers = {});
  /// The result of a reshaping, reducing or index-returning call Call of
  /// Callee whose tensor input is In.
  DtypeSet resultOf(api::DtypeBehaviour B, const DtypeSet &In,
                    const clang::CallExpr *Call,
                    const clang::FunctionDecl *Callee);
  /// The arguments of a call of Module that meet its parameters (so must
  /// have their dtype): the first for Linear, Conv and a Sequential that
  /// starts with one, those a user module's forward() hands its own.
  llvm::SmallVector<unsigned, 2> meetsParameters(const clang::Expr *Module,
                                                 unsigned Depth = 0);
  /// A new module's dtype (the state does not change it).
  DtypeSet newModule(const clang::ValueDecl *VD, const clang::Expr *Init,
                     clang::SourceLocation Loc, const DtypeState &);
  /// std::get<1>(x.max(1)): the indices are Long; std::get<0> keeps x's
  /// dtype.
  std::optional<DtypeSet> tupleElement(const clang::CallExpr *Get,
                                       const DtypeState &S, unsigned Depth);
  /// A TorchScript module's parameters are whatever was scripted: unknown.
  DtypeSet scriptModule(const clang::Expr *, clang::SourceLocation,
                        const DtypeState &) {
    return DtypeSet();
  }

  void transfer(const clang::Stmt *S, DtypeState &St, bool Report);
  void checkSites(const clang::Stmt *S, const DtypeState &St);
  void checkSame(const clang::Expr *Site, const std::string &Callee,
                 std::vector<std::pair<Operand<Dtype>, DtypeSet>> &Ops);
  void checkTarget(const clang::Expr *Site, const std::string &Callee,
                   api::DtypeBehaviour Behaviour, const clang::Expr *Input,
                   const clang::Expr *Target, llvm::StringRef Function,
                   const DtypeState &St);
  void checkDataPtr(const clang::CXXMemberCallExpr *MC, const DtypeState &St);
  /// A TorchScript module's call: a tensor it is given meets its
  /// parameters, of the dtype it was converted to here, else Float unless
  /// the model was saved in another dtype.
  void checkScriptInputs(const clang::Expr *Call,
                         const api::ScriptModuleCall &SC, const DtypeState &St);
  /// The parameter of this function whose dtype F is (an input's, maybe
  /// promoted), if any.
  std::optional<unsigned> inputIndex(const DtypeFact *F) const;
  /// Records that this function's input meets Other where R says: a
  /// precondition for the callers (DtypeRequirement).
  void require(unsigned Index, const Dtype &Param, const DtypeFact &Other,
               const DtypeRequirement &Where);
  /// A call of the project's function Callee (in this unit or the index):
  /// its preconditions checked against the arguments, reported when both
  /// sides are known and conflict, handed on to this function's callers
  /// when an argument is its own input. Object is the module or object
  /// called, when there is one.
  void checkRequirements(const clang::Expr *Call,
                         const clang::FunctionDecl *Callee,
                         llvm::ArrayRef<const clang::Expr *> Args,
                         const clang::Expr *Object, const DtypeState &St);
  /// Checks Reqs, the preconditions of Def (what Call runs, or one body a
  /// virtual call may run), as checkRequirements does.
  void checkRequirementList(const clang::Expr *Call,
                            const clang::FunctionDecl *Def,
                            const std::vector<DtypeRequirement> &Reqs,
                            llvm::ArrayRef<const clang::Expr *> Args,
                            const clang::Expr *Object, const DtypeState &St);
  /// The dtype of the module a callee's "this module" stands for, at a
  /// call through Object (unknown when not a module's).
  DtypeSet calleeModuleDtype(const clang::Expr *Object, const DtypeState &St);
  void checkMps(const clang::Expr *Site, const clang::Expr *Value,
                const DtypeSet &Dtypes,
                llvm::ArrayRef<const clang::Expr *> Args);
  /// True when E (a device, a device kind, options, a string) may name
  /// Apple's MPS, following local variables and fields to what they are
  /// given.
  bool mayBeMps(const clang::Expr *E, unsigned Depth = 0);

  /// True when some method of the module class RD converts a module's dtype
  /// (`fc->to(torch::kDouble)`), so its children may hold another dtype than
  /// the module; computed once per class.
  bool convertsModules(const clang::CXXRecordDecl *RD);
  llvm::DenseMap<const clang::CXXRecordDecl *, bool> Converts;
};

} // namespace flow
} // namespace torchlint

#endif
