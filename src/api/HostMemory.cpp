//===- HostMemory.cpp - Memory the host reads and owns --------------------===//

#include "torchlint/api/HostMemory.h"
#include "torchlint/api/OpenCV.h"
#include "torchlint/api/Syntax.h"
#include "torchlint/api/TorchApi.h"

#include "clang/AST/ParentMapContext.h"
#include "llvm/ADT/StringSwitch.h"

using namespace clang;

namespace torchlint {
namespace api {

namespace {

/// True for FD, a function of the C library or of namespace std, named Name.
bool isLibraryFunction(const FunctionDecl *FD, llvm::StringRef Name) {
  if (!FD || !FD->getIdentifier() || FD->getName() != Name)
    return false;
  return FD->isExternC() || FD->isInStdNamespace() ||
         FD->getDeclContext()->getRedeclContext()->isTranslationUnit();
}

/// True for the class (or class template specialisation) RD, named Name in
/// namespace std.
bool isStdClass(const CXXRecordDecl *RD, llvm::StringRef Name) {
  return RD && RD->getIdentifier() && RD->getName() == Name &&
         RD->isInStdNamespace();
}

/// True for std's containers whose elements are contiguous host memory.
bool isStdContiguous(const CXXRecordDecl *RD) {
  return isStdClass(RD, "vector") || isStdClass(RD, "array") ||
         isStdClass(RD, "basic_string") || isStdClass(RD, "valarray");
}

const CXXRecordDecl *classOf(QualType T) {
  T = T.getNonReferenceType();
  if (const auto *PT = T->getAs<PointerType>())
    T = PT->getPointeeType();
  return T->getAsCXXRecordDecl();
}

/// E without parentheses, implicit conversions and explicit pointer casts.
const Expr *stripCasts(const Expr *E) {
  while (E) {
    const Expr *Next = E->IgnoreParenImpCasts();
    if (const auto *CE = dyn_cast<ExplicitCastExpr>(Next);
        CE && CE->getType()->isPointerType())
      Next = CE->getSubExpr();
    if (Next == E)
      return E;
    E = Next;
  }
  return E;
}

/// Every reference to VD in S.
void collectRefs(const Stmt *S, const ValueDecl *VD,
                 llvm::SmallVectorImpl<const DeclRefExpr *> &Out) {
  if (!S)
    return;
  if (const auto *DRE = dyn_cast<DeclRefExpr>(S); DRE && DRE->getDecl() == VD)
    Out.push_back(DRE);
  for (const Stmt *C : S->children())
    collectRefs(C, VD, Out);
}

/// True for std's functions that hand a pointer on without reading it.
bool passesPointerOn(const FunctionDecl *Callee) {
  return llvm::StringSwitch<bool>(Callee->getName())
      .Cases("move", "forward", "addressof", "swap", "exchange", true)
      .Cases("make_pair", "make_tuple", "tie", "get", "launder", true)
      .Default(false);
}

/// True when a call of Callee with the pointer as an argument reads or
/// writes the memory on the host: the C library's memory and file
/// functions, and std's algorithms and members, which take pointers as
/// iterators (std::copy, std::max_element, vector::assign, a stream's
/// read or write).
bool copiesOnHost(const FunctionDecl *Callee) {
  if (!Callee || !Callee->getIdentifier())
    return false;
  llvm::StringRef N = Callee->getName();
  bool CLibrary = llvm::StringSwitch<bool>(N)
                      .Cases("memcpy", "memmove", "memcmp", "memset", true)
                      .Cases("fwrite", "fread", true)
                      .Default(false);
  if (CLibrary)
    return isLibraryFunction(Callee, N);
  if (Callee->isInStdNamespace() && !isa<CXXMethodDecl>(Callee))
    return !passesPointerOn(Callee);
  // vector::assign(first, last), insert(pos, first, last); an iostream's
  // read or write of raw bytes.
  if (const auto *MD = dyn_cast<CXXMethodDecl>(Callee)) {
    const CXXRecordDecl *RD = MD->getParent();
    if ((N == "assign" || N == "insert") && isStdContiguous(RD))
      return true;
    if ((N == "read" || N == "write") && RD->isInStdNamespace())
      return true;
  }
  return false;
}

/// Classifies the uses of the pointer value E: sets Use.Reads for a host
/// read or write, and clears WithinExpression where the pointer is kept.
void classify(const Expr *E, ASTContext &Ctx, HostUse &Use, unsigned Depth) {
  if (Depth > 4 || Use.Reads)
    return;
  DynTypedNode Node = DynTypedNode::create(*E);
  const Expr *Child = E;
  for (unsigned Steps = 0; Steps < 16; ++Steps) {
    DynTypedNodeList Parents = Ctx.getParents(Node);
    if (Parents.empty())
      return;
    const DynTypedNode &P = Parents[0];
    if (const auto *PE = P.get<Expr>()) {
      if (isa<ParenExpr>(PE) || isa<ImplicitCastExpr>(PE) ||
          (isa<ExplicitCastExpr>(PE) && PE->getType()->isPointerType())) {
        Node = P;
        Child = PE;
        continue;
      }
      if (const auto *ASE = dyn_cast<ArraySubscriptExpr>(PE)) {
        Use.Reads = ASE->getBase()->IgnoreParenImpCasts() == Child ||
                    ASE->getBase() == Child;
        return;
      }
      if (const auto *UO = dyn_cast<UnaryOperator>(PE)) {
        Use.Reads = UO->getOpcode() == UO_Deref;
        return;
      }
      if (const auto *BO = dyn_cast<BinaryOperator>(PE)) {
        // p + offset is still the memory; p - q is a number.
        if ((BO->getOpcode() == BO_Add || BO->getOpcode() == BO_Sub) &&
            BO->getType()->isPointerType()) {
          Node = P;
          Child = BO;
          continue;
        }
        return;
      }
      if (const auto *OC = dyn_cast<CXXOperatorCallExpr>(PE)) {
        // acc[i] on an accessor.
        Use.Reads = OC->getOperator() == OO_Subscript &&
                    OC->getNumArgs() >= 1 &&
                    OC->getArg(0)->IgnoreParenImpCasts() ==
                        Child->IgnoreParenImpCasts();
        return;
      }
      if (const auto *CE = dyn_cast<CallExpr>(PE)) {
        Use.Reads = copiesOnHost(CE->getDirectCallee());
        return;
      }
      if (const auto *Ctor = dyn_cast<CXXConstructExpr>(PE)) {
        const CXXRecordDecl *RD = Ctor->getConstructor()->getParent();
        if (isMatClass(RD)) {
          // A cv::Mat over the memory: the image is read on the host later.
          Use.Reads = true;
          Use.WithinExpression = false;
        } else if (RD && RD->isInStdNamespace()) {
          // std::vector<float>(p, p + n), std::discrete_distribution<int>(p,
          // p + n): std's classes read an iterator range on the host (two
          // pointers; a pointer and a deleter is no range).
          unsigned Pointers =
              llvm::count_if(Ctor->arguments(), [](const Expr *A) {
                return A->getType()->isPointerType();
              });
          Use.Reads = Pointers >= 2;
        }
        return;
      }
      return;
    }
    if (const auto *VD = P.get<VarDecl>()) {
      // float *p = t.data_ptr<float>(); auto acc = t.accessor<float, 2>():
      // the uses of the variable decide, and the memory is kept.
      Use.WithinExpression = false;
      if (!VD->isLocalVarDecl() || VD->getType()->isReferenceType())
        return;
      llvm::SmallVector<const DeclRefExpr *, 8> Refs;
      collectRefs(enclosingBody(E, Ctx), VD, Refs);
      for (const DeclRefExpr *Ref : Refs)
        classify(Ref, Ctx, Use, Depth + 1);
      return;
    }
    return;
  }
}

} // namespace

HostAccess hostAccessOf(const CXXMemberCallExpr *MC) {
  const CXXMethodDecl *MD = MC ? MC->getMethodDecl() : nullptr;
  if (!MD || !MD->getIdentifier())
    return HostAccess::None;
  const CXXRecordDecl *RD = MD->getParent();
  if (!hasQualifiedName(RD, "at::Tensor") &&
      !hasQualifiedName(RD, "at::TensorBase"))
    return HostAccess::None;
  llvm::StringRef N = MD->getName();
  if (N == "accessor")
    return HostAccess::Accessor;
  // data<T>() gives a pointer; data() without T is a tensor.
  if ((N == "data_ptr" || N == "data" || N == "const_data_ptr" ||
       N == "mutable_data_ptr") &&
      MC->getType()->isPointerType())
    return HostAccess::Pointer;
  return HostAccess::None;
}

HostUse hostUseOf(const CXXMemberCallExpr *Access, ASTContext &Ctx) {
  HostUse Use;
  Use.WithinExpression = true;
  classify(Access, Ctx, Use, 0);
  if (!Use.Reads)
    Use.WithinExpression = false;
  return Use;
}

/// True when Cond asks a tensor or a device where it is.
static bool testsDevice(const Stmt *Cond) {
  if (!Cond)
    return false;
  if (const auto *MC = dyn_cast<CXXMemberCallExpr>(Cond))
    if (const CXXMethodDecl *MD = MC->getMethodDecl();
        MD && MD->getIdentifier()) {
      const CXXRecordDecl *RD = MD->getParent();
      bool TensorOrDevice = hasQualifiedName(RD, "at::Tensor") ||
                            hasQualifiedName(RD, "at::TensorBase") ||
                            hasQualifiedName(RD, "c10::Device");
      if (TensorOrDevice &&
          llvm::StringSwitch<bool>(MD->getName())
              .Cases("is_cuda", "is_cpu", "is_mps", "is_xpu", "device", true)
              .Cases("type", "is_meta", "is_hip", "is_privateuseone", true)
              .Default(false))
        return true;
    }
  for (const Stmt *C : Cond->children())
    if (testsDevice(C))
      return true;
  return false;
}

bool underDeviceTest(const Stmt *S, ASTContext &Ctx) {
  DynTypedNode Node = DynTypedNode::create(*S);
  for (unsigned Steps = 0; Steps < 256; ++Steps) {
    DynTypedNodeList Parents = Ctx.getParents(Node);
    if (Parents.empty() || Parents[0].get<FunctionDecl>() ||
        Parents[0].get<LambdaExpr>())
      return false;
    const Stmt *Child = Node.get<Stmt>();
    if (const auto *If = Parents[0].get<IfStmt>();
        If && Child != If->getCond() && testsDevice(If->getCond()))
      return true;
    if (const auto *CO = Parents[0].get<ConditionalOperator>();
        CO && Child != CO->getCond() && testsDevice(CO->getCond()))
      return true;
    Node = Parents[0];
  }
  return false;
}

bool onlyReadOnHost(const VarDecl *Tensor, ASTContext &Ctx) {
  if (!Tensor->isLocalVarDecl() || Tensor->getType()->isReferenceType() ||
      !Tensor->getInit())
    return false;
  llvm::SmallVector<const DeclRefExpr *, 8> Refs;
  collectRefs(enclosingBody(Tensor->getInit(), Ctx), Tensor, Refs);
  for (const DeclRefExpr *Ref : Refs) {
    DynTypedNode Node = DynTypedNode::create(*Ref);
    DynTypedNodeList Parents = Ctx.getParents(Node);
    // Through the conversion to TensorBase that its methods take.
    while (!Parents.empty() && Parents[0].get<ImplicitCastExpr>()) {
      Node = Parents[0];
      Parents = Ctx.getParents(Node);
    }
    if (Parents.empty())
      return false;
    if (const auto *OC = Parents[0].get<CXXOperatorCallExpr>();
        OC && OC->getOperator() == OO_LessLess && OC->getNumArgs() == 2 &&
        OC->getArg(1)->IgnoreImpCasts() == Ref)
      continue; // std::cout << out
    const auto *ME = Parents[0].get<MemberExpr>();
    const auto *MD =
        ME ? dyn_cast<CXXMethodDecl>(ME->getMemberDecl()) : nullptr;
    if (!MD || !MD->getIdentifier())
      return false;
    bool Query = llvm::StringSwitch<bool>(MD->getName())
                     .Cases("data_ptr", "data", "const_data_ptr", true)
                     .Cases("mutable_data_ptr", "accessor", "item", true)
                     .Cases("size", "sizes", "dim", "numel", "ndimension", true)
                     .Cases("scalar_type", "dtype", "defined", "print", true)
                     .Cases("stride", "strides", "is_contiguous", true)
                     .Cases("element_size", "nbytes", "itemsize", true)
                     .Default(false);
    if (!Query)
      return false;
  }
  return true;
}

bool isHostBuffer(const Expr *Data, ASTContext &Ctx) {
  for (unsigned Depth = 0; Data && Depth < 6; ++Depth) {
    const Expr *E = stripCasts(Data);
    if (isa<CXXNewExpr>(E))
      return true;
    if (const auto *BO = dyn_cast<BinaryOperator>(E)) {
      if (BO->getOpcode() != BO_Add && BO->getOpcode() != BO_Sub)
        return false;
      Data = BO->getLHS()->getType()->isPointerType() ? BO->getLHS()
                                                      : BO->getRHS();
      continue;
    }
    if (const auto *UO = dyn_cast<UnaryOperator>(E)) {
      if (UO->getOpcode() != UO_AddrOf)
        return false;
      // &v[0], &arr[0], &local.
      const Expr *Sub = UO->getSubExpr()->IgnoreParenImpCasts();
      if (const auto *ASE = dyn_cast<ArraySubscriptExpr>(Sub)) {
        Data = ASE->getBase();
        continue;
      }
      if (const auto *OC = dyn_cast<CXXOperatorCallExpr>(Sub)) {
        return OC->getOperator() == OO_Subscript &&
               isStdContiguous(classOf(OC->getArg(0)->getType()));
      }
      if (const auto *DRE = dyn_cast<DeclRefExpr>(Sub))
        if (const auto *VD = dyn_cast<VarDecl>(DRE->getDecl()))
          return VD->hasLocalStorage() && !VD->getType()->isReferenceType();
      return false;
    }
    // img.data, frame->data, img.ptr<float>(0) of a cv::Mat.
    if (matOfPixels(E))
      return true;
    if (const auto *MC = dyn_cast<CXXMemberCallExpr>(E)) {
      const CXXMethodDecl *MD = MC->getMethodDecl();
      return MD && MD->getIdentifier() && MD->getName() == "data" &&
             isStdContiguous(MD->getParent());
    }
    if (isa<MemberExpr>(E))
      return false;
    if (const auto *CE = dyn_cast<CallExpr>(E)) {
      const FunctionDecl *F = CE->getDirectCallee();
      return isLibraryFunction(F, "malloc") || isLibraryFunction(F, "calloc") ||
             isLibraryFunction(F, "aligned_alloc");
    }
    const auto *DRE = dyn_cast<DeclRefExpr>(E);
    const auto *VD = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
    if (!VD)
      return false;
    if (VD->getType()->isArrayType())
      return true;
    // A local pointer initialised with host memory and never changed.
    if (!VD->isLocalVarDecl() || !VD->getType()->isPointerType() ||
        !VD->getInit())
      return false;
    llvm::SmallVector<const DeclRefExpr *, 8> Refs;
    collectRefs(enclosingBody(DRE, Ctx), VD, Refs);
    for (const DeclRefExpr *Ref : Refs) {
      DynTypedNodeList Parents = Ctx.getParents(*Ref);
      if (Parents.empty())
        continue;
      if (const auto *BO = Parents[0].get<BinaryOperator>();
          BO && BO->isAssignmentOp() && BO->getLHS() == Ref)
        return false;
      if (const auto *UO = Parents[0].get<UnaryOperator>();
          UO && (UO->isIncrementDecrementOp() || UO->getOpcode() == UO_AddrOf))
        return false;
    }
    Data = VD->getInit();
  }
  return false;
}

bool ownsHostMemory(QualType T) {
  T = T.getCanonicalType();
  if (T->isArrayType() || T->isArithmeticType())
    return true;
  const CXXRecordDecl *RD = T->getAsCXXRecordDecl();
  return RD && (hasQualifiedName(RD, "std::vector") ||
                hasQualifiedName(RD, "std::array") ||
                hasQualifiedName(RD, "std::basic_string") ||
                hasQualifiedName(RD, "std::unique_ptr") || isMatClass(RD));
}

MemoryShare memoryShare(const CXXMethodDecl *MD) {
  if (!MD || !MD->getIdentifier() || !isTensorMethod(MD, MD->getName()))
    return MemoryShare::Own;
  llvm::StringRef Name = MD->getName();
  // In-place methods return the receiver.
  if (Name.ends_with("_") && MD->getReturnType()->isReferenceType())
    return llvm::StringSwitch<MemoryShare>(Name)
        .Cases("t_", "transpose_", "swapaxes_", "swapdims_", "as_strided_",
               MemoryShare::StridedReceiver)
        .Default(MemoryShare::Receiver);
  TensorMethod M = tensorMethod(MD);
  if (M == TensorMethod::To || M == TensorMethod::Cpu)
    return MemoryShare::Converted;
  return llvm::StringSwitch<MemoryShare>(Name)
      .Cases("view", "view_as", "unsqueeze", "squeeze", "detach", "alias",
             MemoryShare::View)
      .Cases("permute", "transpose", "t", "narrow", "select", "slice", "expand",
             MemoryShare::StridedView)
      .Cases("expand_as", "as_strided", "diagonal", "movedim", "swapaxes",
             "swapdims", "unfold", MemoryShare::StridedView)
      .Cases("contiguous", "reshape", "reshape_as", "flatten",
             MemoryShare::ViewIfContiguous)
      .Default(MemoryShare::Own);
}

bool asksForCopy(const CXXMemberCallExpr *To) {
  const CXXMethodDecl *MD = To->getMethodDecl();
  if (!MD)
    return false;
  for (unsigned I = 0; I < To->getNumArgs() && I < MD->getNumParams(); ++I) {
    const ParmVarDecl *P = MD->getParamDecl(I);
    const Expr *Arg = To->getArg(I);
    if (!P->getIdentifier() || P->getName() != "copy" ||
        isa<CXXDefaultArgExpr>(Arg))
      continue;
    const auto *B = dyn_cast<CXXBoolLiteralExpr>(Arg->IgnoreParenImpCasts());
    return !B || B->getValue();
  }
  return false;
}

} // namespace api
} // namespace torchlint
