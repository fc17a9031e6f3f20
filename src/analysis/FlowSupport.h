//===- FlowSupport.h - What every flow property needs -----------*- C++ -*-===//
//
// Internal to the analysis layer: the syntax and LibTorch questions that
// the device and dtype properties of the flow engine both ask (which
// variables a body writes, which module classes hold state, how an
// expression reads in a message, which function a callable runs).
//
//===----------------------------------------------------------------------===//

#ifndef TORCHLINT_ANALYSIS_FLOWSUPPORT_H
#define TORCHLINT_ANALYSIS_FLOWSUPPORT_H

#include "torchlint/analysis/Lattice.h"
#include "torchlint/api/Syntax.h"
#include "torchlint/api/TorchApi.h"
#include "torchlint/core/LLVMCompat.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/SmallVector.h"

#include <functional>
#include <optional>
#include <string>

namespace torchlint {
namespace flow {

/// True for module holders, module pointers and module objects.
bool isModuleValueType(clang::QualType T);

/// True for a module the user's code may move or convert: a holder, a
/// module class or a pointer to one, a TorchScript module.
bool isModuleObjectType(clang::QualType T);

/// The modules Call hands to a function or method of the user's (not
/// LibTorch's, not the standard library's), and the object of such a
/// method other than forward(); holders share their module, so a holder
/// passed by value is handed on too.
llvm::SmallVector<const clang::Expr *, 2>
modulesHandedOn(const clang::CallExpr *Call);

/// Whether Callee may move or convert a module it is handed: its body, when
/// in view, calls to() on a module, loads a checkpoint into one, or hands
/// one on to the user's code again; a body out of view may. Asked of every
/// such call by every property, so answered once per function and unit.
bool mayMoveModulesHandedOn(const clang::FunctionDecl *Callee,
                            const clang::ASTContext &Ctx);

/// Forgets, in St, the modules Call hands to the user's code where that
/// code may move or convert them (`setup(model, device)`): where they are
/// and what dtype they hold is unknown afterwards, for every property.
/// Tracked names the variable or field an expression is tracked as.
template <class StateT, class TrackedFn>
void forgetModulesHandedOn(const clang::CallExpr *Call, StateT &St,
                           TrackedFn &&Tracked, const clang::ASTContext &Ctx) {
  llvm::SmallVector<const clang::Expr *, 2> Modules = modulesHandedOn(Call);
  if (Modules.empty() || !mayMoveModulesHandedOn(Call->getDirectCallee(), Ctx))
    return;
  for (const clang::Expr *M : Modules)
    if (const clang::ValueDecl *VD = Tracked(M))
      St.erase(VD);
}

/// True when a user module registers anything (then its device matters).
bool registersState(const clang::CXXRecordDecl *RD);

/// The tensors an options object carries for an operation's inputs:
/// `.weight(w)` and `.pos_weight(w)` of a loss's options
/// (CrossEntropyLossOptions, F::CrossEntropyFuncOptions, BCEWithLogits).
/// A loss built with them holds them as buffers; a functional loss receives
/// them next to its input.
llvm::SmallVector<const clang::Expr *, 2>
optionTensors(const clang::Expr *Options);

/// True when Init constructs a new module (a holder or module object built
/// here, std::make_shared, new), as opposed to naming, casting or fetching
/// an existing one (a copy, `dynamic_cast<SequentialImpl *>(m.get())`, a
/// getter).
bool createsModule(const clang::Expr *Init);

/// True for module classes with parameters or buffers.
bool moduleHasState(const clang::CXXRecordDecl *RD);

/// True when F, a tensor field of a module class, is state the module
/// registers (`w = register_parameter("w", ...)`, `register_buffer("b", b)`
/// in a constructor or a reset()) and no member function assigns it
/// otherwise: it moves with the module, so in the module's methods it is on
/// the module's device, as the module's inputs are.
bool isRegisteredStateField(const clang::FieldDecl *F);

/// True when a constructor of MD's class calls MD on the object it builds:
/// the module's state is still where it was created then.
bool calledFromConstructor(const clang::CXXMethodDecl *MD);

/// True for tensors with no dimensions: full reductions (x.mean(),
/// x.sum(), x.norm()) and variables initialised from one.
bool isZeroDim(const clang::Expr *E, unsigned Depth = 0);

/// E as written, shortened for messages.
std::string text(const clang::Expr *E, const clang::ASTContext &Ctx);

/// True for declarations of the standard library (std:: and the inline or
/// nested namespaces and classes inside it).
bool isInStd(const clang::Decl *D);

/// The presumed line of L, for messages.
unsigned lineOf(clang::SourceLocation L, const clang::ASTContext &Ctx);

/// For the declaration of a range-based for's loop variable (`for (auto &t :
/// batch)`), the range it iterates; else null.
const clang::Expr *rangeOfLoopVariable(const clang::DeclStmt *DS,
                                       clang::ASTContext &Ctx);

/// True for a plain struct of the project that holds tensors (a minibatch,
/// a rollout step, a request or a context with its scalars beside them):
/// an aggregate whose fields are tensors or plain values that hold none
/// (numbers, strings, arrays of numbers, a device); flow-wise a tuple of
/// its tensor fields.
bool isTensorAggregateType(clang::QualType T);

/// True when a value of type T holds tensors the engine follows as one: a
/// container, pair or tuple of tensors, or a tensor aggregate.
bool holdsTensors(clang::QualType T);

/// For `p.first` of a std::pair of tensors or `batch.obs` of a tensor
/// aggregate, the holder (`p`, `batch`); else null. The member is what the
/// holder's tensors agree on.
const clang::Expr *tensorHolderOf(const clang::MemberExpr *ME);

/// True when Body may change a field of the local aggregate VD after its
/// initialisation: assigns it, takes its address, binds it to a non-const
/// reference or calls a non-const method on VD.
bool fieldsMayChange(const clang::VarDecl *VD, const clang::Stmt *Body);

/// True when the only changes Body makes to the fields of the local
/// aggregate VD are plain assignments `VD.field = ...` (a minibatch built
/// field by field before it is returned).
bool fieldsOnlyAssigned(const clang::VarDecl *VD, const clang::Stmt *Body);

/// For `std::tie(a, b)` (through the temporary an assignment binds), the
/// call; else null.
const clang::CallExpr *tieCall(const clang::Expr *E);

/// The tensor locals and parameters a std::tie call names; std::ignore and
/// anything that is not a plain tensor variable are left out.
llvm::SmallVector<const clang::ValueDecl *, 4>
tiedLocals(const clang::CallExpr *Tie);

/// The TensorOptions argument a call writes (a default argument is not
/// written; of several, the last), or null.
const clang::Expr *optionsArgOf(const clang::CallExpr *CE);

/// A TensorList argument of a LibTorch call built from a container of
/// tensors or a braced list (torch::cat({a, b}), torch::stack(tensors)):
/// the list, wrappers looked through; else null.
const clang::Expr *tensorListOf(const clang::Expr *Arg);

/// The name of Callee's parameter Index as written, or "" (unnamed, or no
/// such parameter).
std::string paramNameOf(const clang::FunctionDecl *Callee, unsigned Index);

/// The forward() a call of a module of type ModuleType runs, or null.
const clang::CXXMethodDecl *forwardOf(clang::QualType ModuleType);

/// The call operator a callable object runs: a lambda's, a function
/// object's, or that of the lambda a std::function variable was built from.
const clang::CXXMethodDecl *
callOperatorOf(const clang::CXXOperatorCallExpr *OC);

/// What the tensors of a container, tuple or braced list are, generic over
/// the property: the value they all agree on (elements are not paths: a
/// tuple of a CPU and a device tensor says nothing about either), looking
/// through `{a, b}`, std::make_tuple, v.at(i) and the pieces of x.chunk(3).
/// Tensor(E, Depth) evaluates one tensor expression.
template <class V, class TensorFn>
FactSet<V> containerFacts(const clang::Expr *E, unsigned Depth,
                          TensorFn &&Tensor) {
  using namespace clang;
  if (!E || Depth > 24)
    return FactSet<V>();
  E = api::ignoreWrappers(E);
  if (const auto *IL = dyn_cast<CXXStdInitializerListExpr>(E))
    E = api::ignoreWrappers(IL->getSubExpr());
  if (const auto *CE = dyn_cast<CXXConstructExpr>(E);
      CE && CE->getNumArgs() == 1)
    if (const auto *IL = dyn_cast<CXXStdInitializerListExpr>(
            api::ignoreWrappers(CE->getArg(0))))
      E = api::ignoreWrappers(IL->getSubExpr());
  // Batch{states, actions}: an aggregate built in place.
  if (const auto *FC = dyn_cast<CXXFunctionalCastExpr>(E);
      FC && isa<InitListExpr>(api::ignoreWrappers(FC->getSubExpr())))
    E = api::ignoreWrappers(FC->getSubExpr());
  auto Elements = [&](auto Range) {
    llvm::SmallVector<FactSet<V>, 4> Sets;
    for (const Expr *Item : Range)
      if (api::isTensorType(api::ignoreWrappers(Item)->getType()))
        Sets.push_back(Tensor(Item, Depth + 1));
      else if (holdsTensors(Item->getType())) // {{x, y}, {x2, y2}}: pairs
        Sets.push_back(containerFacts<V>(Item, Depth + 1, Tensor));
      else if (api::isIValueType(Item->getType()) &&
               !api::isScriptValueType(api::ignoreWrappers(Item)->getType()))
        continue; // {x, 3} for a TorchScript module: 3 is no tensor.
      else
        return FactSet<V>();
    return agree<V>(Sets);
  };
  // {a, b} and std::vector<torch::Tensor>{a, b}.
  if (const auto *List = dyn_cast<InitListExpr>(E))
    return Elements(List->inits());
  // return {a, b} into a std::pair or std::tuple: its element constructor.
  if (const auto *CE = dyn_cast<CXXConstructExpr>(E);
      CE && CE->getNumArgs() >= 2 && api::isTensorContainerType(CE->getType()))
    return Elements(CE->arguments());
  // std::make_tuple(h0, c0), std::make_pair(a, b).
  if (const auto *CE = dyn_cast<CallExpr>(E))
    if (const FunctionDecl *Callee = CE->getDirectCallee();
        Callee && Callee->isInStdNamespace() && Callee->getIdentifier() &&
        llvm::is_contained(
            {llvm::StringRef("make_tuple"), llvm::StringRef("make_pair"),
             llvm::StringRef("forward_as_tuple"), llvm::StringRef("tie")},
            Callee->getName()))
      return Elements(CE->arguments());
  if (const auto *MC = dyn_cast<CXXMemberCallExpr>(E)) {
    const Expr *Object = MC->getImplicitObjectArgument();
    if (Object && api::isTensorContainerType(Object->getType())) {
      const CXXMethodDecl *MD = MC->getMethodDecl();
      // v.at(i), v.front(), v.back().
      if (MD && MD->getIdentifier() &&
          llvm::is_contained({llvm::StringRef("at"), llvm::StringRef("front"),
                              llvm::StringRef("back")},
                             MD->getName()))
        return containerFacts<V>(Object, Depth + 1, Tensor);
      return FactSet<V>();
    }
  }
  // x.chunk(3) and torch::split(x, 2): the pieces are what x is.
  return Tensor(E, Depth + 1);
}

// The visitor below is written in Clang's vocabulary.
using namespace clang;

/// Finds the variables and fields of `this` that a body may change after
/// their initialisation: assigned, moved with Module::to, changed by a
/// non-const method, passed by non-const reference, or whose address is
/// taken. (Constructors are not calls here: LibTorch's TensorOptions binds a
/// Device to a forwarding reference without changing it.)
class WriteFinder : public clang::RecursiveASTVisitor<WriteFinder> {
public:
  llvm::SmallPtrSet<const ValueDecl *, 8> Written;
  /// When set, the value an if's condition always has, if fixed: the branch
  /// it never takes writes nothing that can happen.
  std::function<std::optional<bool>(const clang::Expr *)> Fixed;

  bool TraverseIfStmt(clang::IfStmt *S) {
    std::optional<bool> Value = Fixed && S->getCond() && !S->isConsteval()
                                    ? Fixed(S->getCond())
                                    : std::nullopt;
    if (!Value)
      return RecursiveASTVisitor::TraverseIfStmt(S);
    return TraverseStmt(S->getInit()) &&
           TraverseStmt(S->getConditionVariableDeclStmt()) &&
           TraverseStmt(S->getCond()) &&
           TraverseStmt(*Value ? S->getThen() : S->getElse());
  }

  /// The variable, or field of `this`, that E names, a holder's `->`
  /// looked through.
  static const ValueDecl *target(const Expr *E) {
    E = api::ignoreWrappers(E);
    if (const auto *OC = dyn_cast_or_null<CXXOperatorCallExpr>(E))
      if (OC->getOperator() == OO_Arrow && OC->getNumArgs() == 1)
        E = api::ignoreWrappers(OC->getArg(0));
    if (const auto *DRE = dyn_cast_or_null<DeclRefExpr>(E))
      return DRE->getDecl();
    const auto *ME = dyn_cast_or_null<MemberExpr>(E);
    if (!ME || !isa<CXXThisExpr>(ME->getBase()->IgnoreParenImpCasts()))
      return nullptr;
    return dyn_cast<FieldDecl>(ME->getMemberDecl());
  }

  bool VisitCXXOperatorCallExpr(CXXOperatorCallExpr *OC) {
    if (OC->isAssignmentOp() && OC->getNumArgs() >= 1)
      add(OC->getArg(0));
    return true;
  }
  bool VisitBinaryOperator(BinaryOperator *BO) {
    if (BO->isAssignmentOp())
      add(BO->getLHS());
    return true;
  }
  bool VisitUnaryOperator(UnaryOperator *UO) {
    if (UO->getOpcode() == UO_AddrOf)
      add(UO->getSubExpr());
    return true;
  }
  bool VisitCXXMemberCallExpr(CXXMemberCallExpr *MC) {
    // model_->to(device): Module::to moves the module in place;
    // device.set_index(1) changes a device.
    if (const CXXMethodDecl *MD = MC->getMethodDecl())
      if (api::isModuleTo(MD) || api::isScriptModuleTo(MC) ||
          (!MD->isConst() && api::isDeviceType(compat::objectType(MD))))
        add(MC->getImplicitObjectArgument());
    return true;
  }
  bool VisitLambdaExpr(LambdaExpr *LE) {
    // A variable captured by reference may change whenever the lambda runs.
    for (const LambdaCapture &C : LE->captures())
      if (C.capturesVariable() && C.getCaptureKind() == LCK_ByRef)
        if (const auto *VD = dyn_cast<ValueDecl>(C.getCapturedVar()))
          Written.insert(VD);
    return true;
  }
  bool VisitCallExpr(CallExpr *CE) {
    // Arguments bound to non-const references may be reassigned. (Lambda
    // bodies that capture `this` are visited too, as part of the method.)
    const FunctionDecl *Callee = CE->getDirectCallee();
    if (!Callee || isa<CXXOperatorCallExpr>(CE))
      return true;
    // std::get<1>(best) reads an element (its non-const reference is for
    // the caller to write through, which `auto labels = ...` does not).
    if (Callee->isInStdNamespace() && Callee->getIdentifier() &&
        Callee->getName() == "get")
      return true;
    // LibTorch's templates that forward their arguments to a constructor
    // (`TensorOptions::device(Args&&...)` builds an optional<Device>): the
    // forwarding reference is a non-const one that nothing writes through.
    if (Callee->getPrimaryTemplate() && api::isInTorchNamespace(Callee))
      return true;
    for (unsigned I = 0; I < CE->getNumArgs() && I < Callee->getNumParams();
         ++I) {
      QualType T = Callee->getParamDecl(I)->getType();
      if (T->isReferenceType() && !T.getNonReferenceType().isConstQualified())
        add(CE->getArg(I));
    }
    return true;
  }

  /// For `stats_.mean` (a tensor in a struct field of `this`): stats_.
  static const FieldDecl *holderFieldOf(const Expr *E) {
    const auto *ME = dyn_cast_or_null<MemberExpr>(api::ignoreWrappers(E));
    if (!ME || ME->isArrow())
      return nullptr;
    const auto *Base =
        dyn_cast<MemberExpr>(ME->getBase()->IgnoreParenImpCasts());
    if (!Base || !isa<CXXThisExpr>(Base->getBase()->IgnoreParenImpCasts()))
      return nullptr;
    const auto *F = dyn_cast<FieldDecl>(Base->getMemberDecl());
    return F && isTensorAggregateType(F->getType()) ? F : nullptr;
  }

private:
  void add(const Expr *E) {
    if (const ValueDecl *VD = target(E))
      Written.insert(VD);
    // A write to one tensor of a member struct changes the struct.
    else if (const FieldDecl *F = holderFieldOf(E))
      Written.insert(F);
  }
};

} // namespace flow
} // namespace torchlint

#endif
