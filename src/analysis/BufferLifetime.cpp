//===- BufferLifetime.cpp - A from_blob tensor outliving its buffer -------===//

#include "torchlint/analysis/BufferLifetime.h"
#include "FlowSolver.h"
#include "torchlint/analysis/Writes.h"
#include "torchlint/api/HostMemory.h"
#include "torchlint/api/OpenCV.h"
#include "torchlint/api/Syntax.h"
#include "torchlint/api/TorchApi.h"

#include "clang/AST/ParentMapContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Analysis/CFG.h"
#include "clang/Basic/SourceManager.h"

using namespace clang;

namespace torchlint {
namespace {

/// True when Name is one of Names.
bool isOneOf(std::initializer_list<llvm::StringRef> Names,
             llvm::StringRef Name) {
  return llvm::is_contained(Names, Name);
}

/// The local variable of Fn whose memory Data points into: 'buf' in
/// buf.data(), &buf[0], buf.get(), buf + 4, an array buf, &x, a cv::Mat
/// whose pixels are its own where Call reads them (img.data). Parameters,
/// statics, members and pointers are not: someone else owns that memory.
const VarDecl *localBufferOf(const Expr *Data, const FunctionDecl *Fn,
                             const CallExpr *Call, ASTContext &Ctx) {
  const Expr *E = Data;
  if (const Expr *Mat = api::matOfPixels(dataBeforeVoidCast(Data))) {
    std::optional<api::MatElements> Pixels = api::matElementsAt(Mat, Call, Ctx);
    if (!Pixels || !Pixels->Owns)
      return nullptr;
    E = Mat;
  }
  for (unsigned Steps = 0; E && Steps < 16; ++Steps) {
    E = E->IgnoreParens();
    if (const auto *Cast = dyn_cast<CastExpr>(E)) {
      E = Cast->getSubExpr();
      continue;
    }
    if (const auto *BO = dyn_cast<BinaryOperator>(E);
        BO && BO->isAdditiveOp()) {
      E = BO->getLHS()->getType()->isPointerType() ? BO->getLHS()
                                                   : BO->getRHS();
      continue;
    }
    if (const auto *MCE = dyn_cast<CXXMemberCallExpr>(E)) {
      const CXXMethodDecl *MD = MCE->getMethodDecl();
      if (!MD || !MD->getIdentifier() ||
          !isOneOf({"data", "c_str", "get"}, MD->getName()))
        return nullptr;
      E = MCE->getImplicitObjectArgument();
      break;
    }
    if (const auto *UO = dyn_cast<UnaryOperator>(E);
        UO && UO->getOpcode() == UO_AddrOf) {
      const Expr *Sub = UO->getSubExpr()->IgnoreParenImpCasts();
      if (const auto *ASE = dyn_cast<ArraySubscriptExpr>(Sub)) {
        E = ASE->getBase();
        continue;
      }
      if (const auto *OCE = dyn_cast<CXXOperatorCallExpr>(Sub);
          OCE && OCE->getOperator() == OO_Subscript)
        E = OCE->getArg(0);
      else if (const auto *MCE = dyn_cast<CXXMemberCallExpr>(Sub))
        E = MCE->getImplicitObjectArgument();
      else
        E = Sub;
      break;
    }
    break;
  }
  const auto *DRE =
      dyn_cast_or_null<DeclRefExpr>(E ? E->IgnoreParenImpCasts() : nullptr);
  const auto *VD = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
  if (!VD || isa<ParmVarDecl>(VD) || !VD->hasLocalStorage() ||
      !VD->getIdentifier() || VD->getType()->isReferenceType() ||
      VD->getParentFunctionOrMethod() != Fn ||
      !api::ownsHostMemory(VD->getType()))
    return nullptr;
  return VD;
}

/// Finds whether a function body hands the memory of one variable to
/// something else (moves, swaps or releases it): then the buffer may outlive
/// the function and nothing is reported.
class HandoverFinder : public RecursiveASTVisitor<HandoverFinder> {
public:
  explicit HandoverFinder(const VarDecl *VD) : VD(VD) {}
  bool HandedOver = false;

  bool VisitCallExpr(CallExpr *CE) {
    const FunctionDecl *FD = CE->getDirectCallee();
    if (!FD || !FD->getIdentifier())
      return true;
    llvm::StringRef Name = FD->getName();
    bool Hands = (isOneOf({"move", "swap", "exchange"}, Name) &&
                  FD->isInStdNamespace()) ||
                 (isa<CXXMethodDecl>(FD) && isOneOf({"swap", "release"}, Name));
    if (!Hands)
      return true;
    for (const Expr *Arg : CE->arguments())
      HandedOver |= namesVar(Arg, VD);
    if (const auto *MCE = dyn_cast<CXXMemberCallExpr>(CE))
      HandedOver |= namesVar(MCE->getImplicitObjectArgument(), VD);
    return !HandedOver;
  }

private:
  const VarDecl *VD;
};

/// What is known of the tensor along the way: whether it is still
/// contiguous (reshape and contiguous() then return views) and its dtype
/// (to() with the same dtype returns the tensor itself).
struct ViewState {
  bool Contiguous = true;
  std::optional<api::ScalarKind> Dtype;

  /// What holds on both of two paths.
  void meet(const ViewState &Other) {
    Contiguous &= Other.Contiguous;
    if (Dtype != Other.Dtype)
      Dtype.reset();
  }
  bool operator==(const ViewState &Other) const {
    return Contiguous == Other.Contiguous && Dtype == Other.Dtype;
  }
  bool operator!=(const ViewState &Other) const { return !(*this == Other); }
};

/// True when the result of the Tensor method call shares the receiver's
/// memory for certain; updates S. Copies, new tensors and calls that may
/// copy all answer false, which ends the search silently.
bool sharesMemory(const CXXMemberCallExpr *MCE, ViewState &S, ASTContext &Ctx) {
  const CXXMethodDecl *MD = MCE->getMethodDecl();
  switch (api::memoryShare(MD)) {
  case api::MemoryShare::Own:
    return false;
  case api::MemoryShare::View:
  case api::MemoryShare::Receiver:
    return true;
  case api::MemoryShare::StridedView:
  case api::MemoryShare::StridedReceiver:
    S.Contiguous = false;
    return true;
  case api::MemoryShare::ViewIfContiguous:
    return S.Contiguous;
  case api::MemoryShare::Converted:
    break;
  }
  // from_blob memory is the CPU's: cpu() returns the tensor itself.
  if (api::tensorMethod(MD) == api::TensorMethod::Cpu)
    return true;
  if (MCE->getNumArgs() == 0 || api::asksForCopy(MCE))
    return false;
  // to() returns the tensor itself unless the dtype or the device changes.
  const Expr *First = api::ignoreWrappers(MCE->getArg(0));
  if (api::isScalarTypeType(First->getType())) {
    std::optional<api::ScalarKind> K = api::scalarKindOf(First, Ctx);
    return K && S.Dtype && *K == *S.Dtype;
  }
  return api::isCpuKindRef(First);
}

/// True for the members that put a value into a container.
bool isInserter(const CXXMethodDecl *MD) {
  return MD && MD->getIdentifier() &&
         isOneOf({"push_back", "emplace_back", "push_front", "emplace_front",
                  "insert", "emplace", "insert_or_assign", "try_emplace"},
                 MD->getName());
}

/// True when S is a return statement of Fn returning VD.
bool returnsVar(const ReturnStmt *RS, const VarDecl *VD) {
  const auto *DRE =
      dyn_cast_or_null<DeclRefExpr>(api::ignoreWrappers(RS->getRetValue()));
  return DRE && DRE->getDecl() == VD;
}

/// Finds a return statement of a function body that returns VD.
class ReturnFinder : public RecursiveASTVisitor<ReturnFinder> {
public:
  explicit ReturnFinder(const VarDecl *VD) : VD(VD) {}
  const ReturnStmt *Found = nullptr;
  bool VisitReturnStmt(ReturnStmt *RS) {
    if (!Found && returnsVar(RS, VD))
      Found = RS;
    return !Found;
  }
  // A lambda's returns are its own.
  bool TraverseLambdaExpr(LambdaExpr *) { return true; }

private:
  const VarDecl *VD;
};

/// How the tensor leaves the function, if it does.
struct Escape {
  enum KindT {
    None,
    /// Returned from the function.
    Returned,
    /// Stored where it outlives the function: a member, a reference or
    /// pointer parameter, a static, or a local container returned.
    Stored,
  } Kind = None;
  /// Where it leaves: the return, the store, the variable's initialiser.
  SourceLocation Loc;
  /// The place stored into ('image_', 'out') for Stored.
  std::string Place;
  /// The local tensor variable that holds the tensor where it leaves.
  const VarDecl *Through = nullptr;
  /// For Stored into a local container, the statement returning it.
  const ReturnStmt *ReturnedBy = nullptr;
};

/// Leaves by being stored into Place at Loc.
Escape stored(SourceLocation Loc, std::string Place) {
  Escape E;
  E.Kind = Escape::Stored;
  E.Loc = Loc;
  E.Place = std::move(Place);
  return E;
}

/// The escape when a value is stored into Place (an assignment's left
/// side, an inserter's container): a member, the caller's object through
/// a reference or pointer parameter, a static, or a local container that
/// the function returns.
Escape storedInto(const Expr *Place, SourceLocation At, const FunctionDecl *Fn,
                  ASTContext &Ctx) {
  std::string Text = api::sourceText(Place, Ctx);
  const Expr *E = Place;
  for (unsigned Steps = 0; E && Steps < 16; ++Steps) {
    E = E->IgnoreParenImpCasts();
    if (isa<CXXThisExpr>(E))
      return stored(At, Text);
    if (const auto *ME = dyn_cast<MemberExpr>(E)) {
      if (isa<CXXThisExpr>(ME->getBase()->IgnoreParenImpCasts()))
        return stored(At, Text.empty() ? ME->getMemberNameInfo().getAsString()
                                       : Text);
      E = ME->getBase();
      continue;
    }
    if (const auto *ASE = dyn_cast<ArraySubscriptExpr>(E)) {
      E = ASE->getBase();
      continue;
    }
    if (const auto *OCE = dyn_cast<CXXOperatorCallExpr>(E)) {
      OverloadedOperatorKind Op = OCE->getOperator();
      if (Op != OO_Subscript && Op != OO_Arrow && Op != OO_Star)
        return {};
      E = OCE->getArg(0);
      continue;
    }
    if (const auto *UO = dyn_cast<UnaryOperator>(E);
        UO && UO->getOpcode() == UO_Deref) {
      E = UO->getSubExpr();
      continue;
    }
    if (const auto *MCE = dyn_cast<CXXMemberCallExpr>(E)) {
      const CXXMethodDecl *MD = MCE->getMethodDecl();
      if (!MD || !MD->getIdentifier() ||
          !isOneOf({"at", "back", "front"}, MD->getName()))
        return {};
      E = MCE->getImplicitObjectArgument();
      continue;
    }
    break;
  }
  const auto *DRE = dyn_cast_or_null<DeclRefExpr>(E);
  const auto *VD = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
  if (!VD)
    return {};
  if (Text.empty())
    Text = VD->getNameAsString();
  QualType T = VD->getType();
  if (isa<ParmVarDecl>(VD))
    return T->isReferenceType() || T->isPointerType() ? stored(At, Text)
                                                      : Escape();
  if (VD->hasGlobalStorage())
    return stored(At, Text);
  // A local container filled here and returned.
  if (!VD->hasLocalStorage() || T->isReferenceType() ||
      VD->getParentFunctionOrMethod() != Fn)
    return {};
  ReturnFinder Finder(VD);
  Finder.TraverseStmt(Fn->getBody());
  if (!Finder.Found)
    return {};
  Escape Out = stored(At, VD->getNameAsString());
  Out.ReturnedBy = Finder.Found;
  return Out;
}

/// A value that views the buffer's memory: what is known of the tensor,
/// and whether it is the tensor or an aggregate holding it (an Example, a
/// pair) that can only be returned or stored whole.
struct View {
  ViewState State;
  bool IsTensor = true;
  /// The local tensor variable it is read from, if any.
  const VarDecl *Var = nullptr;
};

/// What one program point knows: the local tensor variables that certainly
/// view the buffer, and whether the from_blob call may have run.
struct LifetimeState {
  llvm::DenseMap<const VarDecl *, ViewState> Views;
  bool Created = false;
};

/// The forward flow over a function's CFG from one from_blob call: which
/// local tensor variables view the buffer at each point, the first return
/// or store through which a view leaves, and whether the buffer is named on
/// a path after the call.
class EscapeFlow {
public:
  EscapeFlow(const CallExpr *Call, ViewState Start, const VarDecl *Buffer,
             const FunctionDecl *Fn, ASTContext &Ctx)
      : Call(Call), Start(Start), Buffer(Buffer), Fn(Fn), Ctx(Ctx) {}

  /// The first way out found, in the order of the blocks.
  Escape Out;
  bool BufferUsedAfter = false;

  void transferElement(const CFGElement &El, LifetimeState &St, bool Report) {
    std::optional<CFGStmt> CS = El.getAs<CFGStmt>();
    if (!CS)
      return;
    const Stmt *S = CS->getStmt();
    if (S == Call)
      St.Created = true;
    if (Report)
      noteUse(S, St);
    if (Report && Out.Kind == Escape::None)
      Out = escapeAt(S, St);
    bind(S, St);
  }
  /// A variable views the buffer after a merge only when it does on both
  /// paths: one that may hold another tensor is not followed.
  static void join(LifetimeState &In, const LifetimeState &Pred) {
    llvm::SmallVector<const VarDecl *, 4> Gone;
    for (auto &[VD, S] : In.Views) {
      auto It = Pred.Views.find(VD);
      if (It == Pred.Views.end())
        Gone.push_back(VD);
      else
        S.meet(It->second);
    }
    for (const VarDecl *VD : Gone)
      In.Views.erase(VD);
    In.Created |= Pred.Created;
  }
  static bool same(const LifetimeState &A, const LifetimeState &B) {
    return A.Created == B.Created && A.Views == B.Views;
  }

private:
  /// The view E's value is, or nothing when it is not (or may not be) one.
  std::optional<View> viewOf(const Expr *E, const LifetimeState &St) const {
    for (unsigned Steps = 0; E && Steps < 64; ++Steps) {
      E = api::ignoreWrappers(E);
      if (E == Call)
        return View{Start, true, nullptr};
      if (const auto *DRE = dyn_cast<DeclRefExpr>(E)) {
        const auto *VD = dyn_cast<VarDecl>(DRE->getDecl());
        auto It = VD ? St.Views.find(VD) : St.Views.end();
        if (It == St.Views.end())
          return std::nullopt;
        return View{It->second, true, VD};
      }
      if (const auto *CE = dyn_cast<CXXConstructExpr>(E)) {
        if (!isBatch(CE->getType()))
          return std::nullopt;
        return partOf(CE->arguments(), St);
      }
      if (const auto *ILE = dyn_cast<InitListExpr>(E)) {
        if (ILE->getType()->isArrayType())
          return std::nullopt;
        return partOf(ILE->inits(), St); // A field of an aggregate.
      }
      if (const auto *MCE = dyn_cast<CXXMemberCallExpr>(E)) {
        std::optional<View> Object =
            viewOf(MCE->getImplicitObjectArgument(), St);
        if (!Object || !Object->IsTensor ||
            !sharesMemory(MCE, Object->State, Ctx))
          return std::nullopt;
        return Object;
      }
      if (const auto *OCE = dyn_cast<CXXOperatorCallExpr>(E)) {
        if (OCE->getOperator() != OO_Subscript ||
            !api::isTensorType(OCE->getType()))
          return std::nullopt;
        std::optional<View> Object = viewOf(OCE->getArg(0), St);
        if (!Object || !Object->IsTensor)
          return std::nullopt;
        Object->State.Contiguous = false; // t[i] selects a view.
        return Object;
      }
      const auto *CE = dyn_cast<CallExpr>(E);
      const FunctionDecl *FD = CE ? CE->getDirectCallee() : nullptr;
      if (!FD || !FD->isInStdNamespace())
        return std::nullopt;
      // std::make_pair, std::make_tuple: a batch of their arguments.
      if (isBatch(CE->getType()))
        return partOf(CE->arguments(), St);
      if (CE->getNumArgs() != 1 || !(api::hasQualifiedName(FD, "std::move") ||
                                     api::hasQualifiedName(FD, "std::forward")))
        return std::nullopt;
      E = CE->getArg(0);
    }
    return std::nullopt;
  }

  /// True for the types that hold a batch whole: torch::data::Example, a
  /// std::pair, a std::tuple.
  static bool isBatch(QualType T) {
    const CXXRecordDecl *RD = T->getAsCXXRecordDecl();
    return api::isDataExampleType(T) ||
           (RD && (api::hasQualifiedName(RD, "std::pair") ||
                   api::hasQualifiedName(RD, "std::tuple")));
  }

  /// The view an aggregate built from Parts holds, if one part is one.
  template <class Range>
  std::optional<View> partOf(Range Parts, const LifetimeState &St) const {
    for (const Expr *Part : Parts)
      if (std::optional<View> V = viewOf(Part, St)) {
        V->IsTensor = false;
        return V;
      }
    return std::nullopt;
  }

  /// True for a local tensor variable of Fn that the flow can follow.
  bool isTrackable(const VarDecl *VD) const {
    return VD && VD->hasLocalStorage() && !isa<ParmVarDecl>(VD) &&
           !VD->getType()->isReferenceType() &&
           VD->getParentFunctionOrMethod() == Fn &&
           api::isTensorType(VD->getType());
  }

  /// The local variable an assignment's left side names, if trackable.
  const VarDecl *assignedVar(const Expr *Lhs) const {
    const auto *DRE = dyn_cast<DeclRefExpr>(Lhs->IgnoreParenImpCasts());
    const auto *VD = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
    return isTrackable(VD) ? VD : nullptr;
  }

  /// How a view leaves the function at S, if it does.
  Escape escapeAt(const Stmt *S, const LifetimeState &St) const {
    Escape Out;
    std::optional<View> V;
    if (const auto *RS = dyn_cast<ReturnStmt>(S)) {
      if ((V = viewOf(RS->getRetValue(), St))) {
        Out.Kind = Escape::Returned;
        Out.Loc = RS->getBeginLoc();
      }
    } else if (const auto *DS = dyn_cast<DeclStmt>(S)) {
      for (const Decl *D : DS->decls()) {
        const auto *VD = dyn_cast<VarDecl>(D);
        if (VD && VD->hasGlobalStorage() && VD->getInit() &&
            (V = viewOf(VD->getInit(), St)) && V->IsTensor) {
          Out = stored(VD->getLocation(), VD->getNameAsString());
          break;
        }
      }
    } else if (const auto *OCE = dyn_cast<CXXOperatorCallExpr>(S)) {
      if (OCE->getOperator() == OO_Equal && OCE->getNumArgs() == 2 &&
          !assignedVar(OCE->getArg(0)) && (V = viewOf(OCE->getArg(1), St)))
        Out = storedInto(OCE->getArg(0), OCE->getBeginLoc(), Fn, Ctx);
    } else if (const auto *MCE = dyn_cast<CXXMemberCallExpr>(S)) {
      if (isInserter(MCE->getMethodDecl()))
        for (const Expr *Arg : MCE->arguments())
          if ((V = viewOf(Arg, St))) {
            Out = storedInto(MCE->getImplicitObjectArgument(),
                             MCE->getBeginLoc(), Fn, Ctx);
            break;
          }
    }
    if (Out.Kind != Escape::None)
      Out.Through = V->Var;
    return Out;
  }

  /// Updates which variables view the buffer after S: a declaration or an
  /// assignment binds a variable to a view or to something else; any other
  /// write may make it hold another tensor.
  void bind(const Stmt *S, LifetimeState &St) const {
    const VarDecl *Bound = nullptr;
    if (const auto *DS = dyn_cast<DeclStmt>(S)) {
      for (const Decl *D : DS->decls()) {
        const auto *VD = dyn_cast<VarDecl>(D);
        if (!VD)
          continue;
        // A buffer declared in a loop body is a new one each time round.
        if (VD == Buffer)
          St.Created = false;
        std::optional<View> V =
            VD->getInit() ? viewOf(VD->getInit(), St) : std::nullopt;
        if (isTrackable(VD) && V && V->IsTensor)
          St.Views[VD] = V->State;
        else
          St.Views.erase(VD);
      }
    } else if (const auto *OCE = dyn_cast<CXXOperatorCallExpr>(S);
               OCE && OCE->getOperator() == OO_Equal &&
               OCE->getNumArgs() == 2) {
      if ((Bound = assignedVar(OCE->getArg(0)))) {
        std::optional<View> V = viewOf(OCE->getArg(1), St);
        if (V && V->IsTensor)
          St.Views[Bound] = V->State;
        else
          St.Views.erase(Bound);
      }
    }
    llvm::SmallVector<const VarDecl *, 4> Written;
    for (const auto &Entry : St.Views)
      if (Entry.first != Bound && writesVar(S, Entry.first))
        Written.push_back(Entry.first);
    for (const VarDecl *VD : Written)
      St.Views.erase(VD);
  }

  /// Notes a use of the buffer after the call, outside the call itself: a
  /// reference to it, or a lambda that captures it (the CFG does not hold a
  /// lambda's body, which may write it later).
  void noteUse(const Stmt *S, const LifetimeState &St) {
    if (!St.Created)
      return;
    const auto *DRE = dyn_cast<DeclRefExpr>(S);
    const auto *L = dyn_cast<LambdaExpr>(S);
    bool Names = (DRE && DRE->getDecl() == Buffer) ||
                 (L && llvm::any_of(L->captures(), [&](const LambdaCapture &C) {
                    return C.capturesVariable() && C.getCapturedVar() == Buffer;
                  }));
    if (!Names)
      return;
    const SourceManager &SM = Ctx.getSourceManager();
    SourceLocation Loc = SM.getExpansionLoc(S->getBeginLoc());
    SourceRange CallRange(SM.getExpansionLoc(Call->getBeginLoc()),
                          SM.getExpansionLoc(Call->getEndLoc()));
    if (!SM.isPointWithin(Loc, CallRange.getBegin(), CallRange.getEnd()))
      BufferUsedAfter = true;
  }

  const CallExpr *Call;
  ViewState Start;
  const VarDecl *Buffer;
  const FunctionDecl *Fn;
  ASTContext &Ctx;
};

/// Where Buffer, a local of Fn, is destroyed: at the end of a nested block
/// (a loop body, a branch), or when the lambda or function returns.
BufferEscape::ScopeKind scopeOf(const VarDecl *Buffer, const FunctionDecl *Fn,
                                ASTContext &Ctx) {
  DynTypedNodeList Decl = Ctx.getParents(*Buffer);
  if (Decl.size() == 1) {
    DynTypedNodeList Block = Ctx.getParents(Decl[0]);
    if (Block.size() == 1 && Block[0].get<Stmt>() != Fn->getBody())
      return BufferEscape::ScopeKind::Block;
  }
  const auto *Closure = dyn_cast<CXXRecordDecl>(Fn->getDeclContext());
  if (Closure && Closure->isLambda())
    return BufferEscape::ScopeKind::Lambda;
  return BufferEscape::ScopeKind::Function;
}

} // namespace

std::optional<BufferEscape> fromBlobEscape(const CallExpr *Call,
                                           ASTContext &Ctx) {
  std::optional<FromBlobCall> FB = matchFromBlob(Call);
  // With a deleter the tensor owns the memory and frees it itself.
  if (!FB || FB->Deleter)
    return std::nullopt;
  const FunctionDecl *Fn = api::enclosingFunction(Call, Ctx);
  if (!Fn || !Fn->hasBody())
    return std::nullopt;
  const VarDecl *Buffer = localBufferOf(FB->Data, Fn, Call, Ctx);
  if (!Buffer)
    return std::nullopt;
  HandoverFinder Handover(Buffer);
  Handover.TraverseStmt(Fn->getBody());
  if (Handover.HandedOver)
    return std::nullopt;

  CFG::BuildOptions Options;
  Options.setAllAlwaysAdd();
  std::unique_ptr<CFG> Graph = CFG::buildCFG(Fn, Fn->getBody(), &Ctx, Options);
  if (!Graph)
    return std::nullopt;
  ViewState Start;
  Start.Contiguous = FB->Strides == nullptr;
  Start.Dtype = fromBlobDtype(*FB, Ctx);
  EscapeFlow Flow(Call, Start, Buffer, Fn, Ctx);
  std::optional<LifetimeState> ExitState;
  if (!flow::solve(*Graph, Flow, LifetimeState(), ExitState))
    return std::nullopt;
  Escape &Out = Flow.Out;
  if (Out.Kind == Escape::None)
    return std::nullopt;

  BufferEscape E;
  E.Call = *FB;
  E.Buffer = Buffer;
  E.Function = Fn;
  E.Scope = scopeOf(Buffer, Fn, Ctx);
  E.Exit = Out.Kind == Escape::Returned ? BufferEscape::ExitKind::Returned
                                        : BufferEscape::ExitKind::Stored;
  E.At = Out.Loc;
  E.Place = std::move(Out.Place);
  E.Through = Out.Through;
  E.ReturnedBy = Out.ReturnedBy;
  E.BufferUsedAfter = Flow.BufferUsedAfter;
  return E;
}

} // namespace torchlint
