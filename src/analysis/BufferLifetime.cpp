//===- BufferLifetime.cpp - A from_blob tensor outliving its buffer -------===//

#include "torchlint/analysis/BufferLifetime.h"
#include "torchlint/api/OpenCV.h"
#include "torchlint/api/Syntax.h"
#include "torchlint/api/TorchApi.h"

#include "clang/AST/ParentMapContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"

using namespace clang;

namespace torchlint {
namespace {

/// True when Name is one of Names.
bool isOneOf(std::initializer_list<llvm::StringRef> Names,
             llvm::StringRef Name) {
  return llvm::is_contained(Names, Name);
}

/// True for the standard types that own contiguous memory and free it in
/// their destructor, whose data() (or get()) from_blob may view.
bool isOwningBufferType(QualType T) {
  T = T.getCanonicalType();
  if (T->isArrayType() || T->isArithmeticType())
    return true;
  const CXXRecordDecl *RD = T->getAsCXXRecordDecl();
  return RD && (api::hasQualifiedName(RD, "std::vector") ||
                api::hasQualifiedName(RD, "std::array") ||
                api::hasQualifiedName(RD, "std::basic_string") ||
                api::hasQualifiedName(RD, "std::unique_ptr") ||
                api::hasQualifiedName(RD, "cv::Mat"));
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
      !isOwningBufferType(VD->getType()))
    return nullptr;
  return VD;
}

/// Collects the references to one variable in a function body, and whether
/// its memory is handed to something else (moved, swapped, released): then
/// the buffer may outlive the function and nothing is reported.
class UseCollector : public RecursiveASTVisitor<UseCollector> {
public:
  explicit UseCollector(const VarDecl *VD) : VD(VD) {}
  std::vector<const DeclRefExpr *> Uses;
  bool HandedOver = false;

  bool VisitDeclRefExpr(DeclRefExpr *DRE) {
    if (DRE->getDecl() == VD)
      Uses.push_back(DRE);
    return true;
  }
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
      if (refersToVar(Arg))
        HandedOver = true;
    if (const auto *MCE = dyn_cast<CXXMemberCallExpr>(CE))
      if (refersToVar(MCE->getImplicitObjectArgument()))
        HandedOver = true;
    return true;
  }

private:
  bool refersToVar(const Expr *E) const {
    const auto *DRE = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts());
    return DRE && DRE->getDecl() == VD;
  }
  const VarDecl *VD;
};

/// What is known of the tensor along the way: whether it is still
/// contiguous (reshape and contiguous() then return views) and its dtype
/// (to() with the same dtype returns the tensor itself).
struct ViewState {
  bool Contiguous = true;
  std::optional<api::ScalarKind> Dtype;
};

/// True when E is the literal false (or absent).
bool isFalseLiteral(const Expr *E) {
  const auto *B = dyn_cast<CXXBoolLiteralExpr>(E->IgnoreParenImpCasts());
  return B && !B->getValue();
}

/// True when the result of the Tensor method call shares the receiver's
/// memory for certain; updates S. Copies, new tensors and calls that may
/// copy all answer false, which ends the search silently.
bool sharesMemory(const CXXMemberCallExpr *MCE, ViewState &S, ASTContext &Ctx) {
  const CXXMethodDecl *MD = MCE->getMethodDecl();
  if (!MD || !MD->getIdentifier() || !api::isTensorMethod(MD, MD->getName()))
    return false;
  llvm::StringRef Name = MD->getName();
  if (isOneOf({"view", "view_as", "unsqueeze", "squeeze", "detach", "alias"},
              Name))
    return true;
  if (isOneOf({"permute", "transpose", "t", "narrow", "select", "slice",
               "expand", "expand_as", "as_strided", "diagonal", "movedim",
               "swapaxes", "swapdims", "unfold"},
              Name)) {
    S.Contiguous = false;
    return true;
  }
  // These copy exactly when the tensor is not contiguous.
  if (isOneOf({"contiguous", "reshape", "reshape_as", "flatten"}, Name))
    return S.Contiguous;
  // In-place operations return the receiver.
  if (Name.ends_with("_") && MD->getReturnType()->isReferenceType()) {
    if (isOneOf({"t_", "transpose_", "swapaxes_", "swapdims_", "as_strided_"},
                Name))
      S.Contiguous = false;
    return true;
  }
  // from_blob memory is the CPU's: cpu() returns the tensor itself.
  api::TensorMethod M = api::tensorMethod(MD);
  if (M == api::TensorMethod::Cpu)
    return true;
  if (M != api::TensorMethod::To || MCE->getNumArgs() == 0)
    return false;
  // to() returns the tensor itself unless the dtype or the device changes,
  // or copy=true.
  for (unsigned I = 0; I < MCE->getNumArgs() && I < MD->getNumParams(); ++I) {
    const ParmVarDecl *P = MD->getParamDecl(I);
    const Expr *Arg = MCE->getArg(I);
    if (P->getIdentifier() && P->getName() == "copy" &&
        !isa<CXXDefaultArgExpr>(Arg) && !isFalseLiteral(Arg))
      return false;
  }
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
    /// Bound to a local tensor variable, to be followed from its uses.
    Var,
  } Kind = None;
  /// Where it leaves: the return, the store, the variable's initialiser.
  SourceLocation Loc;
  /// The place stored into ('image_', 'out') for Stored.
  std::string Place;
  /// For Var, the variable.
  const VarDecl *Local = nullptr;
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
Escape storedInto(const Expr *Place, SourceLocation At,
                         const FunctionDecl *Fn, ASTContext &Ctx) {
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

/// Follows a tensor value from Start up through the expressions that
/// return it or a view of its memory, to where it ends.
Escape follow(const Expr *Start, ViewState S, const FunctionDecl *Fn,
                     ASTContext &Ctx) {
  const Expr *Cur = Start;
  bool IsTensor = true;
  for (unsigned Steps = 0; Steps < 64; ++Steps) {
    DynTypedNodeList Parents = Ctx.getParents(*Cur);
    if (Parents.size() != 1)
      return {};
    if (const auto *VD = Parents[0].get<VarDecl>()) {
      if (!IsTensor || VD->getInit() == nullptr)
        return {};
      if (VD->hasGlobalStorage())
        return stored(VD->getLocation(), VD->getNameAsString());
      if (!VD->hasLocalStorage() || isa<ParmVarDecl>(VD) ||
          VD->getParentFunctionOrMethod() != Fn ||
          !api::isTensorType(VD->getType()))
        return {};
      Escape E;
      E.Kind = Escape::Var;
      E.Local = VD;
      E.Loc = VD->getLocation();
      return E;
    }
    const auto *P = Parents[0].get<Stmt>();
    if (!P)
      return {};
    if (const auto *RS = dyn_cast<ReturnStmt>(P)) {
      if (api::enclosingFunction(RS, Ctx) != Fn)
        return {};
      Escape E;
      E.Kind = Escape::Returned;
      E.Loc = RS->getBeginLoc();
      return E;
    }
    const auto *PE = dyn_cast<Expr>(P);
    if (!PE)
      return {};
    if (isa<ImplicitCastExpr, ParenExpr, MaterializeTemporaryExpr,
            CXXBindTemporaryExpr, ExprWithCleanups>(PE)) {
      Cur = PE;
      continue;
    }
    if (const auto *CE = dyn_cast<CXXConstructExpr>(PE)) {
      QualType T = CE->getType();
      if (IsTensor && api::isTensorType(T) && CE->getNumArgs() == 1) {
        Cur = PE; // A copy or move shares the memory.
        continue;
      }
      // A batch returned whole: torch::data::Example, a pair, a tuple.
      const CXXRecordDecl *RD = T->getAsCXXRecordDecl();
      if (api::isDataExampleType(T) ||
          (RD && (api::hasQualifiedName(RD, "std::pair") ||
                  api::hasQualifiedName(RD, "std::tuple")))) {
        IsTensor = false;
        Cur = PE;
        continue;
      }
      return {};
    }
    if (isa<InitListExpr>(PE) && !PE->getType()->isArrayType()) {
      IsTensor = false; // A field of an aggregate.
      Cur = PE;
      continue;
    }
    if (const auto *ME = dyn_cast<MemberExpr>(PE)) {
      // The tensor is the object of a method call.
      if (!IsTensor || ME->getBase() != Cur)
        return {};
      DynTypedNodeList Calls = Ctx.getParents(*ME);
      const auto *MCE =
          Calls.size() == 1 ? Calls[0].get<CXXMemberCallExpr>() : nullptr;
      if (!MCE || MCE->getCallee() != ME || !sharesMemory(MCE, S, Ctx))
        return {};
      Cur = MCE;
      continue;
    }
    if (const auto *OCE = dyn_cast<CXXOperatorCallExpr>(PE)) {
      if (IsTensor && OCE->getOperator() == OO_Subscript &&
          OCE->getArg(0) == Cur && api::isTensorType(OCE->getType())) {
        S.Contiguous = false; // t[i] selects a view.
        Cur = OCE;
        continue;
      }
      if (OCE->getOperator() == OO_Equal && OCE->getNumArgs() == 2 &&
          OCE->getArg(1) == Cur)
        return storedInto(OCE->getArg(0), OCE->getBeginLoc(), Fn, Ctx);
      return {};
    }
    if (const auto *MCE = dyn_cast<CXXMemberCallExpr>(PE)) {
      if (isInserter(MCE->getMethodDecl()) &&
          llvm::is_contained(MCE->arguments(), Cur))
        return storedInto(MCE->getImplicitObjectArgument(),
                          MCE->getBeginLoc(), Fn, Ctx);
      return {};
    }
    if (const auto *CE = dyn_cast<CallExpr>(PE)) {
      const FunctionDecl *FD = CE->getDirectCallee();
      if (FD && CE->getNumArgs() == 1 &&
          (api::hasQualifiedName(FD, "std::move") ||
           api::hasQualifiedName(FD, "std::forward"))) {
        Cur = PE;
        continue;
      }
      return {};
    }
    return {};
  }
  return {};
}

/// Follows each use of the local tensor variable VD to where it leaves
/// the function.
Escape followVariable(const VarDecl *VD, ViewState S,
                             const FunctionDecl *Fn, ASTContext &Ctx) {
  // A variable assigned again may hold another tensor when it leaves.
  if (mayBeWritten(VD, Fn->getBody()))
    return {};
  UseCollector Uses(VD);
  Uses.TraverseStmt(Fn->getBody());
  for (const DeclRefExpr *Use : Uses.Uses) {
    Escape E = follow(Use, S, Fn, Ctx);
    if (E.Kind == Escape::Returned || E.Kind == Escape::Stored)
      return E;
  }
  return {};
}

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

/// True when the buffer is named after the call ends, in source order.
bool usedAfter(const UseCollector &Uses, const CallExpr *Call,
                      ASTContext &Ctx) {
  const SourceManager &SM = Ctx.getSourceManager();
  SourceLocation End = SM.getExpansionLoc(Call->getEndLoc());
  for (const DeclRefExpr *Use : Uses.Uses)
    if (SM.isBeforeInTranslationUnit(End,
                                     SM.getExpansionLoc(Use->getBeginLoc())))
      return true;
  return false;
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
  UseCollector BufferUses(Buffer);
  BufferUses.TraverseStmt(Fn->getBody());
  if (BufferUses.HandedOver)
    return std::nullopt;

  ViewState Start;
  Start.Contiguous = FB->Strides == nullptr;
  Start.Dtype = fromBlobDtype(*FB, Ctx);
  Escape Out = follow(Call, Start, Fn, Ctx);
  const VarDecl *Through = nullptr;
  if (Out.Kind == Escape::Var) {
    Through = Out.Local;
    Out = followVariable(Through, Start, Fn, Ctx);
  }
  if (Out.Kind == Escape::None || Out.Kind == Escape::Var)
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
  E.Through = Through;
  E.ReturnedBy = Out.ReturnedBy;
  E.BufferUsedAfter = usedAfter(BufferUses, Call, Ctx);
  return E;
}

} // namespace torchlint
