//===- TorchApi.cpp - The one model of the LibTorch API -------------------===//

#include "TorchApi.h"

#include "clang/AST/DeclTemplate.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/StringSet.h"

using namespace clang;

namespace torchlint {
namespace api {

static const CXXRecordDecl *recordOf(QualType T) {
  if (T.isNull())
    return nullptr;
  T = T.getNonReferenceType().getCanonicalType();
  return T->getAsCXXRecordDecl();
}

static bool isRecordNamed(const CXXRecordDecl *RD, llvm::StringRef Name) {
  return RD && RD->getQualifiedNameAsString() == Name;
}

bool isTensorType(QualType T) {
  return isRecordNamed(recordOf(T), "at::Tensor");
}

bool isDeviceType(QualType T) {
  return isRecordNamed(recordOf(T), "c10::Device");
}

bool isDeviceKindType(QualType T) {
  if (T.isNull())
    return false;
  const auto *ET =
      T.getNonReferenceType().getCanonicalType()->getAs<EnumType>();
  return ET && ET->getDecl()->getQualifiedNameAsString() == "c10::DeviceType";
}

bool isTensorContainerType(QualType T) {
  const auto *Spec =
      dyn_cast_or_null<ClassTemplateSpecializationDecl>(recordOf(T));
  if (!Spec)
    return false;
  std::string Name = Spec->getQualifiedNameAsString();
  static const char *const Containers[] = {
      "std::vector", "std::array",         "std::deque", "std::list",
      "std::map",    "std::unordered_map", "std::pair",  "std::tuple",
      "c10::List",   "c10::Dict"};
  if (llvm::none_of(Containers, [&](const char *C) { return Name == C; }))
    return false;
  for (const TemplateArgument &Arg : Spec->getTemplateArgs().asArray()) {
    if (Arg.getKind() == TemplateArgument::Type &&
        (isTensorType(Arg.getAsType()) ||
         isTensorContainerType(Arg.getAsType())))
      return true;
    if (Arg.getKind() == TemplateArgument::Pack)
      for (const TemplateArgument &P : Arg.pack_elements())
        if (P.getKind() == TemplateArgument::Type &&
            isTensorType(P.getAsType()))
          return true;
  }
  return false;
}

static bool derivesFrom(const CXXRecordDecl *RD, llvm::StringRef Base,
                        unsigned Depth = 0) {
  // Recursive metaprogramming (a template deriving from itself with other
  // arguments) would otherwise recurse without end.
  if (!RD || !RD->hasDefinition() || Depth > 24)
    return false;
  RD = RD->getDefinition();
  if (isRecordNamed(RD, Base))
    return true;
  for (const CXXBaseSpecifier &B : RD->bases()) {
    const CXXRecordDecl *BD = B.getType()->getAsCXXRecordDecl();
    if (!BD) {
      // A dependent base such as Cloneable<Derived> in a template pattern:
      // look at the template it names.
      if (const auto *TST = B.getType()->getAs<TemplateSpecializationType>())
        if (const auto *TD = dyn_cast_or_null<ClassTemplateDecl>(
                TST->getTemplateName().getAsTemplateDecl()))
          BD = TD->getTemplatedDecl();
    }
    if (derivesFrom(BD, Base, Depth + 1))
      return true;
  }
  return false;
}

bool isModuleClass(const CXXRecordDecl *RD) {
  return derivesFrom(RD, "torch::nn::Module");
}

bool isModuleHolderType(QualType T) {
  return derivesFrom(recordOf(T), "torch::nn::ModuleHolder");
}

bool isModulePointerType(QualType T) {
  const auto *Spec =
      dyn_cast_or_null<ClassTemplateSpecializationDecl>(recordOf(T));
  if (!Spec || Spec->getQualifiedNameAsString() != "std::shared_ptr" ||
      Spec->getTemplateArgs().size() < 1)
    return false;
  const TemplateArgument &Arg = Spec->getTemplateArgs()[0];
  return Arg.getKind() == TemplateArgument::Type &&
         isModuleClass(Arg.getAsType()->getAsCXXRecordDecl());
}

/// Modules without parameters or buffers (unless given a weight) work on
/// any device.
static bool isParameterlessModuleName(llvm::StringRef ImplName) {
  for (llvm::StringRef Prefix : {"ReLU",
                                 "ReLU6",
                                 "LeakyReLU",
                                 "GELU",
                                 "SiLU",
                                 "Mish",
                                 "ELU",
                                 "SELU",
                                 "CELU",
                                 "Sigmoid",
                                 "Tanh",
                                 "Softmax",
                                 "LogSoftmax",
                                 "Softplus",
                                 "Softsign",
                                 "Hardtanh",
                                 "Hardswish",
                                 "Dropout",
                                 "AlphaDropout",
                                 "FeatureAlphaDropout",
                                 "Flatten",
                                 "Unflatten",
                                 "MaxPool",
                                 "AvgPool",
                                 "AdaptiveAvgPool",
                                 "AdaptiveMaxPool",
                                 "LPPool",
                                 "Identity",
                                 "Functional",
                                 "Upsample",
                                 "PixelShuffle",
                                 "PixelUnshuffle",
                                 "ZeroPad",
                                 "ConstantPad",
                                 "ReflectionPad",
                                 "ReplicationPad",
                                 "CosineSimilarity",
                                 "PairwiseDistance",
                                 "Threshold",
                                 "Tanhshrink",
                                 "Softshrink",
                                 "Hardshrink",
                                 "LogSigmoid",
                                 "Softmin",
                                 "Softmax2d",
                                 "GLU",
                                 "Fold",
                                 "Unfold"})
    if (ImplName.startswith(Prefix))
      return true;
  return ImplName.endswith("LossImpl");
}

const CXXRecordDecl *moduleClassOf(QualType T) {
  T = T.getNonReferenceType().getCanonicalType();
  // model->forward(x) calls through ModuleHolder::operator->, an Impl*.
  if (T->isPointerType())
    T = T->getPointeeType().getCanonicalType();
  const CXXRecordDecl *RD = T->getAsCXXRecordDecl();
  // A pointer to an incomplete type (a C library's DIR*) has no bases.
  if (!RD || !RD->hasDefinition())
    return nullptr;
  RD = RD->getDefinition();
  if (isModuleClass(RD))
    return RD;
  if (const auto *Spec = dyn_cast<ClassTemplateSpecializationDecl>(RD))
    if (Spec->getTemplateArgs().size() >= 1 &&
        Spec->getTemplateArgs()[0].getKind() == TemplateArgument::Type &&
        (api::isModuleHolderType(T) || api::isModulePointerType(T)))
      return Spec->getTemplateArgs()[0].getAsType()->getAsCXXRecordDecl();
  // A TORCH_MODULE holder class derives from ModuleHolder<Impl>.
  for (const CXXBaseSpecifier &B : RD->bases())
    if (const CXXRecordDecl *Base = moduleClassOf(B.getType()))
      return Base;
  return nullptr;
}

bool isStatelessModuleClass(const CXXRecordDecl *RD) {
  return RD &&
         llvm::StringRef(RD->getQualifiedNameAsString())
             .startswith("torch::nn::") &&
         isParameterlessModuleName(RD->getName());
}

bool isStatelessModuleType(QualType T) {
  return isStatelessModuleClass(moduleClassOf(T));
}

/// Factories that create a tensor on the CPU unless options say otherwise.
bool isFactoryName(llvm::StringRef N) {
  static const llvm::StringSet<> Names = {
      "zeros",         "ones",        "empty",     "full",
      "rand",          "randn",       "randint",   "randperm",
      "arange",        "range",       "linspace",  "logspace",
      "eye",           "tensor",      "from_blob", "empty_strided",
      "scalar_tensor", "normal",      "bernoulli", "tril_indices",
      "triu_indices",  "complex",     "polar",     "empty_like",
      "zeros_like",    "ones_like",   "full_like", "rand_like",
      "randn_like",    "randint_like"};
  return Names.contains(N);
}

bool isTorchNamespaceFunction(const FunctionDecl *FD) {
  if (!FD)
    return false;
  std::string Q = FD->getQualifiedNameAsString();
  llvm::StringRef R(Q);
  return R.startswith("torch::") || R.startswith("at::") ||
         R.startswith("c10::");
}

/// Tensor methods whose tensor arguments need not share the receiver's
/// device: moves, copies, shape-only helpers and indexing, where LibTorch
/// accepts CPU indices for device tensors.
bool isDeviceAgnosticMethod(llvm::StringRef N) {
  static const llvm::StringSet<> Names = {
      "to",         "copy_",        "type_as",    "expand_as", "view_as",
      "reshape_as", "index",        "index_put_", "index_put", "set_data",
      "set_",       "new_empty",    "new_zeros",  "new_ones",  "new_full",
      "new_tensor", "index_select", "is_same",    "is_set_to", "sizes"};
  return Names.contains(N);
}

/// Free functions that are not device operations or that want some
/// arguments on the CPU on purpose (pack_padded_sequence's lengths).
bool isDeviceAgnosticFunction(llvm::StringRef Qualified) {
  return Qualified.contains("pack_padded_sequence") ||
         Qualified.contains("::save") || Qualified.contains("::load") ||
         Qualified.endswith("::print") || Qualified.contains("::index") ||
         Qualified.contains("::operator<<") || Qualified.contains("::pickle");
}

bool isTensorMethod(const CXXMethodDecl *MD, llvm::StringRef Name) {
  if (!MD || !MD->getIdentifier() || MD->getName() != Name)
    return false;
  const CXXRecordDecl *RD = MD->getParent();
  return isRecordNamed(RD, "at::Tensor") || isRecordNamed(RD, "at::TensorBase");
}

bool hasQualifiedName(const FunctionDecl *FD, llvm::StringRef QualName) {
  return FD && FD->getQualifiedNameAsString() == QualName;
}

static const ValueDecl *referencedDecl(const Expr *E) {
  E = ignoreWrappers(E);
  if (const auto *DRE = dyn_cast_or_null<DeclRefExpr>(E))
    return DRE->getDecl();
  return nullptr;
}

static bool isKindRef(const Expr *E, llvm::StringRef Var,
                      llvm::StringRef Enumerator) {
  const ValueDecl *D = referencedDecl(E);
  if (!D)
    return false;
  std::string Name = D->getQualifiedNameAsString();
  return Name == Var || Name == Enumerator;
}

bool isCudaKindRef(const Expr *E) {
  return isKindRef(E, "c10::kCUDA", "c10::DeviceType::CUDA");
}

bool isCpuKindRef(const Expr *E) {
  return isKindRef(E, "c10::kCPU", "c10::DeviceType::CPU");
}

std::optional<std::string> cudaStringLiteral(const Expr *E) {
  const auto *SL = dyn_cast_or_null<StringLiteral>(ignoreWrappers(E));
  if (!SL || !SL->isOrdinary())
    return std::nullopt;
  llvm::StringRef S = SL->getString();
  if (S == "cuda")
    return S.str();
  if (S.consume_front("cuda:") && !S.empty() &&
      llvm::all_of(S, [](char C) { return C >= '0' && C <= '9'; }))
    return SL->getString().str();
  return std::nullopt;
}

bool isCudaOnlyFunction(const FunctionDecl *FD) {
  if (!FD)
    return false;
  std::string Name = FD->getQualifiedNameAsString();
  // These query or seed CUDA and are safe without a GPU.
  static const char *const SafeWithoutGpu[] = {
      "torch::cuda::is_available", "torch::cuda::device_count",
      "torch::cuda::cudnn_is_available", "torch::cuda::manual_seed",
      "torch::cuda::manual_seed_all"};
  if (llvm::any_of(SafeWithoutGpu, [&](const char *S) { return Name == S; }))
    return false;
  llvm::StringRef N(Name);
  return N.startswith("torch::cuda::") || N.startswith("at::cuda::") ||
         N.startswith("c10::cuda::");
}

template <typename Args> static unsigned countWritten(Args Range) {
  unsigned N = 0;
  for (const Expr *A : Range)
    if (!isa<CXXDefaultArgExpr>(A))
      ++N;
  return N;
}

unsigned writtenArgCount(const CallExpr *CE) {
  return countWritten(CE->arguments());
}

unsigned writtenArgCount(const CXXConstructExpr *CE) {
  return countWritten(CE->arguments());
}

const Expr *ignoreWrappers(const Expr *E) {
  while (E) {
    const Expr *Next = E->IgnoreParenImpCasts();
    if (const auto *EWC = dyn_cast<ExprWithCleanups>(Next))
      Next = EWC->getSubExpr();
    else if (const auto *MTE = dyn_cast<MaterializeTemporaryExpr>(Next))
      Next = MTE->getSubExpr();
    else if (const auto *BTE = dyn_cast<CXXBindTemporaryExpr>(Next))
      Next = BTE->getSubExpr();
    else if (const auto *FC = dyn_cast<CXXFunctionalCastExpr>(Next);
             FC && FC->getCastKind() == CK_ConstructorConversion)
      Next = FC->getSubExpr();
    else if (const auto *CE = dyn_cast<CXXConstructExpr>(Next);
             CE && writtenArgCount(CE) == 1 &&
             !isa<CXXTemporaryObjectExpr>(CE) &&
             (CE->getConstructor()->isCopyOrMoveConstructor() ||
              CE->getConstructor()->isConvertingConstructor(false)))
      Next = CE->getArg(0);
    if (Next == E)
      return E;
    E = Next;
  }
  return E;
}

std::string sourceText(const Expr *E, const ASTContext &Ctx) {
  if (!E)
    return "";
  const SourceManager &SM = Ctx.getSourceManager();
  CharSourceRange Range = Lexer::makeFileCharRange(
      CharSourceRange::getTokenRange(E->getSourceRange()), SM,
      Ctx.getLangOpts());
  if (Range.isInvalid()) {
    // An expression written as a macro argument: its spelling is in the
    // file, at the macro's use.
    SourceLocation B = SM.getSpellingLoc(E->getBeginLoc());
    SourceLocation End = SM.getSpellingLoc(E->getEndLoc());
    if (B.isInvalid() || End.isInvalid() ||
        SM.getFileID(B) != SM.getFileID(End) || SM.isWrittenInScratchSpace(B) ||
        End < B)
      return "";
    Range = CharSourceRange::getTokenRange(B, End);
  }
  return Lexer::getSourceText(Range, Ctx.getSourceManager(), Ctx.getLangOpts())
      .str();
}

} // namespace api
} // namespace torchlint
