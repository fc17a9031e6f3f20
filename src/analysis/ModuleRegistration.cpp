//===- ModuleRegistration.cpp - What module->to(device) leaves behind -----===//
//
// A member counts only when the module creates it at construction time
// (constructor, in-class initialiser, reset(), or a method the constructor
// calls). Tensors first assigned in forward() are caches that follow their
// inputs and are left alone.
//
//===----------------------------------------------------------------------===//

#include "torchlint/analysis/ModuleRegistration.h"
#include "torchlint/api/Syntax.h"
#include "torchlint/api/TorchApi.h"

#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/StmtCXX.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallPtrSet.h"

using namespace clang;

namespace torchlint {
namespace {

/// The field a member expression names on `this`, if any.
const FieldDecl *thisField(const Expr *E) {
  const auto *ME = dyn_cast_or_null<MemberExpr>(api::ignoreWrappers(E));
  if (!ME || !isa<CXXThisExpr>(ME->getBase()->IgnoreParenImpCasts()))
    return nullptr;
  return dyn_cast<FieldDecl>(ME->getMemberDecl());
}

/// Finds register_* calls and `this` fields referenced below a statement.
class RegistrationScan : public RecursiveASTVisitor<RegistrationScan> {
public:
  bool HasRegister = false;
  llvm::SmallPtrSet<const FieldDecl *, 4> Fields;
  bool VisitCallExpr(CallExpr *CE) {
    HasRegister |= api::isStateRegistration(CE);
    return true;
  }
  bool VisitMemberExpr(MemberExpr *ME) {
    if (const FieldDecl *F = thisField(ME))
      Fields.insert(F);
    return true;
  }
};

RegistrationScan scanRegistration(const Stmt *S) {
  RegistrationScan Result;
  Result.TraverseStmt(const_cast<Stmt *>(S));
  return Result;
}

bool scanForRegister(const Stmt *S) { return scanRegistration(S).HasRegister; }

/// What a user's module class holds for module->to(device) to move.
enum class ModuleState {
  Stateless, ///< No tensor or module member, and it registers nothing.
  Stateful,  ///< It holds or registers something, or we cannot tell.
  /// As Stateless where this unit sees it, but a constructor is defined in
  /// another file: the unit that defines it says (FactKind::RegistersState).
  ConstructedElsewhere,
};

ModuleState userModuleState(QualType T) {
  const CXXRecordDecl *RD = api::moduleClassOf(T);
  if (!RD || api::isTorchModuleClass(RD) || !RD->hasDefinition())
    return ModuleState::Stateful;
  RD = RD->getDefinition();
  for (const FieldDecl *F : RD->fields()) {
    QualType FT = F->getType();
    if (api::isTensorType(FT) || api::isTensorContainerType(FT) ||
        api::isModuleHolderType(FT) || api::isModulePointerType(FT))
      return ModuleState::Stateful;
  }
  // Registration may also happen through a base we cannot see.
  for (const CXXBaseSpecifier &B : RD->bases())
    if (const CXXRecordDecl *Base = B.getType()->getAsCXXRecordDecl();
        !Base || !api::isInTorchNamespace(Base))
      return ModuleState::Stateful;
  bool Elsewhere = false;
  for (const CXXMethodDecl *MD : RD->methods()) {
    const FunctionDecl *Def = MD->getDefinition();
    if (!Def && isa<CXXConstructorDecl>(MD) && !MD->isImplicit() &&
        !MD->isDefaulted())
      Elsewhere = true;
    if (Def && Def->hasBody() && scanForRegister(Def->getBody()))
      return ModuleState::Stateful;
  }
  // A class template's constructor in another file has no single key.
  if (Elsewhere && (RD->getDescribedClassTemplate() ||
                    isa<ClassTemplateSpecializationDecl>(RD)))
    return ModuleState::Stateful;
  return Elsewhere ? ModuleState::ConstructedElsewhere : ModuleState::Stateless;
}

/// What kind of member F is; Relevant is false for members that hold
/// nothing to register. A submodule whose class is constructed in another
/// file sets Needs to the fact that decides whether it holds anything.
ModuleMemberKind memberKind(const FieldDecl *F, bool &Relevant,
                      ProjectFact *Needs = nullptr) {
  QualType T = F->getType();
  Relevant = true;
  if (api::isTensorType(T) && !T->isReferenceType())
    return ModuleMemberKind::Tensor;
  if (api::isTensorContainerType(T) && !T->isReferenceType())
    return ModuleMemberKind::TensorContainer;
  // A submodule without parameters or buffers (ReLU, MaxPool2d, a user's
  // post-processing module that registers nothing) leaves nothing behind.
  if ((api::isModuleHolderType(T) || api::isModulePointerType(T)) &&
      !api::isStatelessModuleType(T)) {
    ModuleState State = userModuleState(T);
    if (State == ModuleState::ConstructedElsewhere && Needs)
      *Needs = registersStateFact(api::moduleClassOf(T)->getDefinition());
    if (State != ModuleState::Stateless)
      return ModuleMemberKind::Submodule;
  }
  Relevant = false;
  return ModuleMemberKind::Tensor;
}

/// Cloneable modules build their state in reset().
bool isReset(const CXXMethodDecl *MD) {
  return MD->getIdentifier() && MD->getName() == "reset";
}

/// True for initialisers that create nothing: `{nullptr}`, `{}`.
bool createsNothing(const Expr *E) {
  E = api::ignoreWrappers(E);
  if (!E || isa<CXXNullPtrLiteralExpr>(E))
    return true;
  if (const auto *CE = dyn_cast<CXXConstructExpr>(E))
    return llvm::all_of(CE->arguments(), [](const Expr *A) {
      return isa<CXXDefaultArgExpr>(A) ||
             isa<CXXNullPtrLiteralExpr>(api::ignoreWrappers(A));
    });
  if (const auto *IL = dyn_cast<InitListExpr>(E))
    return IL->getNumInits() == 0 ||
           (IL->getNumInits() == 1 && createsNothing(IL->getInit(0)));
  return false;
}

struct MemberState {
  ModuleMemberKind Kind = ModuleMemberKind::Tensor;
  bool IsTensor = false; ///< A tensor or a container of tensors.
  /// The constructor parameter the member was given, when it was one.
  const ParmVarDecl *FromParam = nullptr;
  bool Registered = false;
  /// Assigned again after construction (a grid re-created in every
  /// forward() from the input's options): it follows what it is built from.
  bool Recreated = false;
  const Expr *Creation = nullptr; ///< The expression that builds the value.
  /// Every value construction gives it, for placedByHand.
  llvm::SmallVector<const Expr *, 2> Values;
  SourceLocation CreationLoc;
  /// A submodule whose class another file constructs: reported where that
  /// file shows it registers state.
  ProjectFact Needs;
};

/// Reads one module class: what each relevant member holds, how it is
/// built and whether it is registered.
class MemberReader {
public:
  explicit MemberReader(const CXXRecordDecl *RD) : RD(RD) {}

  std::vector<UnregisteredMember> read() {
    std::vector<UnregisteredMember> Out;
    llvm::DenseMap<const FieldDecl *, MemberState> States;
    for (const FieldDecl *F : RD->fields()) {
      bool Relevant;
      ProjectFact Needs;
      ModuleMemberKind Kind = memberKind(F, Relevant, &Needs);
      if (Relevant) {
        States[F].Kind = Kind;
        States[F].IsTensor = Kind != ModuleMemberKind::Submodule;
        States[F].Needs = std::move(Needs);
      }
    }
    if (States.empty())
      return Out;
    // The constructor (or reset()) defined in another translation unit
    // registers what it registers: this unit cannot tell.
    for (const CXXMethodDecl *MD : RD->methods())
      if ((isa<CXXConstructorDecl>(MD) || isReset(MD)) && !MD->isImplicit() &&
          !MD->isDefaulted() && !MD->getDefinition() && !MD->isDeleted())
        return Out;

    // In-class initialisers.
    for (auto &[F, State] : States)
      if (const Expr *Init = F->getInClassInitializer())
        noteInit(State, Init, Init->getBeginLoc());

    llvm::SmallPtrSet<const FunctionDecl *, 8> Construction;
    for (const CXXMethodDecl *MD : RD->methods())
      if (const FunctionDecl *Def = MD->getDefinition();
          Def && (isa<CXXConstructorDecl>(MD) || isReset(MD)))
        Construction.insert(Def);
    // Methods the constructors call directly (in their bodies or member
    // initialisers) also build the module.
    for (const FunctionDecl *Ctor : llvm::SmallVector<const FunctionDecl *, 4>(
             Construction.begin(), Construction.end())) {
      collectCallees(Ctor->getBody(), RD, Construction);
      if (const auto *CD = dyn_cast<CXXConstructorDecl>(Ctor))
        for (const CXXCtorInitializer *I : CD->inits())
          if (I->isWritten())
            collectCallees(I->getInit(), RD, Construction);
    }

    for (const CXXMethodDecl *MD : RD->methods()) {
      const FunctionDecl *Def = MD->getDefinition();
      if (!Def || !Def->hasBody())
        continue;
      bool Constructs = Construction.count(Def);
      if (const auto *Ctor = dyn_cast<CXXConstructorDecl>(Def))
        for (const CXXCtorInitializer *I : Ctor->inits())
          if (I->isWritten() && I->getMember() && States.count(I->getMember()))
            noteInit(States[I->getMember()], I->getInit(),
                     I->getMemberLocation());
      visitBody(Def->getBody(), Constructs, States);
    }

    for (auto &[F, State] : States)
      if (State.FromParam && RegisteredParams.count(State.FromParam))
        State.Registered = true;
    llvm::SmallPtrSet<const FieldDecl *, 8> Placed = placedByHand(States);
    llvm::SmallPtrSet<const FieldDecl *, 4> HandedOut = handedOut(RD);
    for (const FieldDecl *F : RD->fields()) {
      auto It = States.find(F);
      if (It == States.end() || It->second.Registered || !It->second.Creation ||
          It->second.Recreated || Placed.count(F) || HandedOut.count(F))
        continue;
      UnregisteredMember M;
      M.Field = F;
      M.Kind = It->second.Kind;
      M.Creation = It->second.Creation;
      M.CreatedAt = It->second.CreationLoc;
      M.Needs = It->second.Needs;
      Out.push_back(std::move(M));
    }
    return Out;
  }

private:
  const CXXRecordDecl *RD;
  /// Constructor parameters of the class that are handed to a register_*
  /// call.
  llvm::SmallPtrSet<const ParmVarDecl *, 4> RegisteredParams;

  static void collectCallees(const Stmt *Body, const CXXRecordDecl *RD,
                             llvm::SmallPtrSetImpl<const FunctionDecl *> &Out) {
    struct V : RecursiveASTVisitor<V> {
      const CXXRecordDecl *RD;
      llvm::SmallPtrSetImpl<const FunctionDecl *> &Out;
      V(const CXXRecordDecl *RD, llvm::SmallPtrSetImpl<const FunctionDecl *> &O)
          : RD(RD), Out(O) {}
      bool VisitCXXMemberCallExpr(CXXMemberCallExpr *MC) {
        const Expr *Object = MC->getImplicitObjectArgument();
        if (const CXXMethodDecl *MD = MC->getMethodDecl())
          if (MD->getParent() == RD && Object &&
              isa<CXXThisExpr>(Object->IgnoreParenImpCasts()))
            if (const FunctionDecl *Def = MD->getDefinition())
              Out.insert(Def);
        return true;
      }
      // In a class template, `init()` on `this` stays unresolved until
      // instantiation: resolve it by name among the class's methods.
      bool VisitUnresolvedMemberExpr(UnresolvedMemberExpr *UME) {
        if (UME->isImplicitAccess() || isa<CXXThisExpr>(UME->getBase()))
          for (const CXXMethodDecl *MD : RD->methods())
            if (MD->getDeclName() == UME->getMemberName())
              if (const FunctionDecl *Def = MD->getDefinition())
                Out.insert(Def);
        return true;
      }
    } Visitor(RD, Out);
    Visitor.TraverseStmt(const_cast<Stmt *>(Body));
  }

  static void noteInit(MemberState &State, const Expr *Init,
                       SourceLocation Loc) {
    if (!Init)
      return;
    if (scanRegistration(Init).HasRegister) {
      State.Registered = true;
      return;
    }
    // A tensor copied from a constructor argument is the caller's: it lives
    // wherever the caller made it, and the module did not create it.
    if (const auto *DRE = dyn_cast<DeclRefExpr>(api::ignoreWrappers(Init)))
      if (const auto *P = dyn_cast<ParmVarDecl>(DRE->getDecl()))
        State.FromParam = P;
    if (State.IsTensor) {
      const Expr *Source = api::ignoreWrappers(Init);
      if (const auto *Move = dyn_cast<CallExpr>(Source);
          Move && Move->getNumArgs() == 1 && Move->getDirectCallee() &&
          Move->getDirectCallee()->isInStdNamespace() &&
          Move->getDirectCallee()->getIdentifier() &&
          Move->getDirectCallee()->getName() == "move")
        Source = api::ignoreWrappers(Move->getArg(0));
      if (const auto *DRE = dyn_cast<DeclRefExpr>(Source);
          DRE && isa<ParmVarDecl>(DRE->getDecl()))
        return;
    }
    if (!createsNothing(Init))
      State.Values.push_back(Init);
    if (!createsNothing(Init) && !State.Creation) {
      State.Creation = Init;
      State.CreationLoc = Loc;
    }
  }

  void visitBody(const Stmt *Body, bool Constructs,
                 llvm::DenseMap<const FieldDecl *, MemberState> &States) {
    struct V : RecursiveASTVisitor<V> {
      bool Constructs;
      llvm::DenseMap<const FieldDecl *, MemberState> &States;
      llvm::SmallPtrSetImpl<const ParmVarDecl *> &RegisteredParams;
      V(bool C, llvm::DenseMap<const FieldDecl *, MemberState> &S,
        llvm::SmallPtrSetImpl<const ParmVarDecl *> &R)
          : Constructs(C), States(S), RegisteredParams(R) {}

      void assignment(const Expr *LHS, const Expr *RHS, SourceLocation Loc) {
        const FieldDecl *F = thisField(LHS);
        if (!F || !States.count(F))
          return;
        if (scanRegistration(RHS).HasRegister)
          States[F].Registered = true;
        else if (Constructs)
          noteInit(States[F], RHS, Loc);
        else
          States[F].Recreated = true;
      }
      bool VisitBinaryOperator(BinaryOperator *BO) {
        if (BO->getOpcode() == BO_Assign)
          assignment(BO->getLHS(), BO->getRHS(), BO->getLHS()->getBeginLoc());
        return true;
      }
      bool VisitCXXOperatorCallExpr(CXXOperatorCallExpr *OC) {
        if (OC->getOperator() == OO_Equal && OC->getNumArgs() == 2)
          assignment(OC->getArg(0), OC->getArg(1), OC->getBeginLoc());
        return true;
      }
      bool VisitCallExpr(CallExpr *CE) {
        // register_buffer("b", b_) registers the member it is handed;
        // register_module("model", model) with the constructor parameter
        // the member `model` was given registers that member.
        if (api::isStateRegistration(CE)) {
          for (const FieldDecl *F : scanRegistration(CE).Fields)
            if (States.count(F))
              States[F].Registered = true;
          for (const Expr *A : CE->arguments())
            if (const auto *DRE = dyn_cast<DeclRefExpr>(api::ignoreWrappers(A)))
              if (const auto *P = dyn_cast<ParmVarDecl>(DRE->getDecl()))
                RegisteredParams.insert(P);
        }
        return true;
      }
      bool VisitCXXMemberCallExpr(CXXMemberCallExpr *MC) {
        // anchors_.push_back(...) fills a container at construction.
        const FieldDecl *F = thisField(MC->getImplicitObjectArgument());
        const CXXMethodDecl *MD = MC->getMethodDecl();
        if (F && States.count(F) && Constructs && MD && MD->getIdentifier() &&
            llvm::is_contained(
                llvm::ArrayRef<llvm::StringRef>{"push_back", "emplace_back",
                                                "insert", "emplace",
                                                "push_front"},
                MD->getName()) &&
            !States[F].Creation) {
          // block_scales_.push_back(register_parameter(...)): what is stored
          // is the registered tensor itself (module->to() moves its data in
          // place), so the container holds registered state.
          if (llvm::any_of(MC->arguments(), [&](const Expr *A) {
                return scanRegistration(A).HasRegister;
              })) {
            States[F].Registered = true;
            return true;
          }
          States[F].Creation = MC;
          States[F].CreationLoc = MC->getBeginLoc();
        }
        return true;
      }
      bool VisitCXXForRangeStmt(CXXForRangeStmt *RF) {
        // for (auto &t : tensors_) register_buffer(..., t);
        if (scanRegistration(RF->getBody()).HasRegister)
          for (const FieldDecl *F : scanRegistration(RF->getRangeInit()).Fields)
            if (States.count(F))
              States[F].Registered = true;
        return true;
      }
    } Visitor(Constructs, States, RegisteredParams);
    Visitor.TraverseStmt(const_cast<Stmt *>(Body));
  }

  /// True when E reads a device variable, parameter or field
  /// (`torch::linspace(a, b, n).to(device)`), or a member of Placed.
  static bool namesDevice(const Stmt *E,
                          const llvm::SmallPtrSetImpl<const FieldDecl *> &Placed) {
    if (!E)
      return false;
    const ValueDecl *D = nullptr;
    if (const auto *DRE = dyn_cast<DeclRefExpr>(E))
      D = DRE->getDecl();
    else if (const auto *ME = dyn_cast<MemberExpr>(E))
      D = ME->getMemberDecl();
    if (D && (isa<VarDecl, FieldDecl>(D)) &&
        (api::isDeviceType(D->getType().getNonReferenceType()) ||
         (isa<FieldDecl>(D) && Placed.count(cast<FieldDecl>(D)))))
      return true;
    return llvm::any_of(E->children(), [&](const Stmt *C) {
      return namesDevice(C, Placed);
    });
  }

  /// The submodules of a module class that has no forward() and hands them
  /// out from a member function (`torch::nn::Sequential get_module() {
  /// return main; }`): such a class is a factory, and whoever takes the
  /// submodule moves and trains it, not the class (DCGAN generators built
  /// this way). Empty for a class with a forward(), which runs them itself.
  static llvm::SmallPtrSet<const FieldDecl *, 4>
  handedOut(const CXXRecordDecl *RD) {
    llvm::SmallPtrSet<const FieldDecl *, 4> Out;
    for (const CXXMethodDecl *MD : RD->methods())
      if (api::isModuleForward(MD) || MD->getOverloadedOperator() == OO_Call)
        return Out;
    struct Returns : RecursiveASTVisitor<Returns> {
      const CXXRecordDecl *RD;
      llvm::SmallPtrSetImpl<const FieldDecl *> &Out;
      Returns(const CXXRecordDecl *RD,
              llvm::SmallPtrSetImpl<const FieldDecl *> &Out)
          : RD(RD), Out(Out) {}
      bool VisitReturnStmt(ReturnStmt *RS) {
        const auto *ME = dyn_cast_or_null<MemberExpr>(
            RS->getRetValue() ? api::ignoreWrappers(RS->getRetValue())
                              : nullptr);
        if (ME && isa<CXXThisExpr>(ME->getBase()->IgnoreParenImpCasts()))
          if (const auto *F = dyn_cast<FieldDecl>(ME->getMemberDecl());
              F && F->getParent() == RD)
            Out.insert(F);
        return true;
      }
    };
    for (const CXXMethodDecl *MD : RD->methods())
      if (const FunctionDecl *Def = MD->getDefinition();
          Def && Def->hasBody() && !isa<CXXConstructorDecl>(Def) &&
          !MD->getReturnType()->isVoidType())
        Returns(RD, Out).TraverseStmt(Def->getBody());
    return Out;
  }

  /// The tensor members the module places on a device itself, from a
  /// device it was given: every value its construction stores reads a
  /// device variable or another such member (`betas = torch::linspace(...)
  /// .to(device); alphas = 1.0 - betas;`). module->to(device) leaves them
  /// behind only when it moves the module elsewhere than that device, which
  /// the rule cannot see, so they are not reported.
  static llvm::SmallPtrSet<const FieldDecl *, 8>
  placedByHand(const llvm::DenseMap<const FieldDecl *, MemberState> &States) {
    llvm::SmallPtrSet<const FieldDecl *, 8> Placed;
    for (bool Changed = true; Changed;) {
      Changed = false;
      for (const auto &[F, State] : States)
        if (State.IsTensor && !Placed.count(F) && !State.Values.empty() &&
            llvm::all_of(State.Values, [&](const Expr *V) {
              return namesDevice(V, Placed);
            }))
          Changed = Placed.insert(F).second;
    }
    return Placed;
  }
};

} // namespace

ProjectFact registersStateFact(const CXXRecordDecl *RD) {
  return facts::registersState(RD->getQualifiedNameAsString());
}

std::vector<UnregisteredMember> unregisteredMembers(const CXXRecordDecl *RD) {
  if (!RD || !api::isModuleClass(RD))
    return {};
  return MemberReader(RD).read();
}

const FunctionDecl *stateRegistration(const CXXRecordDecl *RD) {
  if (RD->getDescribedClassTemplate())
    return nullptr;
  for (const CXXMethodDecl *MD : RD->methods()) {
    const FunctionDecl *Def = MD->getDefinition();
    if (Def && Def->hasBody() && (isa<CXXConstructorDecl>(MD) || isReset(MD)) &&
        scanForRegister(Def->getBody()))
      return Def;
  }
  return nullptr;
}

} // namespace torchlint
