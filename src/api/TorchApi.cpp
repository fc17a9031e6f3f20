//===- TorchApi.cpp - The LibTorch API model ------------------------------===//

#include "torchlint/api/TorchApi.h"
#include "torchlint/api/Syntax.h"

#include "clang/AST/DeclTemplate.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/ADT/StringSwitch.h"

using namespace clang;

namespace torchlint {
namespace api {

//===----------------------------------------------------------------------===//
// Names.
//===----------------------------------------------------------------------===//

/// The name of a declaration context that can be part of a qualified name,
/// or an empty name for contexts that are not (inline namespaces, extern "C"
/// blocks), which are skipped. Anonymous namespaces and unnamed records
/// stop the comparison.
static std::optional<llvm::StringRef> contextName(const DeclContext *DC) {
  if (const auto *NS = dyn_cast<NamespaceDecl>(DC)) {
    if (NS->isInline())
      return llvm::StringRef();
    if (NS->isAnonymousNamespace())
      return std::nullopt;
    return NS->getName();
  }
  if (const auto *RD = dyn_cast<RecordDecl>(DC)) {
    if (!RD->getIdentifier())
      return std::nullopt;
    return RD->getName();
  }
  if (isa<LinkageSpecDecl>(DC) || isa<ExportDecl>(DC))
    return llvm::StringRef();
  return std::nullopt;
}

bool hasQualifiedName(const NamedDecl *D, llvm::StringRef Qualified) {
  if (!D)
    return false;
  auto [Rest, Last] = Qualified.rsplit("::");
  if (Last.empty()) // No "::": the whole string is the name.
    Last = Rest, Rest = "";
  if (D->getDeclName().isIdentifier()) {
    if (D->getName() != Last)
      return false;
  } else if (D->getNameAsString() != Last) { // operator<<, rare
    return false;
  }
  const DeclContext *DC = D->getDeclContext();
  while (!Rest.empty()) {
    if (!DC || DC->isTranslationUnit())
      return false;
    std::optional<llvm::StringRef> Name = contextName(DC);
    if (!Name)
      return false;
    DC = DC->getParent();
    if (Name->empty())
      continue;
    auto [Outer, Inner] = Rest.rsplit("::");
    if (Inner.empty())
      Inner = Outer, Outer = "";
    if (*Name != Inner)
      return false;
    Rest = Outer;
  }
  // Only transparent contexts may remain above the outermost component.
  for (; DC && !DC->isTranslationUnit(); DC = DC->getParent()) {
    std::optional<llvm::StringRef> Name = contextName(DC);
    if (!Name || !Name->empty())
      return false;
  }
  return true;
}

/// True for torch, at and c10, LibTorch's top-level namespaces.
static bool isTorchRootName(const NamespaceDecl *NS) {
  if (!NS->getIdentifier())
    return false;
  llvm::StringRef N = NS->getName();
  return N == "torch" || N == "at" || N == "c10";
}

bool isInTorchNamespace(const Decl *D) {
  if (!D)
    return false;
  const NamespaceDecl *Outermost = nullptr;
  for (const DeclContext *DC = D->getDeclContext(); DC; DC = DC->getParent())
    if (const auto *NS = dyn_cast<NamespaceDecl>(DC))
      if (!NS->isInline())
        Outermost = NS;
  return Outermost && isTorchRootName(Outermost);
}

bool isTorchNamespaceFunction(const FunctionDecl *FD) {
  return FD && isInTorchNamespace(FD);
}

//===----------------------------------------------------------------------===//
// Types.
//===----------------------------------------------------------------------===//

static const CXXRecordDecl *recordOf(QualType T) {
  if (T.isNull())
    return nullptr;
  T = T.getNonReferenceType().getCanonicalType();
  return T->getAsCXXRecordDecl();
}

static const EnumDecl *enumOf(QualType T) {
  if (T.isNull())
    return nullptr;
  const auto *ET =
      T.getNonReferenceType().getCanonicalType()->getAs<EnumType>();
  return ET ? ET->getDecl() : nullptr;
}

bool isTensorType(QualType T) {
  return hasQualifiedName(recordOf(T), "at::Tensor");
}

bool isDeviceType(QualType T) {
  return hasQualifiedName(recordOf(T), "c10::Device");
}

bool isDeviceKindType(QualType T) {
  return hasQualifiedName(enumOf(T), "c10::DeviceType");
}

bool isScalarTypeType(QualType T) {
  return hasQualifiedName(enumOf(T), "c10::ScalarType");
}

bool isDtypeType(QualType T) {
  return isScalarTypeType(T) || hasQualifiedName(recordOf(T), "caffe2::TypeMeta");
}

/// True for the optional class templates LibTorch's releases use: std's
/// (2.x, where c10::optional is an alias of it) and c10's own (1.13).
static bool isOptionalTemplate(const ClassTemplateSpecializationDecl *Spec) {
  return Spec && (hasQualifiedName(Spec, "std::optional") ||
                  hasQualifiedName(Spec, "c10::optional"));
}

QualType withoutOptional(QualType T) {
  if (T.isNull())
    return T;
  const auto *Spec =
      dyn_cast_or_null<ClassTemplateSpecializationDecl>(recordOf(T));
  if (!isOptionalTemplate(Spec) || Spec->getTemplateArgs().size() != 1 ||
      Spec->getTemplateArgs()[0].getKind() != TemplateArgument::Type)
    return T;
  return Spec->getTemplateArgs()[0].getAsType();
}

bool isDeviceOrOptionalDeviceType(QualType T) {
  QualType Inner = withoutOptional(T);
  return isDeviceType(Inner) || isDeviceKindType(Inner);
}

bool isTensorOptionsType(QualType T) {
  return hasQualifiedName(recordOf(T), "c10::TensorOptions");
}

bool isDataExampleType(QualType T) {
  return hasQualifiedName(recordOf(T), "torch::data::Example");
}

bool isTensorContainerType(QualType T) {
  const auto *Spec =
      dyn_cast_or_null<ClassTemplateSpecializationDecl>(recordOf(T));
  if (!Spec)
    return false;
  static const char *const Containers[] = {
      "std::vector", "std::array",         "std::deque", "std::list",
      "std::map",    "std::unordered_map", "std::pair",  "std::tuple",
      "c10::List",   "c10::Dict"};
  if (llvm::none_of(Containers,
                    [&](const char *C) { return hasQualifiedName(Spec, C); }))
    return false;
  for (const TemplateArgument &Arg : Spec->getTemplateArgs().asArray()) {
    // std::vector<IValue>: what a TorchScript module takes and returns.
    if (Arg.getKind() == TemplateArgument::Type &&
        (isTensorType(Arg.getAsType()) || isIValueType(Arg.getAsType()) ||
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
  if (hasQualifiedName(RD, Base))
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

const Expr *registeredStateTensor(const CallExpr *Call) {
  const auto *MC = dyn_cast_or_null<CXXMemberCallExpr>(Call);
  const CXXMethodDecl *MD = MC ? MC->getMethodDecl() : nullptr;
  if (!MD || !MD->getIdentifier() ||
      !(MD->getName() == "register_buffer" ||
        MD->getName() == "register_parameter") ||
      !hasQualifiedName(MD->getParent(), "torch::nn::Module") ||
      MC->getNumArgs() < 2 || !isTensorType(MC->getArg(1)->getType()))
    return nullptr;
  return MC->getArg(1);
}

bool isModuleForward(const FunctionDecl *F) {
  const auto *MD = dyn_cast_or_null<CXXMethodDecl>(F);
  return MD && MD->getIdentifier() && MD->getName() == "forward" &&
         isModuleClass(MD->getParent());
}

bool isModuleTo(const FunctionDecl *F) {
  const auto *MD = dyn_cast_or_null<CXXMethodDecl>(F);
  return MD && MD->getIdentifier() && MD->getName() == "to" &&
         isModuleClass(MD->getParent());
}

bool isScriptModuleTo(const CXXMemberCallExpr *MC) {
  const CXXMethodDecl *MD = MC ? MC->getMethodDecl() : nullptr;
  const Expr *Object = MC ? MC->getImplicitObjectArgument() : nullptr;
  return MD && Object && MD->getIdentifier() && MD->getName() == "to" &&
         isScriptModuleType(Object->getType());
}

static bool isRegistrationName(DeclarationName Name) {
  if (!Name.isIdentifier())
    return false;
  llvm::StringRef N = Name.getAsIdentifierInfo()->getName();
  return N == "register_buffer" || N == "register_parameter" ||
         N == "register_module";
}

bool isStateRegistration(const CallExpr *Call) {
  if (!Call)
    return false;
  // In a class template's body a call with dependent arguments stays
  // unresolved until instantiation: `register_module("fc", fc)` on this.
  const Expr *Callee = Call->getCallee()->IgnoreParenImpCasts();
  if (const auto *UME = dyn_cast<UnresolvedMemberExpr>(Callee))
    return (UME->isImplicitAccess() || isa<CXXThisExpr>(UME->getBase())) &&
           isRegistrationName(UME->getMemberName());
  if (const auto *DME = dyn_cast<CXXDependentScopeMemberExpr>(Callee))
    return (DME->isImplicitAccess() ||
            isa<CXXThisExpr>(DME->getBase()->IgnoreParenImpCasts())) &&
           isRegistrationName(DME->getMember());
  const auto *MC = dyn_cast<CXXMemberCallExpr>(Call);
  const CXXMethodDecl *MD = MC ? MC->getMethodDecl() : nullptr;
  return MD && isRegistrationName(MD->getDeclName()) &&
         hasQualifiedName(MD->getParent(), "torch::nn::Module");
}

bool isModuleHolderType(QualType T) {
  return derivesFrom(recordOf(T), "torch::nn::ModuleHolder");
}

bool isModulePointerType(QualType T) {
  const auto *Spec =
      dyn_cast_or_null<ClassTemplateSpecializationDecl>(recordOf(T));
  if (!Spec || !hasQualifiedName(Spec, "std::shared_ptr") ||
      Spec->getTemplateArgs().size() < 1)
    return false;
  const TemplateArgument &Arg = Spec->getTemplateArgs()[0];
  return Arg.getKind() == TemplateArgument::Type &&
         isModuleClass(Arg.getAsType()->getAsCXXRecordDecl());
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
        (isModuleHolderType(T) || isModulePointerType(T)))
      return Spec->getTemplateArgs()[0].getAsType()->getAsCXXRecordDecl();
  // A TORCH_MODULE holder class derives from ModuleHolder<Impl>.
  for (const CXXBaseSpecifier &B : RD->bases())
    if (const CXXRecordDecl *Base = moduleClassOf(B.getType()))
      return Base;
  return nullptr;
}

//===----------------------------------------------------------------------===//
// TorchScript.
//===----------------------------------------------------------------------===//

/// The record T points to through a raw pointer, std::shared_ptr or
/// std::unique_ptr, or T's own record.
static const CXXRecordDecl *pointeeRecordOf(QualType T) {
  if (T.isNull())
    return nullptr;
  T = T.getNonReferenceType().getCanonicalType();
  if (T->isPointerType())
    return T->getPointeeType()->getAsCXXRecordDecl();
  const CXXRecordDecl *RD = T->getAsCXXRecordDecl();
  const auto *Spec = dyn_cast_or_null<ClassTemplateSpecializationDecl>(RD);
  if (Spec && Spec->getTemplateArgs().size() >= 1 &&
      Spec->getTemplateArgs()[0].getKind() == TemplateArgument::Type &&
      (hasQualifiedName(Spec, "std::shared_ptr") ||
       hasQualifiedName(Spec, "std::unique_ptr") ||
       hasQualifiedName(Spec, "c10::intrusive_ptr")))
    return Spec->getTemplateArgs()[0].getAsType()->getAsCXXRecordDecl();
  return RD;
}

bool isScriptModuleType(QualType T) {
  return derivesFrom(pointeeRecordOf(T), "torch::jit::Module");
}

std::optional<CheckpointLoad> checkpointLoad(const CallExpr *Call) {
  const FunctionDecl *Callee = Call ? Call->getDirectCallee() : nullptr;
  if (!Callee)
    return std::nullopt;
  CheckpointLoad Load;
  Load.Scripted = hasQualifiedName(Callee, "torch::jit::load");
  if (!Load.Scripted && !hasQualifiedName(Callee, "torch::load"))
    return std::nullopt;
  // jit::load(path, device); torch::load(value, path, device): the device
  // is the one written argument of a device type after the first.
  for (const Expr *A : llvm::drop_begin(Call->arguments()))
    if (!isa<CXXDefaultArgExpr>(A) &&
        isDeviceOrOptionalDeviceType(ignoreWrappers(A)->getType()))
      Load.Device = A;
  return Load;
}

bool returnsValuesAndIndices(const FunctionDecl *FD) {
  if (!FD || !FD->getIdentifier() || !isInTorchNamespace(FD))
    return false;
  static const char *const Names[] = {"max",    "min",      "sort",
                                      "topk",   "kthvalue", "mode",
                                      "median", "nanmedian", "cummax",
                                      "cummin"};
  if (!llvm::is_contained(Names, FD->getName()))
    return false;
  // The overload with a dimension: std::tuple<Tensor, Tensor>.
  const auto *Spec = dyn_cast_or_null<ClassTemplateSpecializationDecl>(
      recordOf(FD->getReturnType()));
  return Spec && hasQualifiedName(Spec, "std::tuple") &&
         Spec->getTemplateArgs().size() == 1 &&
         Spec->getTemplateArgs()[0].getKind() == TemplateArgument::Pack &&
         Spec->getTemplateArgs()[0].pack_size() == 2;
}

bool isIValueType(QualType T) {
  return hasQualifiedName(recordOf(T), "c10::IValue");
}

bool isScriptValueType(QualType T) {
  const CXXRecordDecl *RD = pointeeRecordOf(T);
  if (!RD)
    return false;
  if (hasQualifiedName(RD, "c10::IValue") ||
      hasQualifiedName(RD, "c10::ivalue::Tuple") ||
      hasQualifiedName(RD, "c10::ivalue::TupleElements"))
    return true;
  // c10::List<IValue>, c10::Dict<IValue, IValue>, std::vector<IValue>.
  const auto *Spec = dyn_cast<ClassTemplateSpecializationDecl>(RD);
  if (!Spec)
    return false;
  if (!hasQualifiedName(Spec, "c10::List") &&
      !hasQualifiedName(Spec, "c10::Dict") &&
      !hasQualifiedName(Spec, "std::vector"))
    return false;
  return llvm::any_of(
      Spec->getTemplateArgs().asArray(), [](const TemplateArgument &Arg) {
        return Arg.getKind() == TemplateArgument::Type &&
               isIValueType(Arg.getAsType());
      });
}

bool carriesScriptValue(const CXXMethodDecl *MD) {
  if (!MD || !MD->getIdentifier() || !isScriptValueType(
                                         MD->getThisType()->getPointeeType()))
    return false;
  static const char *const Carriers[] = {
      "toTensor",     "toTuple",    "toTupleRef", "toList",
      "toListRef",    "toTensorList", "toTensorVector", "toGenericDict",
      "toIValue",     "elements",   "get",        "at",
      "front",        "back",       "value"};
  return llvm::is_contained(Carriers, MD->getName());
}

/// The arguments of a call that hands Call's module its inputs, written
/// after Skip leading ones (run_method's name).
static llvm::SmallVector<const Expr *, 4>
writtenArgs(llvm::iterator_range<CallExpr::const_arg_iterator> Args,
            unsigned Skip) {
  llvm::SmallVector<const Expr *, 4> Out;
  for (const Expr *A : Args) {
    if (Skip) {
      --Skip;
      continue;
    }
    if (!isa<CXXDefaultArgExpr>(A))
      Out.push_back(A);
  }
  return Out;
}

llvm::SmallVector<const Expr *, 2> scriptInputItems(const Expr *Arg) {
  llvm::SmallVector<const Expr *, 2> Out;
  const Expr *Stripped = ignoreWrappers(Arg);
  if (const auto *CE = dyn_cast<CXXConstructExpr>(Stripped);
      CE && CE->getNumArgs() == 1 &&
      isa<CXXStdInitializerListExpr>(ignoreWrappers(CE->getArg(0))))
    Stripped = ignoreWrappers(CE->getArg(0));
  if (const auto *IL = dyn_cast<CXXStdInitializerListExpr>(Stripped))
    Stripped = ignoreWrappers(IL->getSubExpr());
  if (const auto *List = dyn_cast<InitListExpr>(Stripped)) {
    for (const Expr *Item : List->inits())
      if (isTensorType(ignoreWrappers(Item)->getType()))
        Out.push_back(ignoreWrappers(Item));
    return Out;
  }
  if (isTensorType(Stripped->getType()) ||
      isTensorContainerType(Stripped->getType()))
    Out.push_back(Stripped);
  return Out;
}

bool convertsScriptModuleDtype(const CXXMemberCallExpr *E) {
  const CXXMethodDecl *MD = E ? E->getMethodDecl() : nullptr;
  const Expr *Object = E ? E->getImplicitObjectArgument() : nullptr;
  if (!MD || !MD->getIdentifier() || MD->getName() != "to" || !Object ||
      !isScriptModuleType(Object->IgnoreParenImpCasts()->getType()))
    return false;
  return llvm::any_of(E->arguments(), [](const Expr *A) {
    const auto *ET =
        A->getType().getCanonicalType()->getAs<EnumType>();
    return ET && ET->getDecl()->getName() == "ScalarType";
  });
}

std::optional<ScriptModuleCall> scriptModuleCall(const Expr *E) {
  if (!E)
    return std::nullopt;
  if (const auto *MC = dyn_cast<CXXMemberCallExpr>(E)) {
    const CXXMethodDecl *MD = MC->getMethodDecl();
    // run_method and get_method are jit::Object's: the object is cast to
    // that base.
    const Expr *Object = MC->getImplicitObjectArgument();
    if (Object)
      Object = Object->IgnoreParenImpCasts();
    if (!MD || !MD->getIdentifier() || !Object ||
        !isScriptModuleType(Object->getType()))
      return std::nullopt;
    if (MD->getName() == "forward")
      return ScriptModuleCall{Object, writtenArgs(MC->arguments(), 0)};
    if (MD->getName() == "run_method")
      return ScriptModuleCall{Object, writtenArgs(MC->arguments(), 1)};
    return std::nullopt;
  }
  const auto *OC = dyn_cast<CXXOperatorCallExpr>(E);
  if (!OC || OC->getOperator() != OO_Call || OC->getNumArgs() < 1)
    return std::nullopt;
  const Expr *Callee = OC->getArg(0);
  // m(inputs).
  if (isScriptModuleType(Callee->getType()))
    return ScriptModuleCall{Callee, writtenArgs(OC->arguments(), 1)};
  // m.get_method("name")(inputs): the method runs m.
  if (!hasQualifiedName(recordOf(Callee->getType()), "torch::jit::Method"))
    return std::nullopt;
  const auto *Get = dyn_cast<CXXMemberCallExpr>(ignoreWrappers(Callee));
  const CXXMethodDecl *GetMD = Get ? Get->getMethodDecl() : nullptr;
  const Expr *Object =
      Get ? Get->getImplicitObjectArgument()->IgnoreParenImpCasts() : nullptr;
  if (!GetMD || !GetMD->getIdentifier() || GetMD->getName() != "get_method" ||
      !Object || !isScriptModuleType(Object->getType()))
    return std::nullopt;
  return ScriptModuleCall{Object, writtenArgs(OC->arguments(), 1)};
}

bool isTorchModuleClass(const CXXRecordDecl *RD) {
  if (!RD)
    return false;
  const auto *NS = dyn_cast<NamespaceDecl>(RD->getDeclContext());
  return NS && NS->getIdentifier() && NS->getName() == "nn" &&
         isInTorchNamespace(RD);
}

bool isStatelessModuleClass(const CXXRecordDecl *RD) {
  if (!isTorchModuleClass(RD) || !RD->getIdentifier())
    return false;
  llvm::StringRef Name = RD->getName();
  // Losses have no parameters; a weight given to one is seen by the
  // analysis at the module's construction.
  if (Name.ends_with("LossImpl"))
    return true;
#define TORCH_STATELESS_MODULE(Prefix)                                         \
  if (Name.starts_with(#Prefix))                                               \
    return true;
#include "TorchApi.def"
  return false;
}

ModuleDtype moduleDtypeBehaviour(const CXXRecordDecl *RD) {
  if (!isTorchModuleClass(RD) || !RD->getIdentifier())
    return ModuleDtype::Unknown;
  llvm::StringRef Name = RD->getName();
  // Rows are prefixes of Impl class names (Conv2d covers Conv2dImpl, RNN
  // covers RNNImpl and RNNCellImpl, both checked).
#define TORCH_MODULE_DTYPE(Prefix, Behaviour)                                  \
  if (Name.starts_with(#Prefix))                                               \
    return ModuleDtype::Behaviour;
#include "TorchApi.def"
  return ModuleDtype::Unknown;
}

bool isStatelessModuleType(QualType T) {
  return isStatelessModuleClass(moduleClassOf(T));
}

//===----------------------------------------------------------------------===//
// Rows.
//===----------------------------------------------------------------------===//

namespace {
/// The rows of TorchApi.def, by identifier.
struct Rows {
  llvm::StringMap<ApiRow> Functions;
  llvm::StringMap<ApiRow> Methods;
  llvm::StringMap<ScalarKind> FactoryDtypes;
  Rows() {
#define TORCH_FUNCTION(Name, Device, Params, Dtype)                            \
  Functions[#Name] =                                                           \
      ApiRow{DeviceBehaviour::Device, Params, DtypeBehaviour::Dtype};
#define TORCH_METHOD(Name, Device, Params, Dtype)                              \
  Methods[#Name] =                                                             \
      ApiRow{DeviceBehaviour::Device, Params, DtypeBehaviour::Dtype};
#define TORCH_FACTORY_DTYPE(Name, Kind) FactoryDtypes[#Name] = ScalarKind::Kind;
#include "TorchApi.def"
  }
};
} // namespace

static const Rows &rows() {
  static const Rows R;
  return R;
}

/// The name a row is keyed by: the identifier, or "operator<<".
static llvm::StringRef rowName(const FunctionDecl *FD) {
  if (FD->getIdentifier())
    return FD->getName();
  if (FD->getOverloadedOperator() == OO_LessLess)
    return "operator<<";
  return "";
}

const CXXMemberCallExpr *moduleCloneOf(const Expr *E) {
  for (unsigned Steps = 0; E && Steps < 8; ++Steps) {
    E = ignoreWrappers(E);
    if (const auto *MC = dyn_cast<CXXMemberCallExpr>(E)) {
      const CXXMethodDecl *MD = MC->getMethodDecl();
      if (MD && MD->getIdentifier() && MD->getName() == "clone" &&
          isModuleClass(MD->getParent()))
        return MC;
      return nullptr;
    }
    // QNet(std::dynamic_pointer_cast<QNetImpl>(online->clone())).
    if (const auto *CE = dyn_cast<CXXConstructExpr>(E)) {
      if (CE->getNumArgs() != 1)
        return nullptr;
      E = CE->getArg(0);
      continue;
    }
    if (const auto *FC = dyn_cast<CXXFunctionalCastExpr>(E)) {
      E = FC->getSubExpr();
      continue;
    }
    if (const auto *CE = dyn_cast<CallExpr>(E)) {
      const FunctionDecl *F = CE->getDirectCallee();
      if (!F || !F->isInStdNamespace() || !F->getIdentifier() ||
          CE->getNumArgs() != 1 || !F->getName().ends_with("_pointer_cast"))
        return nullptr;
      E = CE->getArg(0);
      continue;
    }
    return nullptr;
  }
  return nullptr;
}

/// True for at::Tensor and its base, where Tensor's methods are declared.
static bool isTensorClass(const CXXRecordDecl *RD) {
  return hasQualifiedName(RD, "at::Tensor") ||
         hasQualifiedName(RD, "at::TensorBase");
}

bool isTensorMethod(const CXXMethodDecl *MD, llvm::StringRef Name) {
  return MD && MD->getIdentifier() && MD->getName() == Name &&
         isTensorClass(MD->getParent());
}

TensorMethod tensorMethod(const CXXMethodDecl *MD) {
  if (!MD || !MD->getIdentifier() || !isTensorClass(MD->getParent()))
    return TensorMethod::Other;
  return llvm::StringSwitch<TensorMethod>(MD->getName())
      .Case("to", TensorMethod::To)
      .Case("cuda", TensorMethod::Cuda)
      .Case("cpu", TensorMethod::Cpu)
      .Case("type_as", TensorMethod::TypeAs)
      .Case("device", TensorMethod::Device)
      .Case("options", TensorMethod::Options)
      .Case("item", TensorMethod::Item)
      // Spelled one by one: LLVM 22 deprecates Cases with several strings.
      .Case("data_ptr", TensorMethod::HostData)
      .Case("accessor", TensorMethod::HostData)
      .Case("packed_accessor32", TensorMethod::HostData)
      .Case("packed_accessor64", TensorMethod::HostData)
      .Case("generic_packed_accessor", TensorMethod::HostData)
      .Case("size", TensorMethod::Size)
      .Default(TensorMethod::Other);
}

const Expr *batchSizeArg(const Expr *E) {
  if (!E)
    return nullptr;
  const Expr *Inner = ignoreWrappers(E);
  // DataLoaderOptions(n) converts n: the wrappers leave the n.
  if (const auto *RD = E->getType()->getAsCXXRecordDecl();
      RD && hasQualifiedName(RD, "torch::data::DataLoaderOptions") &&
      Inner->getType()->isIntegerType())
    return Inner;
  E = Inner;
  // DataLoaderOptions(n).workers(w): the setters other than batch_size
  // keep the object's.
  if (const auto *MC = dyn_cast<CXXMemberCallExpr>(E)) {
    const CXXMethodDecl *MD = MC->getMethodDecl();
    if (!MD || !MD->getIdentifier() ||
        !hasQualifiedName(MD->getParent(), "torch::data::DataLoaderOptions"))
      return nullptr;
    if (MD->getName() == "batch_size")
      return MC->getNumArgs() == 1 ? MC->getArg(0) : nullptr;
    return batchSizeArg(MC->getImplicitObjectArgument());
  }
  if (const auto *Call = dyn_cast<CallExpr>(E)) {
    const FunctionDecl *FD = Call->getDirectCallee();
    if (!FD || !FD->getIdentifier() || FD->getName() != "make_data_loader" ||
        !isInTorchNamespace(FD))
      return nullptr;
    // make_data_loader(dataset, batch_size | options), the sampler first
    // in some overloads: the one integer or options argument.
    for (const Expr *A : Call->arguments()) {
      if (isa<CXXDefaultArgExpr>(A))
        break;
      QualType T = A->getType().getNonReferenceType();
      if (T->isIntegerType())
        return A;
      if (const Expr *N = batchSizeArg(A))
        return N;
    }
    return nullptr;
  }
  const auto *CE = dyn_cast<CXXConstructExpr>(E);
  if (!CE || !CE->getConstructor())
    return nullptr;
  const CXXConstructorDecl *Ctor = CE->getConstructor();
  if (hasQualifiedName(Ctor->getParent(), "torch::data::DataLoaderOptions"))
    return CE->getNumArgs() == 1 && writtenArgCount(CE) == 1 ? CE->getArg(0)
                                                             : nullptr;
  // A copy or move of another loader says nothing here.
  if (Ctor->isCopyOrMoveConstructor() || isInTorchNamespace(Ctor) ||
      isSystemHeaderDecl(Ctor))
    return nullptr;
  for (unsigned I = 0; I < CE->getNumArgs() && I < Ctor->getNumParams(); ++I) {
    const ParmVarDecl *P = Ctor->getParamDecl(I);
    if (!P->getIdentifier() ||
        !P->getType().getNonReferenceType()->isIntegerType() ||
        isa<CXXDefaultArgExpr>(CE->getArg(I)))
      continue;
    if (P->getName().lower().find("batch") != std::string::npos)
      return CE->getArg(I);
  }
  return nullptr;
}

bool copiesToDevice(TensorMethod M) {
  return M == TensorMethod::To || M == TensorMethod::Cuda ||
         M == TensorMethod::Cpu;
}

bool isToMethod(const CXXMethodDecl *MD) {
  return MD && MD->getIdentifier() && MD->getName() == "to";
}

bool convertsModuleState(const CXXMethodDecl *MD) {
  static const char *const Names[] = {"to", "double", "half", "float",
                                      "bfloat16"};
  return MD && MD->getIdentifier() && isModuleClass(MD->getParent()) &&
         llvm::is_contained(Names, MD->getName());
}

bool isFullReduction(const CXXMethodDecl *MD) {
  static const llvm::StringSet<> Names = {
      "sum",  "mean", "max", "min", "prod",   "norm",   "std",    "var",
      "amax", "amin", "all", "any", "median", "nansum", "nanmean"};
  return MD && MD->getIdentifier() && Names.contains(MD->getName());
}

bool keepsShape(const CXXMethodDecl *MD) {
  static const llvm::StringSet<> Names = {
      "clamp", "clamp_min", "clamp_max", "abs",  "sqrt",       "rsqrt",
      "exp",   "log",       "neg",       "pow",  "add",        "sub",
      "mul",   "div",       "sigmoid",   "tanh", "detach",     "clone",
      "float", "double",    "to",        "cpu",  "reciprocal", "square"};
  return MD && MD->getIdentifier() && Names.contains(MD->getName());
}

OptionsSetter optionsSetter(const FunctionDecl *FD) {
  if (!FD || !FD->getIdentifier())
    return OptionsSetter::None;
  if (const auto *MD = dyn_cast<CXXMethodDecl>(FD)) {
    if (!hasQualifiedName(MD->getParent(), "c10::TensorOptions"))
      return OptionsSetter::None;
  } else if (!isInTorchNamespace(FD) ||
             !isTensorOptionsType(FD->getReturnType())) {
    return OptionsSetter::None;
  }
  return llvm::StringSwitch<OptionsSetter>(FD->getName())
      .Case("device", OptionsSetter::Device)
      .Case("device_index", OptionsSetter::DeviceIndex)
      .Case("dtype", OptionsSetter::Dtype)
      .Case("layout", OptionsSetter::Layout)
      .Case("requires_grad", OptionsSetter::RequiresGrad)
      .Case("pinned_memory", OptionsSetter::PinnedMemory)
      .Case("memory_format", OptionsSetter::MemoryFormat)
      .Default(OptionsSetter::None);
}

namespace {

OptionsPart partOf(OptionsPart::KindTy Kind, const Expr *E) {
  OptionsPart P;
  P.Kind = Kind;
  P.E = E;
  return P;
}

/// The element type a setter's one template type argument names
/// (dtype<float>()), or a null type.
QualType templateTypeOf(const FunctionDecl *FD) {
  const TemplateArgumentList *Args =
      FD ? FD->getTemplateSpecializationArgs() : nullptr;
  if (!Args || Args->size() != 1 ||
      Args->get(0).getKind() != TemplateArgument::Type)
    return QualType();
  return Args->get(0).getAsType();
}

} // namespace

OptionsPart optionsPart(const Expr *E, OptionsField Field) {
  const OptionsSetter Own = Field == OptionsField::Device
                                ? OptionsSetter::Device
                                : OptionsSetter::Dtype;
  for (unsigned Step = 0; E && Step < 16; ++Step) {
    E = ignoreWrappers(E);
    if (isa<CXXDefaultArgExpr>(E))
      return partOf(OptionsPart::Default, E);
    if (E->isValueDependent() || E->isTypeDependent())
      return partOf(OptionsPart::Unknown, E);
    QualType T = E->getType().getNonReferenceType();
    // What converts to TensorOptions: a dtype, a device, a layout, a
    // memory format, each setting one property and leaving the others.
    if (isDtypeType(T))
      return partOf(Field == OptionsField::Dtype ? OptionsPart::Value
                                                 : OptionsPart::Default,
                    E);
    if (isDeviceType(T) || isDeviceKindType(T) || isa<StringLiteral>(E))
      return partOf(Field == OptionsField::Device ? OptionsPart::Value
                                                  : OptionsPart::Default,
                    E);
    if (hasQualifiedName(enumOf(T), "c10::Layout") ||
        hasQualifiedName(enumOf(T), "c10::MemoryFormat"))
      return partOf(OptionsPart::Default, E);
    if (isa<ConditionalOperator>(E))
      return partOf(OptionsPart::Choice, E);
    if (const auto *CE = dyn_cast<CXXConstructExpr>(E)) {
      // TensorOptions(), TensorOptions(x), c10::optional<ScalarType>(x).
      unsigned Written = writtenArgCount(CE);
      if (Written == 0)
        return partOf(OptionsPart::Default, E);
      if (Written != 1)
        return partOf(OptionsPart::Unknown, E);
      E = CE->getArg(0);
      continue;
    }
    if (const auto *MC = dyn_cast<CXXMemberCallExpr>(E)) {
      const CXXMethodDecl *MD = MC->getMethodDecl();
      if (tensorMethod(MD) == TensorMethod::Options)
        return partOf(OptionsPart::OfTensor, MC->getImplicitObjectArgument());
      OptionsSetter Sets = optionsSetter(MD);
      if (Sets == OptionsSetter::None ||
          (Field == OptionsField::Device && Sets == OptionsSetter::DeviceIndex))
        return partOf(OptionsPart::Unknown, E);
      if (Sets != Own) {
        // .requires_grad(b), .layout(l), .dtype(d) for the device: the
        // object decides.
        E = MC->getImplicitObjectArgument();
        continue;
      }
      if (MC->getNumArgs() >= 1) {
        E = MC->getArg(0);
        continue;
      }
      OptionsPart P = partOf(OptionsPart::ElementType, E);
      P.Type = templateTypeOf(MD);
      return P.Type.isNull() ? partOf(OptionsPart::Unknown, E) : P;
    }
    if (const auto *Call = dyn_cast<CallExpr>(E)) {
      // torch::dtype(d), torch::device(x), torch::requires_grad(): the
      // functions that start a chain.
      OptionsSetter Sets = optionsSetter(Call->getDirectCallee());
      if (Sets == OptionsSetter::None ||
          (Field == OptionsField::Device && Sets == OptionsSetter::DeviceIndex))
        return partOf(OptionsPart::Unknown, E);
      if (Sets != Own)
        return partOf(OptionsPart::Default, E);
      if (Call->getNumArgs() >= 1) {
        E = Call->getArg(0);
        continue;
      }
      OptionsPart P = partOf(OptionsPart::ElementType, E);
      P.Type = templateTypeOf(Call->getDirectCallee());
      return P.Type.isNull() ? partOf(OptionsPart::Unknown, E) : P;
    }
    if (const auto *DRE = dyn_cast<DeclRefExpr>(E))
      if (const auto *VD = dyn_cast<VarDecl>(DRE->getDecl())) {
        OptionsPart P = partOf(OptionsPart::Variable, E);
        P.Var = VD;
        return P;
      }
    if (const auto *ME = dyn_cast<MemberExpr>(E);
        ME && isa<FieldDecl>(ME->getMemberDecl()) && isTensorOptionsType(T))
      return partOf(OptionsPart::Member, E);
    return partOf(OptionsPart::Unknown, E);
  }
  return partOf(OptionsPart::Unknown, E);
}

bool isDtypeParameter(const FunctionDecl *FD, unsigned Index) {
  if (!FD || Index >= FD->getNumParams())
    return false;
  const ParmVarDecl *P = FD->getParamDecl(Index);
  return P->getIdentifier() && P->getName() == "dtype";
}

bool isFromBlob(const FunctionDecl *FD) {
  return FD && FD->getIdentifier() && FD->getName() == "from_blob" &&
         (hasQualifiedName(FD, "torch::from_blob") ||
          hasQualifiedName(FD, "at::from_blob"));
}

std::string scalarFixTextFor(ScalarKind K, const FunctionDecl *Callee) {
  llvm::StringRef Text = scalarFixText(K);
  if (hasQualifiedName(Callee, "at::from_blob") &&
      Text.consume_front("torch::"))
    return ("at::" + Text).str();
  return Text.str();
}

bool isScriptModuleLoad(const NamedDecl *D) {
  return D && hasQualifiedName(D, "torch::jit::load");
}

bool isCheckpointSave(const FunctionDecl *FD) {
  return hasQualifiedName(FD, "torch::save");
}

llvm::StringRef registrationCall(ModuleState K) {
  switch (K) {
  case ModuleState::Submodule:
    return "register_module";
  case ModuleState::Parameter:
    return "register_parameter";
  case ModuleState::Buffer:
    return "register_buffer";
  }
  llvm_unreachable("every kind of module state has a registration call");
}

const CXXMemberCallExpr *optionsDeviceSetter(const Expr *Options) {
  for (const Expr *E = ignoreWrappers(Options); E;) {
    const auto *MC = dyn_cast<CXXMemberCallExpr>(E);
    const CXXMethodDecl *MD = MC ? MC->getMethodDecl() : nullptr;
    if (!MD || !MD->getIdentifier() ||
        !hasQualifiedName(MD->getParent(), "c10::TensorOptions"))
      return nullptr;
    if (MD->getName() == "device" && MC->getNumArgs() == 1)
      return MC;
    E = ignoreWrappers(MC->getImplicitObjectArgument());
  }
  return nullptr;
}

bool isInPlaceTensorMethod(const CXXMethodDecl *MD) {
  return MD && MD->getIdentifier() && MD->getName().ends_with("_") &&
         isTensorMethod(MD, MD->getName());
}

const Expr *indexedTensor(const Expr *Element,
                          llvm::SmallVectorImpl<const Expr *> &Indices) {
  const Expr *E = ignoreWrappers(Element);
  const Expr *Base = nullptr;
  for (unsigned Steps = 0; E && Steps < 8; ++Steps) {
    if (const auto *OC = dyn_cast<CXXOperatorCallExpr>(E);
        OC && OC->getOperator() == OO_Subscript && OC->getNumArgs() == 2 &&
        isTensorType(OC->getArg(0)->getType())) {
      Indices.push_back(OC->getArg(1));
      Base = E = ignoreWrappers(OC->getArg(0));
      continue;
    }
    const auto *MC = dyn_cast<CXXMemberCallExpr>(E);
    const CXXMethodDecl *MD = MC ? MC->getMethodDecl() : nullptr;
    if (MD && (isTensorMethod(MD, "index") || isTensorMethod(MD, "select"))) {
      for (const Expr *A : MC->arguments())
        Indices.push_back(A);
      Base = E = ignoreWrappers(MC->getImplicitObjectArgument());
      continue;
    }
    break;
  }
  return Base;
}

std::optional<ApiRow> rowFor(const FunctionDecl *FD) {
  if (!FD)
    return std::nullopt;
  llvm::StringRef Name = rowName(FD);
  if (const auto *MD = dyn_cast<CXXMethodDecl>(FD);
      MD && !MD->isStatic() && !Name.empty() &&
      isTensorMethod(MD, MD->getName())) {
    auto It = rows().Methods.find(Name);
    return It == rows().Methods.end() ? ApiRow() : It->second;
  }
  if (!isTorchNamespaceFunction(FD))
    return std::nullopt;
  if (isa<CXXMethodDecl>(FD))
    return ApiRow(); // Methods of other LibTorch classes: plain operations.
  auto It = rows().Functions.find(Name);
  return It == rows().Functions.end() ? ApiRow() : It->second;
}

DeviceBehaviour deviceBehaviour(const FunctionDecl *FD) {
  std::optional<ApiRow> Row = rowFor(FD);
  return Row ? Row->Device : DeviceBehaviour::Compute;
}

DtypeBehaviour dtypeBehaviour(const FunctionDecl *FD) {
  std::optional<ApiRow> Row = rowFor(FD);
  return Row ? Row->Dtype : DtypeBehaviour::Unknown;
}

std::optional<ScalarKind> factoryDefaultKind(const FunctionDecl *FD) {
  if (!FD || !FD->getIdentifier() || !isTorchNamespaceFunction(FD))
    return std::nullopt;
  auto It = rows().FactoryDtypes.find(FD->getName());
  if (It == rows().FactoryDtypes.end())
    return std::nullopt;
  return It->second;
}

bool isFactoryCall(const CallExpr *CE) {
  const FunctionDecl *FD = CE ? CE->getDirectCallee() : nullptr;
  if (!FD || isa<CXXMethodDecl>(FD) || !isTorchNamespaceFunction(FD))
    return false;
  switch (deviceBehaviour(FD)) {
  case DeviceBehaviour::Factory:
  case DeviceBehaviour::Like:
    return true;
  case DeviceBehaviour::FactoryWithoutTensorInput:
    return llvm::none_of(CE->arguments(), [](const Expr *A) {
      return isTensorType(A->getType());
    });
  default:
    return false;
  }
}

bool isAnyDeviceParam(const FunctionDecl *FD, unsigned Index) {
  std::optional<ApiRow> Row = rowFor(FD);
  if (!Row || Row->AnyDeviceParams.empty() || Index >= FD->getNumParams())
    return false;
  const ParmVarDecl *P = FD->getParamDecl(Index);
  if (!P->getIdentifier())
    return false;
  llvm::SmallVector<llvm::StringRef, 2> Names;
  Row->AnyDeviceParams.split(Names, ',');
  return llvm::is_contained(Names, P->getName());
}

//===----------------------------------------------------------------------===//
// Scalar types.
//===----------------------------------------------------------------------===//

namespace {
struct ScalarInfo {
  ScalarKind Kind;
  const char *Name;
  const char *FixText;
};
/// In c10::ScalarType's order of names; FixText is LibTorch's short alias.
const ScalarInfo ScalarTable[] = {
    {ScalarKind::Byte, "Byte", "torch::kByte"},
    {ScalarKind::Char, "Char", "torch::kChar"},
    {ScalarKind::Short, "Short", "torch::kShort"},
    {ScalarKind::Int, "Int", "torch::kInt"},
    {ScalarKind::Long, "Long", "torch::kLong"},
    {ScalarKind::Half, "Half", "torch::kHalf"},
    {ScalarKind::Float, "Float", "torch::kFloat"},
    {ScalarKind::Double, "Double", "torch::kDouble"},
    {ScalarKind::ComplexHalf, "ComplexHalf", "torch::kComplexHalf"},
    {ScalarKind::ComplexFloat, "ComplexFloat", "torch::kComplexFloat"},
    {ScalarKind::ComplexDouble, "ComplexDouble", "torch::kComplexDouble"},
    {ScalarKind::Bool, "Bool", "torch::kBool"},
    {ScalarKind::BFloat16, "BFloat16", "torch::kBFloat16"},
};
const ScalarInfo &infoOf(ScalarKind K) {
  for (const ScalarInfo &I : ScalarTable)
    if (I.Kind == K)
      return I;
  llvm_unreachable("every ScalarKind has a row");
}
} // namespace

llvm::StringRef scalarName(ScalarKind K) { return infoOf(K).Name; }

llvm::StringRef scalarFixText(ScalarKind K) { return infoOf(K).FixText; }

std::optional<ScalarKind> scalarKindNamed(llvm::StringRef Name) {
  for (unsigned I = 0; I <= static_cast<unsigned>(ScalarKind::BFloat16); ++I)
    if (scalarName(static_cast<ScalarKind>(I)) == Name)
      return static_cast<ScalarKind>(I);
  return std::nullopt;
}

bool isFloatingKind(ScalarKind K) {
  return K == ScalarKind::Half || K == ScalarKind::Float ||
         K == ScalarKind::Double || K == ScalarKind::BFloat16;
}

bool isIntegralKind(ScalarKind K) {
  return K == ScalarKind::Byte || K == ScalarKind::Char ||
         K == ScalarKind::Short || K == ScalarKind::Int ||
         K == ScalarKind::Long || K == ScalarKind::Bool;
}

std::optional<ScalarKind> scalarKindOf(const Expr *E, const ASTContext &Ctx) {
  if (!E)
    return std::nullopt;
  E = ignoreWrappers(E);
  const EnumDecl *Enum = enumOf(E->getType());
  if (!Enum || !hasQualifiedName(Enum, "c10::ScalarType") ||
      E->isValueDependent())
    return std::nullopt;
  // Every spelling (torch::kFloat32, at::kDouble, ScalarType::Long, a
  // constexpr variable of the user's) is a constant of the enum: evaluate
  // it and name the enumerator it is.
  Expr::EvalResult R;
  if (!E->EvaluateAsRValue(R, Ctx) || !R.Val.isInt())
    return std::nullopt;
  for (const EnumConstantDecl *C : Enum->enumerators())
    if (llvm::APSInt::isSameValue(C->getInitVal(), R.Val.getInt()))
      for (const ScalarInfo &I : ScalarTable)
        if (C->getName() == I.Name)
          return I.Kind;
  return std::nullopt;
}

std::optional<ScalarKind> elementKindOf(QualType T) {
  if (T.isNull())
    return std::nullopt;
  T = T.getNonReferenceType().getCanonicalType().getUnqualifiedType();
  if (const CXXRecordDecl *RD = T->getAsCXXRecordDecl()) {
    if (hasQualifiedName(RD, "c10::Half"))
      return ScalarKind::Half;
    if (hasQualifiedName(RD, "c10::BFloat16"))
      return ScalarKind::BFloat16;
    return std::nullopt;
  }
  const auto *BT = T->getAs<BuiltinType>();
  if (!BT)
    return std::nullopt;
  switch (BT->getKind()) {
  case BuiltinType::Float:
    return ScalarKind::Float;
  case BuiltinType::Double:
    return ScalarKind::Double;
  case BuiltinType::Bool:
    return ScalarKind::Bool;
  case BuiltinType::UChar:
    return ScalarKind::Byte;
  case BuiltinType::SChar:
    return ScalarKind::Char;
  case BuiltinType::Short:
    return ScalarKind::Short;
  case BuiltinType::Int:
    return ScalarKind::Int;
  case BuiltinType::Long:
  case BuiltinType::LongLong:
    // int64_t is long on LP64 and long long elsewhere: both are 64 bits.
    return ScalarKind::Long;
  default:
    // Plain char (raw bytes), unsigned wider types (no LibTorch dtype in
    // 1.13), long double, wide characters.
    return std::nullopt;
  }
}

//===----------------------------------------------------------------------===//
// Devices written in code.
//===----------------------------------------------------------------------===//

static bool isKindRef(const Expr *E, llvm::StringRef Var,
                      llvm::StringRef Enumerator) {
  const auto *DRE = dyn_cast_or_null<DeclRefExpr>(ignoreWrappers(E));
  if (!DRE)
    return false;
  return hasQualifiedName(DRE->getDecl(), Var) ||
         hasQualifiedName(DRE->getDecl(), Enumerator);
}

bool isCudaKindRef(const Expr *E) {
  return isKindRef(E, "c10::kCUDA", "c10::DeviceType::CUDA");
}

bool isCpuKindRef(const Expr *E) {
  return isKindRef(E, "c10::kCPU", "c10::DeviceType::CPU");
}

bool namesDeviceOtherThanCpu(const Expr *E) {
  E = ignoreWrappers(E);
  if (!E)
    return false;
  // A device kind constant: c10::DeviceType's enumerators and the k* aliases
  // LibTorch declares for them (constexpr variables whose value is one).
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E)) {
    const ValueDecl *D = DRE->getDecl();
    if (!isDeviceKindType(D->getType()) || !isInTorchNamespace(D))
      return false;
    if (const auto *EC = dyn_cast<EnumConstantDecl>(D))
      return EC->getInitVal() != 0; // DeviceType::CPU is 0 in every release.
    if (const auto *VD = dyn_cast<VarDecl>(D))
      return VD->isConstexpr() && VD->getInit() &&
             namesDeviceOtherThanCpu(VD->getInit());
    return false;
  }
  // torch::Device("cuda:1"), Device(argv[1]): a device string other than
  // the CPU's, or one the user gives at run time.
  if (const auto *CE = dyn_cast<CXXConstructExpr>(E)) {
    if (!isDeviceType(CE->getType()) || CE->getNumArgs() == 0)
      return false;
    const Expr *Arg = ignoreWrappers(CE->getArg(0));
    if (isDeviceKindType(Arg->getType()) || isDeviceType(Arg->getType()))
      return false; // Seen as its own expression.
    if (const auto *SL = dyn_cast<StringLiteral>(Arg))
      return SL->isOrdinary() && !SL->getString().starts_with("cpu");
    return !Arg->isTypeDependent() && !Arg->getType()->isIntegerType();
  }
  // t.cuda(), module->cuda().
  if (const auto *MC = dyn_cast<CXXMemberCallExpr>(E))
    if (const CXXMethodDecl *MD = MC->getMethodDecl();
        MD && MD->getIdentifier() && MD->getName() == "cuda" &&
        (isTensorType(MC->getObjectType()) ||
         isModuleClass(MD->getParent())))
      return true;
  return false;
}

bool isMpsKindRef(const Expr *E) {
  const auto *DRE = dyn_cast_or_null<DeclRefExpr>(E);
  return DRE && (hasQualifiedName(DRE->getDecl(), "c10::kMPS") ||
                 hasQualifiedName(DRE->getDecl(), "c10::DeviceType::MPS"));
}

DeviceString parseDeviceString(llvm::StringRef Text) {
  DeviceString D;
  auto [Type, Ordinal] = Text.split(':');
  D.Kind = llvm::StringSwitch<DeviceString::KindTy>(Type)
               .Case("cpu", DeviceString::Cpu)
               .Case("cuda", DeviceString::Cuda)
               .Case("mps", DeviceString::Mps)
               .Default(Type.empty() ? DeviceString::Malformed
                                     : DeviceString::Other);
  if (Text.contains(':') && Ordinal.getAsInteger(10, D.Index)) {
    D.Kind = DeviceString::Malformed;
    D.Index = -1;
  }
  return D;
}

std::optional<DeviceString> deviceStringOf(const Expr *E) {
  const auto *SL = dyn_cast_or_null<StringLiteral>(E);
  if (!SL || !SL->isOrdinary())
    return std::nullopt;
  return parseDeviceString(SL->getString());
}

bool isCudaOrdinalPrefix(llvm::StringRef Text) { return Text == "cuda:"; }

bool mentionsDevice(llvm::StringRef Text) {
  std::string Lower = Text.lower();
  llvm::StringRef L(Lower);
  return L.contains("gpu") || L.contains("cuda") || L.contains("device");
}

CudaQuery cudaQuery(const FunctionDecl *FD) {
  if (!FD || isa<CXXMethodDecl>(FD) || !isInTorchNamespace(FD))
    return CudaQuery::None;
  if (hasQualifiedName(FD, "torch::cuda::is_available") ||
      hasQualifiedName(FD, "torch::cuda::cudnn_is_available") ||
      hasQualifiedName(FD, "at::hasCUDA"))
    return CudaQuery::Available;
  if (hasQualifiedName(FD, "torch::cuda::device_count") ||
      hasQualifiedName(FD, "c10::cuda::device_count") ||
      hasQualifiedName(FD, "at::getNumGPUs"))
    return CudaQuery::DeviceCount;
  return CudaQuery::None;
}

std::optional<bool> deviceTest(const CXXMethodDecl *MD) {
  if (!MD || !MD->getIdentifier())
    return std::nullopt;
  const CXXRecordDecl *Class = MD->getParent();
  llvm::StringRef Name = MD->getName();
  if (hasQualifiedName(Class, "at::Context"))
    return Name == "hasCUDA" ? std::optional<bool>(true) : std::nullopt;
  if (!hasQualifiedName(Class, "c10::Device") && !isTensorClass(Class))
    return std::nullopt;
  if (Name == "is_cuda")
    return true;
  if (Name == "is_cpu")
    return false;
  return std::nullopt;
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

bool namesGpuRequest(const Expr *E) {
  const auto *SL =
      dyn_cast_or_null<StringLiteral>(ignoreWrappers(E)->IgnoreImpCasts());
  if (!SL || !SL->isOrdinary())
    return false;
  std::string Text = SL->getString().lower();
  return llvm::StringRef(Text).starts_with("cuda") ||
         llvm::StringRef(Text).starts_with("gpu");
}

bool isCudaOnlyFunction(const FunctionDecl *FD) {
  if (!FD || !isInTorchNamespace(FD))
    return false;
  // The questions (cudaQuery) answer without a GPU, and the seeds are
  // ignored without one.
  if (cudaQuery(FD) != CudaQuery::None ||
      hasQualifiedName(FD, "torch::cuda::manual_seed") ||
      hasQualifiedName(FD, "torch::cuda::manual_seed_all"))
    return false;
  // Any function inside a namespace cuda directly under torch::, at:: or
  // c10:: (torch::cuda::synchronize, at::cuda::getCurrentCUDAStream).
  for (const DeclContext *DC = FD->getDeclContext(); DC; DC = DC->getParent()) {
    const auto *NS = dyn_cast<NamespaceDecl>(DC);
    if (!NS || !NS->getIdentifier() || NS->getName() != "cuda")
      continue;
    const auto *Outer = dyn_cast<NamespaceDecl>(NS->getDeclContext());
    return Outer && isa<TranslationUnitDecl>(Outer->getDeclContext()) &&
           isTorchRootName(Outer);
  }
  return false;
}

//===----------------------------------------------------------------------===//
// From kernels back to the API.
//===----------------------------------------------------------------------===//

namespace {
struct KernelRow {
  llvm::StringRef Op, KernelParam;
  KernelCaller Caller;
};
const KernelRow KernelRows[] = {
#define TORCH_KERNEL(Op, KernelParam, Kind, Name, ApiParam)                    \
  {#Op, KernelParam, {KernelCaller::Kind, #Name, ApiParam}},
#include "TorchApi.def"
};
} // namespace

std::vector<KernelCaller> kernelCallers(llvm::StringRef Op,
                                        llvm::StringRef KernelParam) {
  std::vector<KernelCaller> Out;
  auto Add = [&](const KernelCaller &C) {
    for (const KernelCaller &O : Out)
      if (O.Kind == C.Kind && O.Name == C.Name)
        return;
    Out.push_back(C);
  };
  // Rows of the named parameter first, then those for any parameter.
  for (const KernelRow &R : KernelRows)
    if (R.Op == Op && (KernelParam.empty() || R.KernelParam == KernelParam))
      Add(R.Caller);
  for (const KernelRow &R : KernelRows)
    if (R.Op == Op && R.KernelParam.empty())
      Add(R.Caller);
  // A parameter no row names (a 2.x rename): every caller of the operation.
  if (Out.empty())
    for (const KernelRow &R : KernelRows)
      if (R.Op == Op)
        Add(R.Caller);
  return Out;
}

bool isKnownKernel(llvm::StringRef Op) {
  return llvm::any_of(KernelRows,
                      [&](const KernelRow &R) { return R.Op == Op; });
}

/// The argument of Call bound to FD's parameter named Param, Shift being
/// the arguments before the first parameter (a call operator's object).
static const Expr *argumentNamed(const CallExpr *Call, const FunctionDecl *FD,
                                 llvm::StringRef Param, unsigned Shift) {
  if (!FD || Param.empty())
    return nullptr;
  for (unsigned I = 0; I < FD->getNumParams(); ++I) {
    const ParmVarDecl *P = FD->getParamDecl(I);
    if (P->getIdentifier() && P->getName() == Param)
      return I + Shift < Call->getNumArgs() ? Call->getArg(I + Shift)
                                            : nullptr;
  }
  return nullptr;
}

/// The forward() of a LibTorch module class, for its parameters' names.
static const FunctionDecl *forwardOf(const CXXRecordDecl *RD) {
  for (const CXXMethodDecl *MD : RD->methods())
    if (MD->getIdentifier() && MD->getName() == "forward")
      return MD;
  return nullptr;
}

bool callReaches(const CallExpr *Call, const KernelCaller &Caller,
                 const Expr *&Arg) {
  Arg = nullptr;
  const FunctionDecl *FD = Call->getDirectCallee();
  if (!FD)
    return false;
  switch (Caller.Kind) {
  case KernelCaller::Function:
    if (isa<CXXMethodDecl>(FD) || !FD->getIdentifier() ||
        FD->getName() != Caller.Name || !isTorchNamespaceFunction(FD))
      return false;
    Arg = argumentNamed(Call, FD, Caller.Param, 0);
    return true;
  case KernelCaller::Method: {
    const auto *MD = dyn_cast<CXXMethodDecl>(FD);
    if (!isTensorMethod(MD, Caller.Name))
      return false;
    if (const auto *MC = dyn_cast<CXXMemberCallExpr>(Call))
      Arg = Caller.Param.empty() ? MC->getImplicitObjectArgument()
                                 : argumentNamed(Call, FD, Caller.Param, 0);
    return true;
  }
  case KernelCaller::Module: {
    // module(x, y) calls the holder's operator(); module->forward(x, y) the
    // class's forward().
    const auto *MD = dyn_cast<CXXMethodDecl>(FD);
    if (!MD)
      return false;
    const CXXRecordDecl *Impl = nullptr;
    unsigned Shift = 0;
    if (const auto *Op = dyn_cast<CXXOperatorCallExpr>(Call)) {
      if (Op->getOperator() != OO_Call || Op->getNumArgs() == 0)
        return false;
      Impl = moduleClassOf(Op->getArg(0)->getType());
      Shift = 1;
    } else if (MD->getIdentifier() && MD->getName() == "forward") {
      Impl = MD->getParent();
    }
    if (!isTorchModuleClass(Impl) || !Impl->getIdentifier())
      return false;
    // A Sequential's forward() runs its modules, whichever they are: it
    // reaches every layer family's kernels (losses are not layers), and
    // which argument reaches it is not known.
    if (Impl->getName() == "SequentialImpl")
      return !Caller.Name.ends_with("Loss");
    if (Impl->getName() != (Caller.Name + "Impl").str())
      return false;
    Arg = argumentNamed(Call, forwardOf(Impl), Caller.Param, Shift);
    return true;
  }
  }
  return false;
}

} // namespace api
} // namespace torchlint
