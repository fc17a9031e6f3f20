//===- FlowProperty.h - What every flow property walks the same -*- C++ -*-===//
//
// Internal to the analysis layer. The device and dtype properties of the
// flow engine follow values through the same statements: a declaration
// binds a local to its initialiser, an assignment rebinds a tracked local or
// field, a constructor's initialisers fill the fields of its class, a
// push_back widens a local container, a return joins the summary, and a
// member call of a module's forward(), a container or the user's own method
// is dispatched the same way; locals, parameters, fields, conditionals,
// std::get, factories, operators and calls of the project's functions with
// their summaries are read the same way. FlowProperty writes those once,
// over the property's value type V; a property (CRTP's Derived) supplies
// only what its values mean (the list below).
//
//===----------------------------------------------------------------------===//

#ifndef TORCHLINT_ANALYSIS_FLOWPROPERTY_H
#define TORCHLINT_ANALYSIS_FLOWPROPERTY_H

#include "FlowSolver.h"
#include "FlowSupport.h"

#include "torchlint/analysis/Provenance.h"
#include "torchlint/core/LLVMCompat.h"

#include "clang/AST/ExprCXX.h"
#include "clang/Analysis/CFG.h"
#include "llvm/ADT/DenseMap.h"

#include <memory>
#include <optional>
#include <vector>

namespace torchlint {
namespace flow {

/// The statement transfer and bookkeeping one property of one function
/// shares with every other property. Derived provides:
///   evalOwn(E, S, Depth): the expressions the property reads its own way
///     (LibTorch's functions, methods and operators on tensors);
///   parameterFacts(P), untrackedField(F), memberFacts(ME): what a
///     parameter, a tracked field no write has reached, another member are;
///   evalFactory(CE, S, Depth), newModule(VD, Init, Loc, S): a new tensor
///     and a new module; scriptModule(Init, Loc, S): a TorchScript module
///     (torch::jit::load's);
///   evalModuleCall(...): a module's forward();
///   summaryOf(Def), evalValueArg(E, S, Depth), evalUnsummarised(...),
///     externalCall(Call, Callee), importedCall(...): the pieces of
///     evalUserCall;
///   transfer(S, St, Report): the statement transfer;
/// and may hide noteAssignment to annotate a value an assignment stores.
template <class Derived, class V> class FlowProperty {
public:
  using Facts = FactSet<V>;
  using StateTy = PropertyMap<V>;

  /// The class whose fields a method of it tracks as abstract locations:
  /// an ordinary class (a trainer, an agent, a replay buffer). Fields of a
  /// torch::nn::Module move with the module and follow its input instead;
  /// lambdas' closure classes have no state of their own worth tracking.
  static const clang::CXXRecordDecl *
  trackedClassOf(const clang::FunctionDecl *FD) {
    const auto *MD = llvm::dyn_cast<clang::CXXMethodDecl>(FD);
    if (!MD || MD->isStatic())
      return nullptr;
    const clang::CXXRecordDecl *RD = MD->getParent();
    if (!RD || RD->isLambda() || RD->isDependentContext() ||
        api::isModuleClass(RD) || api::isInTorchNamespace(RD))
      return nullptr;
    return RD;
  }

  /// The solver's client interface (FlowSolver.h) for this property alone.
  void transferElement(const clang::CFGElement &El, StateTy &St,
                       bool Report) {
    if (std::optional<clang::CFGStmt> CS = El.getAs<clang::CFGStmt>())
      self().transfer(CS->getStmt(), St, Report);
    else if (std::optional<clang::CFGInitializer> CI =
                 El.getAs<clang::CFGInitializer>())
      transferInitializer(CI->getInitializer(), St);
  }

protected:
  FlowProperty(ProvenanceCache &Cache, const clang::FunctionDecl *FD,
               const clang::CXXRecordDecl *TrackedClass)
      : Cache(Cache), Ctx(Cache.context()), FD(FD),
        TrackedClass(TrackedClass) {
    if (const auto *MD = llvm::dyn_cast<clang::CXXMethodDecl>(FD))
      InModule = api::isModuleClass(MD->getParent());
  }

  Derived &self() { return static_cast<Derived &>(*this); }

  /// The local variable, parameter or field of `this` that E names (a
  /// module holder's `->` looked through), whose facts the state keeps.
  const clang::ValueDecl *trackedDecl(const clang::Expr *E) const {
    const clang::ValueDecl *D = WriteFinder::target(E);
    // Fields only of the class whose state this function tracks.
    if (const auto *F = llvm::dyn_cast_or_null<clang::FieldDecl>(D))
      return TrackedClass && F->getParent() == TrackedClass ? F : nullptr;
    return D;
  }

  /// What the state holds for the local, parameter or field E names (a
  /// module holder's `->` looked through: the object of model->forward(x)),
  /// or unknown.
  Facts stateOf(const clang::Expr *E, const StateTy &S) const {
    if (const clang::ValueDecl *VD = trackedDecl(E)) {
      auto It = S.find(VD);
      if (It != S.end())
        return It->second;
    }
    return Facts();
  }

  /// True when VD, a local of this or another function, may change after
  /// its initialisation (assigned, passed by reference, captured by
  /// reference) in code that can run: a write in a branch a fixed
  /// condition never takes (`if (!cpu_only) device = ...;` under `bool
  /// cpu_only = true;`) is none. A local of another function (a caller's
  /// device handed to a constructor) is read against that function's own
  /// writes.
  bool isMutatedLocal(const clang::VarDecl *VD) {
    return writtenLocal(VD, /*Live=*/true);
  }

  /// isMutatedLocal, counting every write (Live false) or only those that
  /// can run (true).
  bool writtenLocal(const clang::VarDecl *VD, bool Live) {
    const auto *Owner = llvm::dyn_cast_or_null<clang::FunctionDecl>(
        VD->getParentFunctionOrMethod());
    if (!Owner || !Owner->getBody())
      return true;
    std::unique_ptr<WriteFinder> &W = (Live ? LiveWrites : Writes)[Owner];
    if (!W) {
      W = std::make_unique<WriteFinder>();
      // Whether a condition is fixed rests on every write, live or not.
      if (Live)
        W->Fixed = [this](const clang::Expr *C) { return fixedCondition(C); };
      W->TraverseStmt(Owner->getBody());
    }
    return W->Written.count(VD);
  }

  /// The value Cond always has, when it is fixed: a bool literal, or a
  /// local bool initialised with a fixed value and never written after
  /// (`bool verbose = false;`, `bool cpu_only = true;`), through !, && and
  /// ||. A branch it never takes does not run (flow::deadEdges).
  std::optional<bool> fixedCondition(const clang::Expr *Cond,
                                     unsigned Depth = 0) {
    using namespace clang;
    if (!Cond || Depth > 4 || Cond->isValueDependent())
      return std::nullopt;
    const Expr *E = Cond->IgnoreParenImpCasts();
    if (const auto *B = dyn_cast<CXXBoolLiteralExpr>(E))
      return B->getValue();
    if (const auto *U = dyn_cast<UnaryOperator>(E);
        U && U->getOpcode() == UO_LNot) {
      if (std::optional<bool> Inner =
              fixedCondition(U->getSubExpr(), Depth + 1))
        return !*Inner;
      return std::nullopt;
    }
    if (const auto *BO = dyn_cast<BinaryOperator>(E); BO && BO->isLogicalOp()) {
      std::optional<bool> L = fixedCondition(BO->getLHS(), Depth + 1);
      std::optional<bool> R = fixedCondition(BO->getRHS(), Depth + 1);
      bool And = BO->getOpcode() == BO_LAnd;
      // Either side decides alone when it is the absorbing value.
      if ((L && *L != And) || (R && *R != And))
        return !And;
      if (L && R)
        return And;
      return std::nullopt;
    }
    const auto *DRE = dyn_cast<DeclRefExpr>(E);
    const auto *VD = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
    if (!VD || !VD->isLocalVarDecl() || VD->isStaticLocal() ||
        !VD->getType()->isBooleanType() || VD->getType()->isReferenceType() ||
        !VD->hasInit() || writtenLocal(VD, /*Live=*/false))
      return std::nullopt;
    return fixedCondition(VD->getInit(), Depth + 1);
  }

  void assign(const clang::ValueDecl *VD, Facts Value, StateTy &St) {
    Value.nameSubject(VD->getNameAsString());
    St[VD] = std::move(Value);
  }

  /// What the tensor expression E is. The expressions every property reads
  /// alike are read here: a local or field the state tracks, a parameter
  /// (Derived's parameterFacts), a field of a tracked object no write has
  /// reached yet (untrackedField), a field of a holder of tensors (what its
  /// tensors agree on), another member (memberFacts), a conditional (the
  /// join of its arms). Derived's evalOwn reads the rest.
  Facts evalTensor(const clang::Expr *E, const StateTy &S, unsigned Depth = 0) {
    using namespace clang;
    if (!E || Depth > 24)
      return Facts();
    E = api::ignoreWrappers(E);
    if (const auto *DRE = dyn_cast<DeclRefExpr>(E)) {
      auto It = S.find(DRE->getDecl());
      if (It != S.end())
        return It->second;
      if (const auto *P = dyn_cast<ParmVarDecl>(DRE->getDecl()))
        return self().parameterFacts(P);
      return Facts();
    }
    if (const auto *ME = dyn_cast<MemberExpr>(E)) {
      if (const ValueDecl *Field = trackedDecl(ME)) {
        auto It = S.find(Field);
        return It != S.end() ? It->second : self().untrackedField(Field);
      }
      if (std::optional<Facts> R = fieldOfCall(ME, S, Depth))
        return *R;
      // net->forward(x).first and batch.obs: what the holder's tensors
      // agree on.
      if (const Expr *Holder = tensorHolderOf(ME))
        return evalContainer(Holder, S, Depth + 1);
      return self().memberFacts(ME);
    }
    if (const auto *CO = dyn_cast<ConditionalOperator>(E)) {
      Facts R = evalTensor(CO->getTrueExpr(), S, Depth + 1);
      R.join(evalTensor(CO->getFalseExpr(), S, Depth + 1));
      return R;
    }
    return self().evalOwn(E, S, Depth);
  }

  /// A call of a function another unit defines whose summary the project
  /// index holds: its argument Arg when the summary follows it (Form is
  /// the property's form there), with a step that names the callee.
  std::optional<Facts> followedArgument(const clang::Expr *Call,
                                        const FunctionSummary &Imported,
                                        FunctionSummary::Form Form,
                                        unsigned Arg,
                                        llvm::ArrayRef<const clang::Expr *> Args,
                                        const StateTy &S, unsigned Depth) {
    if (Form != FunctionSummary::Form::FollowsArg || Arg >= Args.size())
      return std::nullopt;
    Facts R = self().evalTensor(Args[Arg], S, Depth + 1);
    R.addStep(Call->getBeginLoc(), "is returned by '" + Imported.Name +
                                       "' here, defined in " + Imported.File);
    return R;
  }

  /// The step of a value another unit's function returns as its own: where
  /// the defining unit saw it made ("is returned by 'load_labels' here,
  /// defined in data.cpp, where it is created as Int at line 30 (...)").
  static std::string importedStep(const FunctionSummary &Imported,
                                  const FunctionSummary::Origin &O) {
    std::string Step =
        "is returned by '" + Imported.Name + "' here, defined in " +
        Imported.File;
    if (O.Message.empty())
      return Step;
    std::string Where = " at " +
                        (O.File == Imported.File ? "line " : O.File + ":") +
                        std::to_string(O.Line);
    std::string Story = O.Message;
    size_t Here = Story.find(" here");
    if (Here != std::string::npos)
      Story.replace(Here, 5, Where);
    else
      Story += Where;
    return Step + ", where it " + Story;
  }

  /// importedStep for the field Field of the struct Imported returns.
  static std::string importedFieldStep(const FunctionSummary &Imported,
                                       llvm::StringRef Field,
                                       const FunctionSummary::Origin &O) {
    std::string Step = importedStep(Imported, O);
    Step.insert(("is returned by '" + Imported.Name + "' here").size(),
                ", in its field '" + Field.str() + "'");
    return Step;
  }

  /// The calls every property reads alike: std::get of a tuple, a factory
  /// (Derived's evalFactory) and the project's own functions (their
  /// summaries). Nothing for another LibTorch function, which the property
  /// decides.
  std::optional<Facts> dispatchCall(const clang::CallExpr *CE, const StateTy &S,
                                    unsigned Depth) {
    const clang::FunctionDecl *Callee = CE->getDirectCallee();
    if (!Callee || !Callee->getIdentifier())
      return Facts();
    // std::get<N>(lstm(x)): what the tuple's tensors agree on.
    if (Callee->isInStdNamespace() && Callee->getName() == "get" &&
        CE->getNumArgs() == 1) {
      if (std::optional<Facts> Element = self().tupleElement(CE, S, Depth))
        return *Element;
      return evalContainer(CE->getArg(0), S, Depth + 1);
    }
    if (api::isFactoryCall(CE))
      return self().evalFactory(CE, S, Depth);
    if (!api::isTorchNamespaceFunction(Callee))
      return evalUserCall(CE, Callee, {CE->getArgs(), CE->getNumArgs()}, S,
                          Depth);
    return std::nullopt;
  }

  /// What the tensors of a container, tuple or braced list agree on.
  Facts evalContainer(const clang::Expr *E, const StateTy &S, unsigned Depth) {
    return containerFacts<V>(E, Depth, [&](const clang::Expr *X, unsigned D) {
      return self().evalTensor(X, S, D);
    });
  }

  /// std::get<N>(t) where the property knows element N on its own (the
  /// indices of x.max(1)); nothing otherwise.
  std::optional<Facts> tupleElement(const clang::CallExpr *, const StateTy &,
                                    unsigned) {
    return std::nullopt;
  }

  /// The call a tuple expression E comes from: E itself, or the initialiser
  /// of a local tuple that never changes (`auto best = probs.max(1);`).
  const clang::CallExpr *tupleSource(const clang::Expr *E) {
    E = api::ignoreWrappers(E);
    if (const auto *DRE = llvm::dyn_cast<clang::DeclRefExpr>(E))
      if (const auto *VD = llvm::dyn_cast<clang::VarDecl>(DRE->getDecl()))
        if (VD->isLocalVarDecl() && VD->hasInit() &&
            !VD->getType()->isReferenceType() && !isMutatedLocal(VD))
          E = api::ignoreWrappers(VD->getInit());
    return llvm::dyn_cast<clang::CallExpr>(E);
  }

  /// A value an assignment statement OC stores; a property may add a step.
  void noteAssignment(const clang::CXXOperatorCallExpr *, Facts &) {}

  /// A constructor's initialiser of a field of the tracked class.
  void transferInitializer(const clang::CXXCtorInitializer *Init,
                           StateTy &St) {
    const clang::FieldDecl *F = Init->getMember();
    const clang::Expr *E = Init->getInit();
    if (!F || !E || F->getParent() != TrackedClass)
      return;
    if (const auto *Default = llvm::dyn_cast<clang::CXXDefaultInitExpr>(E))
      E = Default->getExpr();
    if (!E || F->getType()->isReferenceType())
      return;
    if (api::isTensorType(F->getType())) {
      assign(F, self().evalTensor(E, St, 0), St);
    } else if (api::isScriptModuleType(F->getType())) {
      assign(F, self().scriptModule(E, Init->getSourceLocation(), St), St);
    } else if (isModuleValueType(F->getType())) {
      // A member the constructor does not name is built where it is
      // declared.
      clang::SourceLocation At =
          Init->isWritten() ? Init->getSourceLocation() : F->getLocation();
      assign(F, self().newModule(F, E, At, St), St);
    }
  }

  /// What every property does with a statement before its own values: a
  /// call forgets the modules it hands to code that may move or convert
  /// them (`setup(model, device)`), and declarations and assignments are
  /// read. True when S needs nothing more.
  bool transferShared(const clang::Stmt *S, StateTy &St) {
    using namespace clang;
    if (const auto *CE = dyn_cast<CallExpr>(S))
      forgetModulesHandedOn(
          CE, St, [this](const Expr *E) { return trackedDecl(E); }, Ctx);
    if (const auto *DS = dyn_cast<DeclStmt>(S)) {
      transferDecl(DS, St);
      return true;
    }
    if (const auto *OC = dyn_cast<CXXOperatorCallExpr>(S)) {
      transferAssignment(OC, St);
      return true;
    }
    return false;
  }

  /// A declaration of tensors, containers, aggregates and modules.
  void transferDecl(const clang::DeclStmt *DS, StateTy &St) {
    using namespace clang;
    for (const Decl *D : DS->decls()) {
      const auto *VD = dyn_cast<VarDecl>(D);
      if (!VD)
        continue;
      if (const auto *DD = dyn_cast<DecompositionDecl>(VD)) {
        // auto [out, state] = lstm(x): every element from the same call.
        Facts Value = self().evalTensor(DD->getInit(), St, 0);
        for (const BindingDecl *B : DD->bindings())
          assign(B, Value, St);
        continue;
      }
      QualType T = VD->getType();
      // for (auto &t : tensors): each element, while they all agree and the
      // loop does not rebind the variable.
      if (api::isTensorType(T) || holdsTensors(T))
        if (const Expr *Range = rangeOfLoopVariable(DS, Ctx)) {
          assign(VD, isMutatedLocal(VD) ? Facts() : evalContainer(Range, St, 0),
                 St);
          continue;
        }
      if (T->isReferenceType())
        continue;
      const Expr *Init =
          VD->hasInit() ? api::ignoreWrappers(VD->getInit()) : nullptr;
      const auto *Ctor = dyn_cast_or_null<CXXConstructExpr>(Init);
      bool Empty = !Init || (Ctor && Ctor->getNumArgs() == 0);
      if (api::isTensorType(T)) {
        assign(VD, VD->hasInit() ? self().evalTensor(VD->getInit(), St, 0)
                                 : Facts(),
               St);
      } else if (api::isTensorContainerType(T)) {
        // An empty container is filled later: its first element decides.
        if (!Empty)
          assign(VD, evalContainer(Init, St, 0), St);
      } else if (isTensorAggregateType(T)) {
        // auto batch = buffer.sample(n): while no field is written.
        if (!Empty && !isMutatedLocal(VD) &&
            !fieldsMayChange(VD, FD->getBody()))
          assign(VD, evalContainer(Init, St, 0), St);
      } else if (api::isScriptModuleType(T)) {
        assign(VD,
               VD->hasInit()
                   ? self().scriptModule(VD->getInit(), VD->getLocation(), St)
                   : Facts(),
               St);
      } else if (isModuleValueType(T)) {
        assign(VD,
               VD->hasInit()
                   ? self().newModule(VD, VD->getInit(), VD->getLocation(), St)
                   : Facts(),
               St);
      } else if (api::isScriptValueType(T)) {
        // auto out = module.forward(inputs): what the module computed.
        assign(VD, VD->hasInit() ? self().evalTensor(VD->getInit(), St, 0)
                                 : Facts(),
               St);
      }
    }
  }

  /// `x = ...` of a tracked tensor or module, and std::tie(a, b) = ....
  void transferAssignment(const clang::CXXOperatorCallExpr *OC, StateTy &St) {
    using namespace clang;
    if (OC->getOperator() != OO_Equal || OC->getNumArgs() != 2)
      return;
    const Expr *Lhs = api::ignoreWrappers(OC->getArg(0));
    // std::tie(logits, value) = net_->forward(obs): each tied local takes the
    // tuple's elements while they agree.
    if (const auto *Tie = tieCall(Lhs)) {
      Facts Value = evalContainer(OC->getArg(1), St, 0);
      for (const ValueDecl *Tied : tiedLocals(Tie))
        if (St.count(Tied))
          assign(Tied, Value, St);
      return;
    }
    // stats_.mean = stats_.mean.to(device_): the member struct holds what
    // its tensors agree on, the one written included.
    if (const clang::FieldDecl *Holder = WriteFinder::holderFieldOf(Lhs);
        Holder && Holder->getParent() == TrackedClass) {
      Facts Value = self().evalTensor(OC->getArg(1), St, 0);
      auto It = St.find(Holder);
      if (It != St.end()) {
        Facts Both[] = {It->second, std::move(Value)};
        Value = agree<V>(Both);
      } else {
        Value = Facts();
      }
      assign(Holder, std::move(Value), St);
      return;
    }
    // batch.states = torch::stack(states): a local aggregate filled field
    // by field holds what every field written so far agrees on.
    if (const clang::VarDecl *Holder = filledByField(Lhs)) {
      Facts Value = self().evalTensor(OC->getArg(1), St, 0);
      auto It = St.find(Holder);
      if (It != St.end()) {
        Facts Both[] = {It->second, std::move(Value)};
        Value = agree<V>(Both);
      }
      assign(Holder, std::move(Value), St);
      return;
    }
    const ValueDecl *VD = isa<DeclRefExpr>(Lhs) || isa<MemberExpr>(Lhs)
                              ? trackedDecl(Lhs)
                              : nullptr;
    // A field is tracked from its first assignment on; a local from its
    // declaration.
    if (!VD || !(isa<FieldDecl>(VD) || St.count(VD)))
      return;
    if (api::isTensorType(VD->getType())) {
      Facts Value = self().evalTensor(OC->getArg(1), St, 0);
      self().noteAssignment(OC, Value);
      assign(VD, std::move(Value), St);
    } else if (isa<FieldDecl>(VD) && isTensorAggregateType(VD->getType())) {
      // stats_ = channel_stats(data): a member struct of tensors holds what
      // its tensors agree on, as a local one does.
      assign(VD, evalContainer(OC->getArg(1), St, 0), St);
    } else if (api::isScriptModuleType(VD->getType())) {
      assign(VD, self().scriptModule(OC->getArg(1), OC->getBeginLoc(), St),
             St);
    } else if (isModuleValueType(VD->getType())) {
      // model_ = Net(...): a new module, born on the CPU and as Float.
      assign(VD, self().newModule(VD, OC->getArg(1), OC->getBeginLoc(), St),
             St);
    }
  }

  /// For `batch.field` where batch is a local tensor aggregate declared
  /// empty (`Batch batch;`) whose fields the body only ever assigns, batch;
  /// else null.
  const clang::VarDecl *filledByField(const clang::Expr *Lhs) {
    using namespace clang;
    const auto *ME = dyn_cast<MemberExpr>(Lhs);
    if (!ME || ME->isArrow() || !api::isTensorType(ME->getType()))
      return nullptr;
    const auto *DRE = dyn_cast<DeclRefExpr>(api::ignoreWrappers(ME->getBase()));
    return filledLocal(DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr);
  }

  /// VD when it is a local tensor aggregate declared empty whose fields the
  /// body only ever assigns; else null.
  const clang::VarDecl *filledLocal(const clang::VarDecl *VD) {
    using namespace clang;
    if (!VD || !VD->isLocalVarDecl() || VD->getType()->isReferenceType() ||
        !isTensorAggregateType(VD->getType()))
      return nullptr;
    auto [It, New] = FilledByField.try_emplace(VD, false);
    if (New) {
      const Expr *Init =
          VD->hasInit() ? api::ignoreWrappers(VD->getInit()) : nullptr;
      const auto *Ctor = dyn_cast_or_null<CXXConstructExpr>(Init);
      bool Empty = !Init || (Ctor && Ctor->getNumArgs() == 0);
      It->second =
          Empty && !isMutatedLocal(VD) && fieldsOnlyAssigned(VD, FD->getBody());
    }
    return It->second ? VD : nullptr;
  }

  /// v.push_back(t), v.emplace_back(x, y) into a local container: it holds
  /// what every element agrees on. True when MC was such a call.
  bool appendToLocal(const clang::CXXMemberCallExpr *MC, StateTy &St) {
    using namespace clang;
    const CXXMethodDecl *MD = MC->getMethodDecl();
    if (!isAppend(MC))
      return false;
    const auto *DRE = dyn_cast<DeclRefExpr>(
        api::ignoreWrappers(MC->getImplicitObjectArgument()));
    const auto *VD = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
    if (!VD || VD->getParentFunctionOrMethod() != FD || !MD)
      return false;
    Facts Elem = appendedElement(MC, St);
    auto It = St.find(VD);
    St[VD] = It == St.end() ? Elem : agree<V>({It->second, Elem});
    return true;
  }

  /// True for a push_back or emplace_back of tensors (or pairs and tuples
  /// of them) into a container of tensors.
  static bool isAppend(const clang::CXXMemberCallExpr *MC) {
    const clang::CXXMethodDecl *MD = MC->getMethodDecl();
    return MD && MD->getIdentifier() && MC->getNumArgs() >= 1 &&
           (MD->getName() == "push_back" || MD->getName() == "emplace_back") &&
           api::isTensorContainerType(
               MC->getImplicitObjectArgument()->getType()) &&
           llvm::all_of(MC->arguments(), [](const clang::Expr *A) {
             // inputs.push_back(x) into a std::vector<IValue> converts x.
             return api::isTensorType(api::ignoreWrappers(A)->getType()) ||
                    holdsTensors(A->getType());
           });
  }

  /// The element an append (isAppend) adds: what its arguments agree on.
  Facts appendedElement(const clang::CXXMemberCallExpr *MC, const StateTy &St) {
    llvm::SmallVector<Facts, 2> Parts;
    for (const clang::Expr *A : MC->arguments())
      Parts.push_back(api::isTensorType(api::ignoreWrappers(A)->getType())
                          ? self().evalTensor(A, St, 0)
                          : evalContainer(A, St, 0));
    return agree<V>(Parts);
  }

  /// The member calls every property reads alike: a module's forward(),
  /// v.at(i) of a container of tensors, and the unit's own methods (a
  /// trainer's make_batch()). Nothing for a LibTorch tensor method, which
  /// the property decides.
  std::optional<Facts> dispatchMethod(const clang::CXXMemberCallExpr *MC,
                                    const StateTy &S, unsigned Depth) {
    const clang::CXXMethodDecl *MD = MC->getMethodDecl();
    const clang::Expr *Object = MC->getImplicitObjectArgument();
    if (!MD || !Object)
      return Facts();
    // module.forward(inputs), module.run_method("name", x).
    if (std::optional<api::ScriptModuleCall> SC = api::scriptModuleCall(MC))
      return self().evalModuleCall(MC, SC->Module, SC->Args, S, Depth);
    // out.toTuple()->elements()[0].toTensor(): what the module computed.
    if (api::carriesScriptValue(MD))
      return self().evalTensor(Object, S, Depth + 1);
    if (api::isModuleForward(MD)) {
      llvm::SmallVector<const clang::Expr *, 4> Args(MC->arguments());
      return self().evalModuleCall(MC, Object, Args, S, Depth);
    }
    if (api::isTensorContainerType(Object->getType()))
      return evalContainer(MC, S, Depth);
    if (!api::isInTorchNamespace(MD) && !api::isTensorType(Object->getType()))
      return self().evalUserCall(MC, MD, {MC->getArgs(), MC->getNumArgs()}, S,
                                 Depth);
    if (!api::isTensorType(Object->getType()) || !MD->getIdentifier())
      return Facts();
    return std::nullopt;
  }

  /// The operator calls every property reads alike: a module's call, an
  /// assignment (what it stores), pieces[0] of a container of tensors, and
  /// a lambda or function object of the project (make_targets(8)). Nothing
  /// for an operator on tensors, which the property decides.
  std::optional<Facts> dispatchOperator(const clang::CXXOperatorCallExpr *OC,
                                        const StateTy &S, unsigned Depth) {
    using namespace clang;
    OverloadedOperatorKind K = OC->getOperator();
    unsigned N = OC->getNumArgs();
    if (std::optional<api::ScriptModuleCall> SC = api::scriptModuleCall(OC))
      return self().evalModuleCall(OC, SC->Module, SC->Args, S, Depth);
    // tuple->elements() and elements[0] of a TorchScript result.
    if ((K == OO_Arrow || K == OO_Subscript) && N >= 1 &&
        api::isScriptValueType(OC->getArg(0)->getType()))
      return self().evalTensor(OC->getArg(0), S, Depth + 1);
    if (K == OO_Call && N >= 1) {
      llvm::SmallVector<const Expr *, 4> Args(
          llvm::drop_begin(OC->arguments()));
      if (isModuleValueType(OC->getArg(0)->getType()))
        return self().evalModuleCall(OC, OC->getArg(0), Args, S, Depth);
      if (const CXXMethodDecl *Op = callOperatorOf(OC))
        return api::isInTorchNamespace(Op)
                   ? Facts()
                   : evalUserCall(OC, Op, Args, S, Depth);
    }
    if (K == OO_Equal && N == 2)
      return self().evalTensor(OC->getArg(1), S, Depth + 1);
    if (K == OO_Subscript && N == 2 &&
        api::isTensorContainerType(OC->getArg(0)->getType()))
      return evalContainer(OC->getArg(0), S, Depth + 1);
    return std::nullopt;
  }

  /// A call of the project's own function, method, lambda or function
  /// object Callee: its summary applied to the arguments, with a step that
  /// names it. Derived supplies summaryOf(Def), evalValueArg (the value a
  /// device or dtype argument names), evalUnsummarised (what a call whose
  /// summary is FixedOnThis or Unknown gives) and externalCall (a callee
  /// whose body is in another unit).
  Facts evalUserCall(const clang::Expr *Call, const clang::FunctionDecl *Callee,
                     llvm::ArrayRef<const clang::Expr *> Args, const StateTy &S,
                     unsigned Depth) {
    if (std::optional<Facts> R = evalVirtualCall(Call, Callee, Args, S, Depth))
      return *R;
    const clang::FunctionDecl *Def = nullptr;
    if (!Callee->hasBody(Def)) {
      // Defined in another unit: what the project index says it returns,
      // in terms of its arguments or as a value of its own.
      if (const FunctionSummary *Imported = Cache.imported(Callee))
        if (std::optional<Facts> R =
                self().importedCall(Call, Callee, *Imported, Args, S, Depth))
          return *R;
      return self().externalCall(Call, Callee);
    }
    if (api::isTorchNamespaceFunction(Def) || isInStd(Def))
      return Facts();
    Facts R = applySummary(Call, Def, Args, S, Depth);
    // A lambda or function object is named by the variable that holds it.
    const auto *OC = llvm::dyn_cast<clang::CXXOperatorCallExpr>(Call);
    std::string Name = OC ? text(OC->getArg(0), Ctx) : Def->getNameAsString();
    R.addStep(Call->getBeginLoc(), "is returned by '" + Name + "' here");
    return R;
  }

  /// What Def, a body of the unit that Call runs, returns there: its
  /// summary applied to Args.
  Facts applySummary(const clang::Expr *Call, const clang::FunctionDecl *Def,
                     llvm::ArrayRef<const clang::Expr *> Args, const StateTy &S,
                     unsigned Depth) {
    const Summary<V> &Sum = self().summaryOf(Def);
    Facts R;
    switch (Sum.Kind) {
    case Summary<V>::Fixed:
      R = Facts(Sum.Fact);
      break;
    case Summary<V>::FollowsArg:
      if (Sum.Index < Args.size())
        R = self().evalTensor(Args[Sum.Index], S, Depth + 1);
      break;
    case Summary<V>::FollowsValueArg:
      if (Sum.Index < Args.size())
        R = self().evalValueArg(Args[Sum.Index], S, Depth + 1);
      break;
    case Summary<V>::FixedOnThis:
    case Summary<V>::Unknown:
      R = self().evalUnsummarised(Call, Def, Args, S, Depth);
      break;
    }
    return R;
  }

  /// One body a virtual call may run, and what it returns there.
  struct Alternative {
    std::string Class; ///< The overrider's class ("CudaBackend").
    std::string File;  ///< Its file, when another unit defines it.
    Facts Value;
  };

  /// The bodies a virtual call may run: this unit's definitions (the
  /// method's own, unless pure, then its overriders) and the overriders
  /// the project index holds. Nothing when the call is not virtual, is
  /// devirtualised (a final class, an object of known type), or may run
  /// fewer than two bodies: then the call reads by the function it names.
  struct VirtualBodies {
    llvm::SmallVector<const clang::FunctionDecl *, 4> Defs;
    std::vector<std::pair<std::string, const FunctionSummary *>> Imported;
  };
  std::optional<VirtualBodies>
  virtualBodies(const clang::CXXMemberCallExpr *MC,
                const clang::CXXMethodDecl *MD) {
    using namespace clang;
    const Expr *Object = MC ? MC->getImplicitObjectArgument() : nullptr;
    if (!MD || !MD->isVirtual() || !Object ||
        MD->getDevirtualizedMethod(Object, /*IsAppleKext=*/false))
      return std::nullopt;
    VirtualBodies B;
    const FunctionDecl *Own = nullptr;
    if (MD->hasBody(Own) && !compat::isPureVirtual(MD))
      B.Defs.push_back(Own);
    for (const FunctionDecl *Def : Cache.overriders(MD))
      if (Def != Own)
        B.Defs.push_back(Def);
    B.Imported = Cache.importedOverriders(MD);
    if (B.Defs.size() + B.Imported.size() < 2)
      return std::nullopt;
    return B;
  }

  /// A virtual call whose object's dynamic type is not in view
  /// (`backend_->infer(x)`): the join (the property's joinAlternatives)
  /// over every body it may run, the unit's overriders and, through the
  /// project index, those of other units. Nothing when the call is not
  /// virtual, no two bodies are in view, or the join is unknown (the call
  /// then reads as before, by the function it names).
  std::optional<Facts> evalVirtualCall(const clang::Expr *Call,
                                       const clang::FunctionDecl *Callee,
                                       llvm::ArrayRef<const clang::Expr *> Args,
                                       const StateTy &S, unsigned Depth) {
    using namespace clang;
    const auto *MC = dyn_cast<CXXMemberCallExpr>(Call);
    const auto *MD = dyn_cast<CXXMethodDecl>(Callee);
    std::optional<VirtualBodies> Bodies = virtualBodies(MC, MD);
    if (!Bodies)
      return std::nullopt;
    std::vector<Alternative> Alts;
    for (const FunctionDecl *Def : Bodies->Defs) {
      if (Def == FD || Def->isTemplated())
        return std::nullopt;
      // A value fixed by the object's fields is what a call on an object
      // of Def's class gets: the property rewords it for this caller.
      const Summary<V> &Sum = self().summaryOf(Def);
      Facts Value = Sum.Kind == Summary<V>::FixedOnThis
                        ? self().heldByObject(Sum.Fact, Def)
                        : applySummary(Call, Def, Args, S, Depth);
      Alts.push_back({cast<CXXMethodDecl>(Def)->getParent()->getNameAsString(),
                      "", std::move(Value)});
    }
    for (const auto &[Usr, Sum] : Bodies->Imported) {
      std::optional<Facts> R =
          self().importedAlternative(Call, Callee, *Sum, Args, S, Depth);
      if (!R)
        return std::nullopt;
      Alts.push_back({Sum->Class, Sum->File, std::move(*R)});
    }
    for (const Alternative &A : Alts)
      if (A.Value.isUnknown())
        return std::nullopt;
    // Unknown: the call reads as before, by the function it names.
    Facts R = self().joinAlternatives(MC, MD, Alts);
    if (R.isUnknown())
      return std::nullopt;
    return R;
  }

  /// What a returned module value is (a factory of the project's models
  /// returns it): what the state holds by default.
  Facts returnedModule(const clang::Expr *Value, const StateTy &St) {
    return self().evalTensor(Value, St, 0);
  }

  /// What a value fixed by the fields of Def's object (a FixedOnThis
  /// summary) is to a caller on another object: unknown by default.
  Facts heldByObject(const Fact<V> &, const clang::FunctionDecl *) {
    return Facts();
  }

  /// The value of a virtual call whose bodies return Alts: what they all
  /// agree on, else unknown (the property may know better).
  Facts joinAlternatives(const clang::CXXMemberCallExpr *Call,
                         const clang::CXXMethodDecl *MD,
                         llvm::ArrayRef<Alternative> Alts) {
    const auto *First = Alts.front().Value.single();
    for (const Alternative &A : Alts)
      if (!A.Value.single() || !First ||
          !(A.Value.single()->Value == First->Value))
        return Facts();
    Facts R = Alts.front().Value;
    R.addStep(Call->getBeginLoc(),
              "is returned by '" + MD->getNameAsString() +
                  "' here, whichever class '" +
                  objectName(Call->getImplicitObjectArgument()) + "' is");
    return R;
  }

  /// How the object of a member call reads in a note: `backend_` for
  /// `backend_->run(x)` on a smart pointer.
  std::string objectName(const clang::Expr *Object) const {
    Object = api::ignoreWrappers(Object);
    if (const auto *OC = llvm::dyn_cast<clang::CXXOperatorCallExpr>(Object))
      if (OC->getOperator() == clang::OO_Arrow && OC->getNumArgs() == 1)
        Object = OC->getArg(0);
    return text(Object, Ctx);
  }

  /// In the reporting pass, `batch.labels = E` into a local aggregate
  /// filled field by field: what each field is given, joined over the
  /// writes, for the field summary of a function that returns it.
  void noteFieldWrite(const clang::Stmt *S, const StateTy &St) {
    using namespace clang;
    const auto *OC = dyn_cast<CXXOperatorCallExpr>(S);
    if (!OC || OC->getOperator() != OO_Equal || OC->getNumArgs() != 2)
      return;
    const Expr *Lhs = api::ignoreWrappers(OC->getArg(0));
    const VarDecl *Holder = filledByField(Lhs);
    if (!Holder)
      return;
    const auto *F = dyn_cast<FieldDecl>(cast<MemberExpr>(Lhs)->getMemberDecl());
    if (!F)
      return;
    Facts Value = self().evalTensor(OC->getArg(1), St, 0);
    auto [It, New] = FieldWrites.try_emplace({Holder, F}, Value);
    if (!New)
      It->second.join(Value);
  }

  /// What a returned tensor aggregate holds field by field: a local filled
  /// field by field, or one built in place (`return {images, labels}`).
  void recordFieldReturns(const clang::Expr *Value, const StateTy &St) {
    using namespace clang;
    const RecordDecl *RD = Value->getType()->getAsRecordDecl();
    const Expr *E = api::ignoreWrappers(Value);
    if (const auto *FC = dyn_cast<CXXFunctionalCastExpr>(E))
      E = api::ignoreWrappers(FC->getSubExpr());
    llvm::DenseMap<const FieldDecl *, Facts> Here;
    if (const auto *DRE = dyn_cast<DeclRefExpr>(E);
        DRE && filledLocal(dyn_cast<VarDecl>(DRE->getDecl()))) {
      const auto *VD = cast<VarDecl>(DRE->getDecl());
      for (const FieldDecl *F : RD->fields()) {
        auto It = FieldWrites.find({VD, F});
        Here[F] = It != FieldWrites.end() ? It->second : Facts();
      }
    } else if (const auto *IL = dyn_cast<InitListExpr>(E);
               IL && IL->getNumInits() <=
                         static_cast<unsigned>(std::distance(
                             RD->field_begin(), RD->field_end()))) {
      unsigned I = 0;
      for (const FieldDecl *F : RD->fields()) {
        const Expr *Init = I < IL->getNumInits() ? IL->getInit(I++) : nullptr;
        Here[F] = Init && api::isTensorType(F->getType())
                      ? self().evalTensor(Init, St, 0)
                      : Facts();
      }
    } else if (const auto *CE = dyn_cast<CallExpr>(E)) {
      // return unpack(module_.forward(inputs)): what the helper returns in
      // each field.
      for (const FieldDecl *F : RD->fields()) {
        std::optional<Facts> R = fieldOfCallExpr(CE, F, St, 0);
        Here[F] = R ? std::move(*R) : Facts();
      }
    } else {
      FieldsUnknown = true;
      return;
    }
    if (FieldReturnsSeen) {
      for (auto &[F, Set] : FieldReturns)
        Set.join(Here.lookup(F));
    } else {
      FieldReturns = std::move(Here);
      FieldReturnsSeen = true;
    }
  }

  /// `batch.labels` where `batch` is a local that a call of the project's
  /// function initialised and nothing changes, or `make_batch().labels`:
  /// what that function returns in the field (the property's calleeField).
  std::optional<Facts> fieldOfCall(const clang::MemberExpr *ME,
                                   const StateTy &S, unsigned Depth) {
    using namespace clang;
    const auto *F = dyn_cast<FieldDecl>(ME->getMemberDecl());
    if (!F || ME->isArrow() || !isTensorAggregateType(ME->getBase()->getType()))
      return std::nullopt;
    const Expr *Base = api::ignoreWrappers(ME->getBase());
    if (const auto *DRE = dyn_cast<DeclRefExpr>(Base)) {
      const auto *VD = dyn_cast<VarDecl>(DRE->getDecl());
      const auto *Owner = VD ? llvm::dyn_cast_or_null<FunctionDecl>(
                                   VD->getParentFunctionOrMethod())
                             : nullptr;
      if (!VD || !VD->isLocalVarDecl() || !VD->hasInit() ||
          VD->getType()->isReferenceType() || isMutatedLocal(VD) || !Owner ||
          fieldsMayChange(VD, Owner->getBody()))
        return std::nullopt;
      Base = api::ignoreWrappers(VD->getInit());
    }
    return fieldOfCallExpr(Base, F, S, Depth);
  }

  /// Field F of what Base, a call of the project's function, returns.
  std::optional<Facts> fieldOfCallExpr(const clang::Expr *Base,
                                       const clang::FieldDecl *F,
                                       const StateTy &S, unsigned Depth) {
    using namespace clang;
    const auto *Call = dyn_cast<CallExpr>(Base);
    const FunctionDecl *Callee = Call ? Call->getDirectCallee() : nullptr;
    if (!Callee || api::isInTorchNamespace(Callee) || isInStd(Callee) ||
        isa<CXXOperatorCallExpr>(Call))
      return std::nullopt;
    // A virtual method may not be what the call runs: the join over what
    // it may run.
    if (const auto *MD = dyn_cast<CXXMethodDecl>(Callee); MD && MD->isVirtual())
      return virtualField(Call, MD, F, S, Depth);
    return self().calleeField(Call, Callee, F, S, Depth);
  }

  /// Field F of what a virtual call returns (`backend_->run(x).scores`):
  /// the join (joinAlternatives) over every body the call may run, as
  /// evalVirtualCall joins a returned tensor.
  std::optional<Facts> virtualField(const clang::CallExpr *Call,
                                    const clang::CXXMethodDecl *MD,
                                    const clang::FieldDecl *F,
                                    const StateTy &S, unsigned Depth) {
    using namespace clang;
    const auto *MC = dyn_cast<CXXMemberCallExpr>(Call);
    std::optional<VirtualBodies> Bodies = virtualBodies(MC, MD);
    if (!Bodies)
      return std::nullopt;
    std::vector<Alternative> Alts;
    for (const FunctionDecl *Def : Bodies->Defs) {
      std::optional<Facts> R = self().calleeField(Call, Def, F, S, Depth);
      if (!R)
        return std::nullopt;
      Alts.push_back({cast<CXXMethodDecl>(Def)->getParent()->getNameAsString(),
                      "", std::move(*R)});
    }
    for (const auto &[Usr, Sum] : Bodies->Imported) {
      std::optional<Facts> R =
          self().importedField(Call, *Sum, F, /*Alternative=*/true);
      if (!R)
        return std::nullopt;
      Alts.push_back({Sum->Class, Sum->File, std::move(*R)});
    }
    Facts R = self().joinAlternatives(MC, MD, Alts);
    if (R.isUnknown())
      return std::nullopt;
    return R;
  }

  /// What Callee returns in field F, for this call: nothing known by
  /// default.
  std::optional<Facts> calleeField(const clang::CallExpr *,
                                   const clang::FunctionDecl *,
                                   const clang::FieldDecl *, const StateTy &,
                                   unsigned) {
    return std::nullopt;
  }

  /// Field F of what Imported, another unit's function, returns at Call:
  /// nothing known by default.
  /// Alternative: one of the bodies a virtual call may run
  /// (virtualField), which the property may read differently.
  std::optional<Facts> importedField(const clang::Expr *,
                                     const FunctionSummary &,
                                     const clang::FieldDecl *,
                                     bool /*Alternative*/ = false) {
    return std::nullopt;
  }

  /// What Imported, one of the bodies a virtual call may run, returns
  /// there: as a direct call of it by default (importedCall).
  std::optional<Facts>
  importedAlternative(const clang::Expr *Call, const clang::FunctionDecl *Callee,
                      const FunctionSummary &Imported,
                      llvm::ArrayRef<const clang::Expr *> Args,
                      const StateTy &S, unsigned Depth) {
    return self().importedCall(Call, Callee, Imported, Args, S, Depth);
  }

  /// Returns count once, in the reporting pass over the fixpoint's states.
  void recordReturn(const clang::ReturnStmt *RS, const StateTy &St) {
    const clang::Expr *Value = RS->getRetValue();
    if (Value && isTensorAggregateType(Value->getType()))
      recordFieldReturns(Value, St);
    else
      FieldsUnknown = true;
    if (Value && api::isTensorType(Value->getType()))
      Returns.push_back(self().evalTensor(Value, St, 0));
    else if (Value && isModuleValueType(Value->getType()))
      // return net: a module's state (a factory of the project's models).
      Returns.push_back(self().returnedModule(Value, St));
    else if (Value && holdsTensors(Value->getType()))
      // return {obs, actions}: what the returned tensors agree on.
      Returns.push_back(evalContainer(Value, St, 0));
    else
      ReturnsUnknown = true;
  }

  ProvenanceCache &Cache;
  clang::ASTContext &Ctx;
  const clang::FunctionDecl *FD;
  const clang::CXXRecordDecl *TrackedClass;
  /// True in a method of a torch::nn::Module class.
  bool InModule = false;
  std::vector<Facts> Returns;
  bool ReturnsUnknown = false;
  /// For a function returning a tensor aggregate: each field, joined over
  /// the returns; unusable when FieldsUnknown.
  llvm::DenseMap<const clang::FieldDecl *, Facts> FieldReturns;
  bool FieldReturnsSeen = false;
  bool FieldsUnknown = false;
  llvm::SmallPtrSet<const clang::Expr *, 8> ReportedSites;
  llvm::SmallPtrSet<const void *, 8> ReportedBirths;

private:
  llvm::DenseMap<const clang::FunctionDecl *, std::unique_ptr<WriteFinder>>
      Writes, LiveWrites;
  /// filledByField's answer for each local aggregate it was asked about.
  llvm::DenseMap<const clang::VarDecl *, bool> FilledByField;
  /// noteFieldWrite's joins, by local and field.
  llvm::DenseMap<std::pair<const clang::VarDecl *, const clang::FieldDecl *>,
                 Facts>
      FieldWrites;
};

} // namespace flow
} // namespace torchlint

#endif
