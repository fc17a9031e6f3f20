//===- FlowSupport.cpp - What every flow property needs -------------------===//

#include "FlowSupport.h"
#include "FlowSolver.h"
#include "UnitCache.h"

#include "torchlint/api/Syntax.h"
#include "torchlint/api/TorchApi.h"

#include "clang/AST/ParentMapContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/StringSet.h"

using namespace clang;

namespace torchlint {
namespace flow {

bool isModuleValueType(QualType T) { return api::moduleClassOf(T) != nullptr; }

bool isModuleObjectType(QualType T) {
  return isModuleValueType(T) || api::isScriptModuleType(T);
}

llvm::SmallVector<const Expr *, 2> modulesHandedOn(const CallExpr *Call) {
  llvm::SmallVector<const Expr *, 2> Out;
  const FunctionDecl *Callee = Call->getDirectCallee();
  if (!Callee || api::isInTorchNamespace(Callee) || isInStd(Callee))
    return Out;
  for (const Expr *A : Call->arguments())
    if (isModuleObjectType(A->getType()))
      Out.push_back(A);
  if (const auto *MC = dyn_cast<CXXMemberCallExpr>(Call))
    if (const Expr *Object = MC->getImplicitObjectArgument();
        Object && isModuleObjectType(Object->getType()) &&
        !api::isModuleForward(MC->getMethodDecl()))
      Out.push_back(Object);
  return Out;
}

namespace {
/// Whether a body may move or convert a module it is given.
struct ModuleMoveScan : RecursiveASTVisitor<ModuleMoveScan> {
  bool Found = false;
  bool VisitCallExpr(CallExpr *Call) {
    const auto *MC = dyn_cast<CXXMemberCallExpr>(Call);
    std::optional<api::CheckpointLoad> Load = api::checkpointLoad(Call);
    Found = Found ||
            (MC && (api::isModuleTo(MC->getMethodDecl()) ||
                    api::isScriptModuleTo(MC))) ||
            // torch::load(model, path) sets the parameters to the
            // checkpoint's tensors, with their device and dtype.
            (Load && !Load->Scripted && Call->getNumArgs() > 0 &&
             isModuleObjectType(Call->getArg(0)->getType())) ||
            !modulesHandedOn(Call).empty();
    return !Found;
  }
};

/// The answers of mayMoveModulesHandedOn in one unit, by definition.
struct ModuleMovers {
  llvm::DenseMap<const FunctionDecl *, bool> MayMove;
};
UnitCache<ModuleMovers> MoversByUnit;
} // namespace

bool mayMoveModulesHandedOn(const FunctionDecl *Callee, const ASTContext &Ctx) {
  const FunctionDecl *Def = nullptr;
  if (!Callee || !Callee->hasBody(Def) || !Def->getBody())
    return true;
  ModuleMovers &Movers =
      MoversByUnit.get(Ctx, [](const ASTContext &) { return ModuleMovers(); });
  auto [It, New] = Movers.MayMove.try_emplace(Def, true);
  if (New) {
    // The scan asks nothing of this cache, so It stays valid.
    ModuleMoveScan Scan;
    Scan.TraverseStmt(const_cast<Stmt *>(Def->getBody()));
    It->second = Scan.Found;
  }
  return It->second;
}

namespace {
/// Which of a class's code forEachClassCode visits.
enum class ClassCode {
  /// Member function bodies, constructors' written initialisers and
  /// default member initialisers.
  Everything,
  /// Member function bodies and constructors' written initialisers.
  Functions,
  /// Constructor bodies and their written initialisers.
  Constructors,
};
} // namespace

/// Calls Visit on each piece of RD's code that Which names, with the
/// constructor it belongs to and the member initialiser it is, if any.
static void forEachClassCode(
    const CXXRecordDecl *RD, ClassCode Which,
    llvm::function_ref<void(const Stmt *Code, const CXXConstructorDecl *Ctor,
                            const CXXCtorInitializer *Init)>
        Visit) {
  for (const CXXMethodDecl *MD : RD->methods()) {
    const auto *Def = dyn_cast_or_null<CXXMethodDecl>(MD->getDefinition());
    const auto *Ctor = dyn_cast_or_null<CXXConstructorDecl>(Def);
    if (!Def || (Which == ClassCode::Constructors && !Ctor))
      continue;
    Visit(Def->getBody(), Ctor, nullptr);
    // fc(register_module("fc", Linear(4, 2))) in a member initialiser.
    if (Ctor)
      for (const CXXCtorInitializer *Init : Ctor->inits())
        if (Init->isWritten())
          Visit(Init->getInit(), Ctor, Init);
  }
  if (Which == ClassCode::Everything)
    for (const FieldDecl *FD : RD->fields())
      if (FD->hasInClassInitializer())
        Visit(FD->getInClassInitializer(), nullptr, nullptr);
}

/// True when a user module registers anything (then its device matters).
bool registersState(const CXXRecordDecl *RD) {
  struct Finder : RecursiveASTVisitor<Finder> {
    bool Found = false;
    bool VisitCallExpr(CallExpr *Call) {
      Found = api::isStateRegistration(Call);
      return !Found;
    }
  } F;
  forEachClassCode(RD, ClassCode::Everything,
                   [&](const Stmt *Code, const CXXConstructorDecl *,
                       const CXXCtorInitializer *) {
                     if (!F.Found)
                       F.TraverseStmt(const_cast<Stmt *>(Code));
                   });
  return F.Found;
}

bool isRegisteredStateField(const FieldDecl *F) {
  const auto *RD = F ? dyn_cast<CXXRecordDecl>(F->getParent()) : nullptr;
  if (!RD || !api::isModuleClass(RD) || !api::isTensorType(F->getType()))
    return false;
  struct Finder : RecursiveASTVisitor<Finder> {
    const FieldDecl *Field;
    /// In a constructor, where a field may be filled before it is
    /// registered (`b_ = ...; register_buffer("b", b_)`).
    bool InConstructor = false;
    bool Registered = false, OtherWrite = false;
    static bool isRegistration(const Expr *E) {
      return api::registeredStateTensor(
                 dyn_cast_or_null<CallExpr>(api::ignoreWrappers(E))) !=
             nullptr;
    }
    bool names(const Expr *E) const {
      return WriteFinder::target(E) == Field;
    }
    void write(const Expr *Lhs, const Expr *Rhs) {
      if (!names(Lhs))
        return;
      if (isRegistration(Rhs))
        Registered = true;
      else if (!InConstructor)
        OtherWrite = true;
    }
    bool VisitBinaryOperator(BinaryOperator *BO) {
      if (BO->isAssignmentOp())
        write(BO->getLHS(), BO->getRHS());
      return true;
    }
    bool VisitCXXOperatorCallExpr(CXXOperatorCallExpr *OC) {
      if (OC->isAssignmentOp() && OC->getNumArgs() == 2)
        write(OC->getArg(0), OC->getArg(1));
      return true;
    }
    bool VisitCXXMemberCallExpr(CXXMemberCallExpr *MC) {
      // register_buffer("b", b_): the module holds the field's tensor,
      // whose storage Module::to replaces in place.
      if (const Expr *T = api::registeredStateTensor(MC); T && names(T))
        Registered = true;
      return true;
    }
  } Find;
  Find.Field = F;
  // Default member initialisers are not read (as before this walker was
  // shared): an in-class `b_ = register_buffer(...)` is not recognised.
  forEachClassCode(RD, ClassCode::Functions,
                   [&](const Stmt *Code, const CXXConstructorDecl *Ctor,
                       const CXXCtorInitializer *Init) {
                     Find.InConstructor = Ctor != nullptr;
                     if (Init && Init->getMember() == F &&
                         Finder::isRegistration(Init->getInit()))
                       Find.Registered = true;
                     else
                       Find.TraverseStmt(const_cast<Stmt *>(Code));
                   });
  return Find.Registered && !Find.OtherWrite;
}

bool calledFromConstructor(const CXXMethodDecl *MD) {
  struct Finder : RecursiveASTVisitor<Finder> {
    const CXXMethodDecl *Target;
    bool Found = false;
    bool VisitCXXMemberCallExpr(CXXMemberCallExpr *MC) {
      const Expr *Object = MC->getImplicitObjectArgument();
      if (MC->getMethodDecl() &&
          MC->getMethodDecl()->getCanonicalDecl() == Target &&
          Object && isa<CXXThisExpr>(Object->IgnoreParenImpCasts()))
        Found = true;
      return !Found;
    }
  } Find;
  Find.Target = MD->getCanonicalDecl();
  forEachClassCode(MD->getParent(), ClassCode::Constructors,
                   [&](const Stmt *Code, const CXXConstructorDecl *,
                       const CXXCtorInitializer *) {
                     if (!Find.Found)
                       Find.TraverseStmt(const_cast<Stmt *>(Code));
                   });
  return Find.Found;
}

/// The tensors an options object carries for an operation's inputs:
/// `.weight(w)` and `.pos_weight(w)` of a loss's options
/// (CrossEntropyLossOptions, F::CrossEntropyFuncOptions, BCEWithLogits).
/// A loss built with them holds them as buffers; a functional loss receives
/// them next to its input.
llvm::SmallVector<const Expr *, 2> optionTensors(const Expr *Options) {
  struct Finder : RecursiveASTVisitor<Finder> {
    llvm::SmallVector<const Expr *, 2> Found;
    bool VisitCXXMemberCallExpr(CXXMemberCallExpr *MC) {
      if (const CXXMethodDecl *MD = MC->getMethodDecl())
        if (MD->getIdentifier() &&
            (MD->getName() == "weight" || MD->getName() == "pos_weight") &&
            MC->getNumArgs() == 1 && api::isInTorchNamespace(MD) &&
            api::isTensorType(MC->getArg(0)->getType()))
          Found.push_back(MC->getArg(0));
      return true;
    }
    // A lambda inside the options is other code.
    bool TraverseLambdaExpr(LambdaExpr *) { return true; }
  } F;
  F.TraverseStmt(const_cast<Expr *>(Options));
  return F.Found;
}

bool createsModule(const Expr *Init) {
  const Expr *E = api::ignoreWrappers(Init);
  if (!E || E->getType().isNull() || E->getType()->isNullPtrType())
    return false;
  if (isa<CXXNewExpr>(E))
    return true;
  if (const auto *CE = dyn_cast<CXXConstructExpr>(E)) {
    // `Net model{nullptr}` holds none yet; a copy shares the module.
    if (CE->getNumArgs() == 1 && !CE->getArg(0)->getType().isNull() &&
        (CE->getArg(0)->getType()->isNullPtrType() ||
         CE->getConstructor()->isCopyOrMoveConstructor()))
      return false;
    return true;
  }
  if (const auto *Call = dyn_cast<CallExpr>(E))
    if (const FunctionDecl *Callee = Call->getDirectCallee())
      return Callee->isInStdNamespace() && Callee->getIdentifier() &&
             (Callee->getName() == "make_shared" ||
              Callee->getName() == "make_unique");
  return false;
}

bool moduleHasState(const CXXRecordDecl *RD) {
  if (!RD)
    return false;
  if (api::isTorchModuleClass(RD))
    return !api::isStatelessModuleClass(RD);
  return registersState(RD);
}

/// True for tensors with no dimensions: full reductions (x.mean(),
/// x.sum(), x.norm()), what an elementwise method with number arguments
/// makes of one (x.std().clamp_min(1e-6)), and variables initialised from
/// one.
bool isZeroDim(const Expr *E, unsigned Depth) {
  if (!E || Depth > 4)
    return false;
  E = api::ignoreWrappers(E);
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E))
    if (const auto *VD = dyn_cast<VarDecl>(DRE->getDecl()))
      return VD->hasInit() && !isa<ParmVarDecl>(VD) &&
             isZeroDim(VD->getInit(), Depth + 1);
  const auto *MC = dyn_cast<CXXMemberCallExpr>(E);
  if (!MC || !MC->getMethodDecl() || !MC->getMethodDecl()->getIdentifier() ||
      !api::isTensorType(MC->getType()))
    return false;
  const CXXMethodDecl *MD = MC->getMethodDecl();
  if (api::isFullReduction(MD))
    return api::writtenArgCount(MC) == 0;
  // Shape-keeping methods whose arguments are numbers (or dtypes).
  if (!api::keepsShape(MD) || llvm::any_of(MC->arguments(), [](const Expr *A) {
        return api::isTensorType(A->getType());
      }))
    return false;
  return isZeroDim(MC->getImplicitObjectArgument(), Depth + 1);
}

std::string text(const Expr *E, const ASTContext &Ctx) {
  std::string T = api::sourceText(E, Ctx);
  if (T.size() > 60)
    T = T.substr(0, 57) + "...";
  return T;
}

/// True for declarations of the standard library (std:: and the inline or
/// nested namespaces and classes inside it).
bool isInStd(const Decl *D) {
  for (const DeclContext *DC = D->getDeclContext(); DC; DC = DC->getParent())
    if (DC->isStdNamespace())
      return true;
  return false;
}

unsigned lineOf(SourceLocation L, const ASTContext &Ctx) {
  return Ctx.getSourceManager().getPresumedLineNumber(
      Ctx.getSourceManager().getFileLoc(L));
}

/// The call operator a callable object runs: a lambda's, a function
/// object's, or that of the lambda a std::function variable was built from.
const Expr *rangeOfLoopVariable(const DeclStmt *DS, ASTContext &Ctx) {
  if (!DS->isSingleDecl())
    return nullptr;
  for (const DynTypedNode &P : Ctx.getParents(*DS))
    if (const auto *For = P.get<CXXForRangeStmt>())
      if (For->getLoopVarStmt() == DS)
        return For->getRangeInit();
  return nullptr;
}

bool isTensorAggregateType(QualType T) {
  const auto *RD = T.getNonReferenceType()->getAsCXXRecordDecl();
  if (!RD || !RD->hasDefinition())
    return false;
  RD = RD->getDefinition();
  if (RD->isInStdNamespace() || api::isInTorchNamespace(RD) ||
      !RD->isAggregate() || RD->getNumBases() != 0 || RD->field_empty())
    return false;
  // A field beside the tensors may be anything that holds no tensor and no
  // module: what the engine does not follow must not hide one it should.
  auto Plain = [](QualType T) {
    T = T.getCanonicalType();
    if (T->isReferenceType() || T->isPointerType())
      return false;
    if (T->isArithmeticType() || T->isEnumeralType())
      return true;
    if (const auto *AT = dyn_cast<ConstantArrayType>(T.getTypePtr()))
      return AT->getElementType()->isArithmeticType();
    if (api::isDeviceType(T))
      return true;
    const auto *FR = T->getAsCXXRecordDecl();
    if (!FR || !FR->hasDefinition() || api::isInTorchNamespace(FR) ||
        api::isTensorContainerType(T) || isModuleValueType(T) ||
        api::isScriptModuleType(T) || api::isScriptValueType(T))
      return false;
    // std::string, std::array<float, N>, std::vector<int64_t>: the standard
    // library's, over plain element types.
    if (!FR->isInStdNamespace())
      return false;
    if (const auto *Spec = dyn_cast<ClassTemplateSpecializationDecl>(FR))
      return llvm::all_of(
          Spec->getTemplateArgs().asArray(), [](const TemplateArgument &A) {
            if (A.getKind() != TemplateArgument::Type ||
                A.getAsType()->isArithmeticType())
              return true;
            const auto *Arg = A.getAsType()->getAsCXXRecordDecl();
            return Arg && Arg->isInStdNamespace() &&
                   !api::isTensorContainerType(A.getAsType());
          });
    return true;
  };
  bool Tensors = false;
  for (const FieldDecl *F : RD->fields()) {
    QualType T = F->getType();
    if (api::isTensorType(T) && !T->isReferenceType())
      Tensors = true;
    else if (!Plain(T))
      return false;
  }
  return Tensors;
}

bool holdsTensors(QualType T) {
  return api::isTensorContainerType(T) || isTensorAggregateType(T);
}

const CallExpr *tieCall(const Expr *E) {
  const auto *CE = dyn_cast<CallExpr>(api::ignoreWrappers(E));
  const FunctionDecl *FD = CE ? CE->getDirectCallee() : nullptr;
  if (!FD || !FD->isInStdNamespace() || !FD->getIdentifier() ||
      FD->getName() != "tie")
    return nullptr;
  return CE;
}

llvm::SmallVector<const ValueDecl *, 4> tiedLocals(const CallExpr *Tie) {
  llvm::SmallVector<const ValueDecl *, 4> Out;
  for (const Expr *A : Tie->arguments())
    if (const auto *DRE = dyn_cast<DeclRefExpr>(api::ignoreWrappers(A)))
      if (isa<VarDecl>(DRE->getDecl()) &&
          api::isTensorType(DRE->getDecl()->getType()) &&
          !DRE->getDecl()->getType()->isReferenceType())
        Out.push_back(DRE->getDecl());
  return Out;
}

const Expr *tensorHolderOf(const MemberExpr *ME) {
  const auto *F = dyn_cast<FieldDecl>(ME->getMemberDecl());
  if (!F || !api::isTensorType(F->getType()))
    return nullptr;
  QualType T = ME->getBase()->getType();
  if (ME->isArrow())
    T = T->getPointeeType();
  if (isTensorAggregateType(T))
    return ME->getBase();
  if (F->getIdentifier() && api::isTensorContainerType(T) &&
      llvm::is_contained({llvm::StringRef("first"), llvm::StringRef("second")},
                         F->getName()))
    return ME->getBase();
  return nullptr;
}

namespace {
/// Finds writes to the fields of one local aggregate.
class FieldWriteFinder : public RecursiveASTVisitor<FieldWriteFinder> {
public:
  FieldWriteFinder(const VarDecl *VD, bool AllowFieldAssignment)
      : VD(VD), AllowFieldAssignment(AllowFieldAssignment) {}
  bool Found = false;

  bool VisitCXXOperatorCallExpr(CXXOperatorCallExpr *OC) {
    if (OC->getOperator() == OO_Equal && OC->getNumArgs() == 2 &&
        AllowFieldAssignment && isFieldOfVD(OC->getArg(0)))
      return true;
    if (OC->isAssignmentOp() && OC->getNumArgs() >= 1)
      note(OC->getArg(0));
    return true;
  }
  bool VisitBinaryOperator(BinaryOperator *BO) {
    if (BO->isAssignmentOp())
      note(BO->getLHS());
    return true;
  }
  bool VisitUnaryOperator(UnaryOperator *UO) {
    if (UO->getOpcode() == UO_AddrOf)
      note(UO->getSubExpr());
    return true;
  }
  bool VisitCXXMemberCallExpr(CXXMemberCallExpr *MC) {
    if (const CXXMethodDecl *MD = MC->getMethodDecl();
        MD && !MD->isConst() && names(MC->getImplicitObjectArgument()))
      Found = true;
    return true;
  }
  bool VisitCallExpr(CallExpr *CE) {
    // LibTorch never rebinds a tensor it is handed: its non-const
    // references are forwarding references (Sequential::forward) and out=
    // tensors, whose device stays.
    const FunctionDecl *Callee = CE->getDirectCallee();
    if (!Callee || isa<CXXOperatorCallExpr>(CE) ||
        api::isInTorchNamespace(Callee))
      return true;
    for (unsigned I = 0; I < CE->getNumArgs() && I < Callee->getNumParams();
         ++I) {
      QualType T = Callee->getParamDecl(I)->getType();
      if (T->isReferenceType() && !T.getNonReferenceType().isConstQualified())
        note(CE->getArg(I));
    }
    return true;
  }
  bool VisitVarDecl(VarDecl *Ref) {
    // auto &obs = batch.obs; (a const reference reads only).
    QualType T = Ref->getType();
    if (Ref != VD && Ref->hasInit() && T->isReferenceType() &&
        !T.getNonReferenceType().isConstQualified())
      note(Ref->getInit());
    return true;
  }

private:
  const VarDecl *VD;

  /// True when E is VD itself.
  bool names(const Expr *E) const {
    const auto *DRE = dyn_cast_or_null<DeclRefExpr>(api::ignoreWrappers(E));
    return DRE && DRE->getDecl() == VD;
  }
  /// True for `VD.field` itself (not a field of a field).
  bool isFieldOfVD(const Expr *E) const {
    const auto *ME = dyn_cast_or_null<MemberExpr>(api::ignoreWrappers(E));
    return ME && !ME->isArrow() && names(ME->getBase());
  }
  const bool AllowFieldAssignment;
  /// Records E when it is VD or one of its tensor fields: a write to a
  /// plain field beside them (`ctx.threshold = t`) changes no tensor.
  void note(const Expr *E) {
    E = api::ignoreWrappers(E);
    const MemberExpr *Field = nullptr; // The member of VD itself.
    while (const auto *ME = dyn_cast_or_null<MemberExpr>(E)) {
      Field = ME;
      E = api::ignoreWrappers(ME->getBase());
    }
    if (!names(E))
      return;
    if (Field && !Field->isArrow() && isa<FieldDecl>(Field->getMemberDecl()) &&
        !api::isTensorType(Field->getMemberDecl()->getType()))
      return;
    Found = true;
  }
};
} // namespace

bool fieldsMayChange(const VarDecl *VD, const Stmt *Body) {
  if (!Body)
    return true;
  FieldWriteFinder Finder(VD, /*AllowFieldAssignment=*/false);
  Finder.TraverseStmt(const_cast<Stmt *>(Body));
  return Finder.Found;
}

bool fieldsOnlyAssigned(const VarDecl *VD, const Stmt *Body) {
  if (!Body)
    return false;
  FieldWriteFinder Finder(VD, /*AllowFieldAssignment=*/true);
  Finder.TraverseStmt(const_cast<Stmt *>(Body));
  return !Finder.Found;
}

const Expr *optionsArgOf(const CallExpr *CE) {
  const Expr *Options = nullptr;
  for (const Expr *A : CE->arguments())
    if (api::isTensorOptionsType(A->getType()) && !isa<CXXDefaultArgExpr>(A))
      Options = A;
  return Options;
}

const Expr *tensorListOf(const Expr *Arg) {
  const Expr *List = api::ignoreWrappers(Arg);
  return api::isTensorContainerType(List->getType()) ||
                 isa<InitListExpr>(List) || isa<CXXStdInitializerListExpr>(List)
             ? List
             : nullptr;
}

std::string paramNameOf(const FunctionDecl *Callee, unsigned Index) {
  if (!Callee || Index >= Callee->getNumParams())
    return "";
  const ParmVarDecl *P = Callee->getParamDecl(Index);
  return P->getIdentifier() ? P->getName().str() : "";
}

const CXXMethodDecl *forwardOf(QualType ModuleType) {
  const CXXRecordDecl *RD = api::moduleClassOf(ModuleType);
  if (!RD)
    return nullptr;
  for (const CXXMethodDecl *MD : RD->methods())
    if (api::isModuleForward(MD))
      return MD;
  return nullptr;
}

const CXXMethodDecl *callOperatorOf(const CXXOperatorCallExpr *OC) {
  const auto *MD = dyn_cast_or_null<CXXMethodDecl>(OC->getCalleeDecl());
  if (!MD)
    return nullptr;
  if (!isInStd(MD))
    return MD;
  // std::function<Tensor(int64_t)> f = [](int64_t n) {...}; f(8).
  const auto *DRE = dyn_cast<DeclRefExpr>(api::ignoreWrappers(OC->getArg(0)));
  const auto *VD = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
  if (!VD || !VD->hasInit() || !VD->isLocalVarDecl())
    return nullptr;
  const Expr *Init = api::ignoreWrappers(VD->getInit());
  while (const auto *CE = dyn_cast<CXXConstructExpr>(Init)) {
    if (CE->getNumArgs() != 1)
      return nullptr;
    Init = api::ignoreWrappers(CE->getArg(0));
  }
  const auto *LE = dyn_cast<LambdaExpr>(Init);
  return LE ? LE->getCallOperator() : nullptr;
}

} // namespace flow
} // namespace torchlint

//===----------------------------------------------------------------------===//
// The solver's block order.
//===----------------------------------------------------------------------===//

namespace torchlint {
namespace flow {

std::vector<const CFGBlock *> reversePostOrder(const CFG &G,
                                               const DeadEdges &Dead) {
  std::vector<const CFGBlock *> Order;
  llvm::DenseSet<const CFGBlock *> Seen;
  std::vector<std::pair<const CFGBlock *, CFGBlock::const_succ_iterator>> Stack;
  const CFGBlock *EntryBlock = &G.getEntry();
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
    if (Succ && !Dead.count({B, Succ}) && Seen.insert(Succ).second)
      Stack.push_back({Succ, Succ->succ_begin()});
  }
  std::reverse(Order.begin(), Order.end());
  return Order;
}

} // namespace flow
} // namespace torchlint
