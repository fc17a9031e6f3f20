//===- DtypeFlow.cpp - The dtype property of the flow engine --------------===//
//
// Element types come from factories (their options, or LibTorch's defaults:
// Float, Long for integer ranges, the C++ type of torch::tensor's data),
// from conversions (to(kDouble), .float(), type_as), from modules (born
// Float, converted by Module::to(kDouble)), and flow through variables,
// fields, containers, callables and the unit's own functions as device
// facts do. Operations follow the API model's dtype column: Keep, Promote
// (LibTorch's promotion), Same (must agree), and the loss targets. What the
// model does not know is unknown, and unknown never conflicts.
//
//===----------------------------------------------------------------------===//

#include "DtypeFlow.h"

#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/TemplateBase.h"

using namespace clang;

namespace torchlint {
namespace flow {

using api::DtypeBehaviour;
using api::ScalarKind;

namespace {

/// LibTorch's promotion of two known element types (the category decides:
/// Bool < integral < floating; within one, the wider type), or nothing for
/// the mixes the analysis does not model (complex, Half with BFloat16 is
/// Float).
std::optional<ScalarKind> promoteKinds(ScalarKind A, ScalarKind B) {
  if (A == B)
    return A;
  auto Category = [](ScalarKind K) {
    if (K == ScalarKind::Bool)
      return 0;
    if (api::isIntegralKind(K))
      return 1;
    if (api::isFloatingKind(K))
      return 2;
    return 3;
  };
  auto Width = [](ScalarKind K) {
    switch (K) {
    case ScalarKind::Byte:
    case ScalarKind::Char:
      return 1;
    case ScalarKind::Short:
    case ScalarKind::Half:
    case ScalarKind::BFloat16:
      return 2;
    case ScalarKind::Int:
    case ScalarKind::Float:
      return 4;
    default:
      return 8;
    }
  };
  int CA = Category(A), CB = Category(B);
  if (CA == 3 || CB == 3)
    return std::nullopt;
  if (CA != CB)
    return CA > CB ? A : B;
  // Byte with Char, and Half with BFloat16, promote past both.
  if (Width(A) == Width(B))
    return CA == 2 ? ScalarKind::Float : ScalarKind::Short;
  return Width(A) > Width(B) ? A : B;
}

/// The element type a C++ value gives torch::tensor, torch::full or
/// torch::arange: LibTorch maps integers to Long, floating numbers to the
/// default Float and bool to Bool (checked by running them on 1.13).
std::optional<ScalarKind> dataKind(QualType T) {
  if (T.isNull())
    return std::nullopt;
  T = T.getNonReferenceType().getCanonicalType();
  if (T->isBooleanType())
    return ScalarKind::Bool;
  if (T->isIntegerType() && !T->isEnumeralType())
    return ScalarKind::Long;
  if (T->isRealFloatingType())
    return ScalarKind::Float;
  return std::nullopt;
}

/// The element type of the data torch::tensor receives: a number, a braced
/// list (nested), a std::vector<T> or an ArrayRef<T>.
std::optional<ScalarKind> tensorDataKind(const Expr *E, unsigned Depth = 0) {
  if (!E || Depth > 4)
    return std::nullopt;
  E = api::ignoreWrappers(E);
  if (const auto *IL = dyn_cast<CXXStdInitializerListExpr>(E))
    E = api::ignoreWrappers(IL->getSubExpr());
  if (const auto *List = dyn_cast<InitListExpr>(E))
    return List->getNumInits() ? tensorDataKind(List->getInit(0), Depth + 1)
                               : std::nullopt;
  if (const auto *CE = dyn_cast<CXXConstructExpr>(E))
    if (CE->getNumArgs() >= 1 && !CE->getType()->getAsCXXRecordDecl())
      return tensorDataKind(CE->getArg(0), Depth + 1);
  QualType T = E->getType();
  if (std::optional<ScalarKind> K = dataKind(T))
    return K;
  // std::vector<T>, c10::ArrayRef<T>, at::ArrayRef<T>: the element type.
  if (const auto *Spec = dyn_cast_or_null<ClassTemplateSpecializationDecl>(
          T.getNonReferenceType()->getAsCXXRecordDecl()))
    if (Spec->getTemplateArgs().size() >= 1 &&
        Spec->getTemplateArgs()[0].getKind() == TemplateArgument::Type &&
        (isInStd(Spec) || api::isInTorchNamespace(Spec)))
      return dataKind(Spec->getTemplateArgs()[0].getAsType());
  return std::nullopt;
}

/// Provenance for a known dtype.
DtypeSet knownAt(ScalarKind K, SourceLocation Loc, std::string Message,
                 const void *Birth = nullptr, bool AppendFix = false) {
  DtypeFact F;
  F.Value = Dtype::known(K);
  F.Birth = Birth;
  F.FromFactory = AppendFix;
  F.Steps.push_back({Loc, std::move(Message), ""});
  return DtypeSet(std::move(F));
}

/// True for LibTorch modules whose input must have their parameters' dtype
/// (checked on 1.13: Linear, Conv, the RNNs, BatchNorm).
bool isDtypeCheckedModule(const CXXRecordDecl *RD) {
  if (!RD || !api::isTorchModuleClass(RD) || !RD->getIdentifier())
    return false;
  llvm::StringRef N = RD->getName();
  for (llvm::StringRef Prefix :
       {"Linear", "Bilinear", "Conv1d", "Conv2d", "Conv3d", "ConvTranspose",
        "LSTM", "GRU", "RNN", "BatchNorm"})
    if (N.startswith(Prefix))
      return true;
  return false;
}

/// The loss behaviour of LibTorch's loss modules.
std::optional<DtypeBehaviour> lossModuleBehaviour(const CXXRecordDecl *RD) {
  if (!RD || !api::isTorchModuleClass(RD) || !RD->getIdentifier())
    return std::nullopt;
  llvm::StringRef N = RD->getName();
  if (N == "CrossEntropyLossImpl" || N == "NLLLossImpl")
    return DtypeBehaviour::ClassTarget;
  if (N == "BCELossImpl" || N == "BCEWithLogitsLossImpl")
    return DtypeBehaviour::FloatTarget;
  return std::nullopt;
}

std::string paramNameOf(const FunctionDecl *Callee, unsigned Index) {
  if (!Callee || Index >= Callee->getNumParams())
    return "";
  const ParmVarDecl *P = Callee->getParamDecl(Index);
  return P->getIdentifier() ? P->getName().str() : "";
}

/// The forward() a module call runs.
const CXXMethodDecl *forwardOfModule(QualType ModuleType) {
  const CXXRecordDecl *RD = api::moduleClassOf(ModuleType);
  if (!RD)
    return nullptr;
  for (const CXXMethodDecl *MD : RD->methods())
    if (MD->getIdentifier() && MD->getName() == "forward")
      return MD;
  return nullptr;
}

/// The module expression behind a holder's `->`.
const Expr *moduleObject(const Expr *Module) {
  Module = api::ignoreWrappers(Module);
  if (const auto *OC = dyn_cast<CXXOperatorCallExpr>(Module))
    if (OC->getOperator() == OO_Arrow && OC->getNumArgs() == 1)
      return api::ignoreWrappers(OC->getArg(0));
  return Module;
}

} // namespace

DtypeFlow::DtypeFlow(ProvenanceCache &Cache, const FunctionDecl *FD,
                     const CXXRecordDecl *TrackedClass)
    : Cache(Cache), Ctx(Cache.context()), FD(FD), TrackedClass(TrackedClass) {
  if (const auto *MD = dyn_cast<CXXMethodDecl>(FD))
    InModule = api::isModuleClass(MD->getParent());
}

bool DtypeFlow::isMutatedLocal(const VarDecl *VD) {
  if (!FD->getBody())
    return true;
  if (!Writes) {
    Writes.emplace();
    Writes->TraverseStmt(FD->getBody());
  }
  return Writes->Written.count(VD);
}

DtypeState DtypeFlow::initialState() {
  if (TrackedClass && !isa<CXXConstructorDecl>(FD) &&
      !isa<CXXDestructorDecl>(FD))
    return Cache.classDtypes(TrackedClass);
  return DtypeState();
}

const ValueDecl *DtypeFlow::trackedDecl(const Expr *E) const {
  const ValueDecl *D = WriteFinder::target(E);
  if (const auto *F = dyn_cast_or_null<FieldDecl>(D))
    return TrackedClass && F->getParent() == TrackedClass ? F : nullptr;
  return D;
}

//===----------------------------------------------------------------------===//
// Expressions.
//===----------------------------------------------------------------------===//

DtypeSet DtypeFlow::promote(llvm::ArrayRef<DtypeSet> Inputs) {
  // Scalars (0-dim tensors, numbers) take part only when nothing else does:
  // a 0-dim Double times a Float matrix stays Float.
  std::optional<Dtype> Result;
  const DtypeSet *Source = nullptr;
  for (const DtypeSet &In : Inputs) {
    const DtypeFact *One = In.single();
    if (!One)
      return DtypeSet();
    if (One->Value.Kind == Dtype::Scalar)
      continue;
    // An input's dtype, alone among scalars, passes through unchanged.
    if (One->Value.Kind == Dtype::Symbolic) {
      if (Result && *Result != One->Value)
        return DtypeSet();
      Result = One->Value;
      Source = &In;
      continue;
    }
    if (Result && Result->Kind == Dtype::Symbolic)
      return DtypeSet();
    if (!Result) {
      Result = One->Value;
      Source = &In;
      continue;
    }
    std::optional<ScalarKind> P = promoteKinds(Result->Type, One->Value.Type);
    if (!P)
      return DtypeSet();
    if (*P != Result->Type) {
      Result = Dtype::known(*P);
      Source = &In;
    }
  }
  if (!Result)
    return Inputs.empty() ? DtypeSet() : DtypeSet::of(Dtype::scalar());
  return *Source;
}

DtypeFlow::OptionsDtype
DtypeFlow::evalOptions(const Expr *E, const DtypeState &S, unsigned Depth) {
  OptionsDtype R;
  if (!E || Depth > 8)
    return R;
  E = api::ignoreWrappers(E);
  if (isa<CXXDefaultArgExpr>(E)) {
    R.Kind = OptionsDtype::None;
    return R;
  }
  if (std::optional<ScalarKind> K = api::scalarKindOf(E, Ctx)) {
    R.Kind = OptionsDtype::Named;
    R.Set = knownAt(*K, E->getBeginLoc(),
                    "is given dtype " + api::scalarName(*K).str() + " here");
    // Only a constant spelled as one (torch::kDouble, ScalarType::Double)
    // may be replaced: CppTypeToScalarType<T>::value in a template, or a
    // variable, means something else in other instantiations and uses.
    if (const auto *DRE = dyn_cast<DeclRefExpr>(E))
      if (isa<EnumConstantDecl>(DRE->getDecl()) ||
          (isa<VarDecl>(DRE->getDecl()) &&
           DRE->getDecl()->getDeclContext()->isNamespace() &&
           api::isInTorchNamespace(DRE->getDecl())))
        R.Constant = E;
    return R;
  }
  QualType T = E->getType();
  // A device alone (TensorOptions(device), torch::kCUDA) names no dtype.
  if (api::isDeviceType(T) || api::isDeviceKindType(T) ||
      isa<StringLiteral>(E)) {
    R.Kind = OptionsDtype::None;
    return R;
  }
  if (const auto *CE = dyn_cast<CXXConstructExpr>(E)) {
    if (!api::isTensorOptionsType(CE->getType()) || CE->getNumArgs() > 1)
      return R;
    if (CE->getNumArgs() == 0) {
      R.Kind = OptionsDtype::None;
      return R;
    }
    return evalOptions(CE->getArg(0), S, Depth + 1);
  }
  if (const auto *MC = dyn_cast<CXXMemberCallExpr>(E)) {
    const CXXMethodDecl *MD = MC->getMethodDecl();
    const Expr *Object = MC->getImplicitObjectArgument();
    if (!MD || !MD->getIdentifier() || !Object)
      return R;
    llvm::StringRef N = MD->getName();
    // x.options(): x's dtype.
    if (N == "options" && api::isTensorType(Object->getType())) {
      R.Set = evalTensor(Object, S, Depth + 1);
      R.Kind = R.Set.isUnknown() ? OptionsDtype::Unknown : OptionsDtype::Named;
      return R;
    }
    if (!api::isTensorOptionsType(Object->getType()))
      return R;
    if (N == "dtype") {
      if (MC->getNumArgs() == 1)
        return evalOptions(MC->getArg(0), S, Depth + 1);
      // .dtype<float>(): the template argument.
      if (const TemplateArgumentList *Args =
              MD->getTemplateSpecializationArgs();
          Args && Args->size() == 1 &&
          Args->get(0).getKind() == TemplateArgument::Type)
        if (std::optional<ScalarKind> K =
                api::elementKindOf(Args->get(0).getAsType())) {
          R.Kind = OptionsDtype::Named;
          R.Set =
              knownAt(*K, MC->getExprLoc(),
                      "is given dtype " + api::scalarName(*K).str() + " here");
          return R;
        }
      return R;
    }
    // .device(d), .requires_grad(b), .layout(l): the object decides.
    return evalOptions(Object, S, Depth + 1);
  }
  if (const auto *Call = dyn_cast<CallExpr>(E)) {
    const FunctionDecl *Callee = Call->getDirectCallee();
    if (!Callee || !api::isTorchNamespaceFunction(Callee) ||
        !Callee->getIdentifier())
      return R;
    llvm::StringRef N = Callee->getName();
    if (N == "dtype" && Call->getNumArgs() == 1)
      return evalOptions(Call->getArg(0), S, Depth + 1);
    if (N == "device" || N == "requires_grad" || N == "layout") {
      R.Kind = OptionsDtype::None;
      return R;
    }
    return R;
  }
  // A local options variable initialised once and never changed.
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E))
    if (const auto *VD = dyn_cast<VarDecl>(DRE->getDecl());
        VD && VD->isLocalVarDecl() && VD->hasInit() &&
        (VD->getType().isConstQualified() || !isMutatedLocal(VD))) {
      OptionsDtype Init = evalOptions(VD->getInit(), S, Depth + 1);
      Init.Constant = nullptr; // Shared by every use: not fixed here.
      return Init;
    }
  return R;
}

std::optional<DtypeSet> DtypeFlow::conversionOf(const CXXMemberCallExpr *MC,
                                                const DtypeState &S,
                                                unsigned Depth) {
  const CXXMethodDecl *MD = MC->getMethodDecl();
  if (std::optional<ScalarKind> K = api::conversionMethodKind(MD))
    return knownAt(*K, MC->getExprLoc(),
                   "is converted to " + api::scalarName(*K).str() + " here", MC,
                   /*AppendFix=*/true);
  llvm::StringRef N = MD->getName();
  if (N == "type_as" && MC->getNumArgs() >= 1) {
    DtypeSet R = evalTensor(MC->getArg(0), S, Depth + 1);
    R.addStep(MC->getExprLoc(), "is converted here");
    return R;
  }
  if (N != "to")
    return std::nullopt;
  // to(other): other's dtype and device.
  if (MC->getNumArgs() >= 1 && api::isTensorType(MC->getArg(0)->getType())) {
    DtypeSet R = evalTensor(MC->getArg(0), S, Depth + 1);
    R.addStep(MC->getExprLoc(), "is converted here");
    return R;
  }
  // to(dtype), to(device, dtype), to(options): the first argument that
  // names a dtype decides.
  for (unsigned I = 0; I < MC->getNumArgs(); ++I) {
    const Expr *A = MC->getArg(I);
    if (isa<CXXDefaultArgExpr>(A))
      break;
    if (A->getType()->isBooleanType())
      continue; // non_blocking, copy
    OptionsDtype O = evalOptions(A, S, Depth + 1);
    if (O.Kind == OptionsDtype::Unknown)
      return DtypeSet();
    if (O.Kind == OptionsDtype::Named) {
      const DtypeFact *One = O.Set.single();
      if (One && One->Value.Kind == Dtype::Known) {
        // The written constant is where a fix-it changes the type.
        return knownAt(One->Value.Type, MC->getExprLoc(),
                       "is converted to " +
                           api::scalarName(One->Value.Type).str() + " here",
                       O.Constant, /*AppendFix=*/false);
      }
      return O.Set;
    }
  }
  return std::nullopt; // A move to a device keeps the dtype.
}

DtypeSet DtypeFlow::evalFactory(const CallExpr *CE, const DtypeState &S,
                                unsigned Depth) {
  const FunctionDecl *Callee = CE->getDirectCallee();
  llvm::StringRef Name = Callee->getName();
  const Expr *Options = nullptr;
  for (const Expr *A : CE->arguments())
    if (api::isTensorOptionsType(A->getType()) && !isa<CXXDefaultArgExpr>(A))
      Options = A;
  OptionsDtype O;
  O.Kind = OptionsDtype::None;
  if (Options)
    O = evalOptions(Options, S, Depth + 1);
  if (O.Kind == OptionsDtype::Unknown)
    return DtypeSet();
  std::string Qualified = Callee->getQualifiedNameAsString();
  if (O.Kind == OptionsDtype::Named) {
    const DtypeFact *One = O.Set.single();
    if (One && One->Value.Kind == Dtype::Known) {
      ScalarKind K = One->Value.Type;
      // from_blob's dtype must match its buffer: a fix-it converts after the
      // call; elsewhere it changes the constant.
      bool Blob = Name == "from_blob";
      return knownAt(
          K, CE->getBeginLoc(),
          "is created as " + api::scalarName(K).str() + " here ('" + Qualified +
              "' with dtype " + api::scalarName(K).str() + ")",
          Blob || !O.Constant ? static_cast<const void *>(CE) : O.Constant,
          /*AppendFix=*/Blob || !O.Constant);
    }
    return O.Set;
  }
  // No dtype named: the source's for *_like, else LibTorch's default.
  if (api::deviceBehaviour(Callee) == api::DeviceBehaviour::Like &&
      CE->getNumArgs() >= 1)
    return evalTensor(CE->getArg(0), S, Depth + 1);
  std::optional<ScalarKind> K;
  if (Name == "tensor" && CE->getNumArgs() >= 1) {
    // torch::tensor(2.5) is 0-dim: a scalar next to anything.
    const Expr *Data = api::ignoreWrappers(CE->getArg(0));
    if (Data->getType().getNonReferenceType()->isArithmeticType())
      return DtypeSet::of(Dtype::scalar());
    K = tensorDataKind(Data);
  } else if (Name == "scalar_tensor") {
    return DtypeSet::of(Dtype::scalar());
  } else if (Name == "arange" || Name == "range") {
    bool Floating = false, Known = true;
    for (const Expr *A : CE->arguments()) {
      if (isa<CXXDefaultArgExpr>(A) || api::isTensorOptionsType(A->getType()))
        continue;
      QualType T = api::ignoreWrappers(A)->getType();
      if (std::optional<ScalarKind> D = dataKind(T))
        Floating |= *D == ScalarKind::Float;
      else
        Known = false; // a c10::Scalar variable: its kind is not visible.
    }
    if (Known)
      K = Floating ? ScalarKind::Float : ScalarKind::Long;
  } else if (Name == "full" && CE->getNumArgs() >= 2) {
    K = dataKind(api::ignoreWrappers(CE->getArg(1))->getType());
  } else if (Name == "randint") {
    K = ScalarKind::Long;
  } else if (Name == "from_blob") {
    K = ScalarKind::Float; // Whatever the buffer holds.
  } else {
    K = api::factoryDefaultKind(Callee);
  }
  if (!K)
    return DtypeSet();
  return knownAt(*K, CE->getBeginLoc(),
                 "is created as " + api::scalarName(*K).str() + " here ('" +
                     Qualified + "' with no dtype)",
                 CE, /*AppendFix=*/true);
}

DtypeSet DtypeFlow::evalUserCall(const Expr *Call, const FunctionDecl *Callee,
                                 llvm::ArrayRef<const Expr *> Args,
                                 const DtypeState &S, unsigned Depth) {
  const FunctionDecl *Def = nullptr;
  if (!Callee->hasBody(Def) || api::isTorchNamespaceFunction(Def) ||
      isInStd(Def))
    return DtypeSet();
  const DtypeSummary &Sum = Cache.dtypeSummary(Def);
  const auto *OC = dyn_cast<CXXOperatorCallExpr>(Call);
  std::string Name = OC ? text(OC->getArg(0), Ctx) : Def->getNameAsString();
  DtypeSet R;
  switch (Sum.Kind) {
  case DtypeSummary::Fixed:
    R = DtypeSet(Sum.Fact);
    break;
  case DtypeSummary::FollowsArg:
    if (Sum.Index < Args.size())
      R = evalTensor(Args[Sum.Index], S, Depth + 1);
    break;
  case DtypeSummary::FollowsValueArg:
    if (Sum.Index < Args.size()) {
      OptionsDtype O = evalOptions(Args[Sum.Index], S, Depth + 1);
      if (O.Kind == OptionsDtype::Named)
        R = O.Set;
    }
    break;
  case DtypeSummary::Unknown:
    break;
  }
  R.addStep(Call->getBeginLoc(), "is returned by '" + Name + "' here");
  return R;
}

DtypeSet DtypeFlow::moduleDtype(const Expr *Module, const DtypeState &S) {
  if (const ValueDecl *VD = trackedDecl(Module)) {
    auto It = S.find(VD);
    if (It != S.end())
      return It->second;
  }
  return DtypeSet();
}

DtypeSet DtypeFlow::evalModuleCall(const Expr *Call, const Expr *Module,
                                   llvm::ArrayRef<const Expr *> Args,
                                   const DtypeState &S, unsigned Depth) {
  const CXXRecordDecl *RD = api::moduleClassOf(Module->getType());
  DtypeSet R;
  if (RD && !api::isTorchModuleClass(RD)) {
    // The user's module: its forward()'s summary.
    if (const CXXMethodDecl *Fwd = forwardOfModule(Module->getType()))
      return evalUserCall(Call, Fwd, Args, S, Depth);
    return R;
  }
  if (isDtypeCheckedModule(RD))
    R = moduleDtype(Module, S);
  else if (api::isStatelessModuleClass(RD))
    for (const Expr *A : Args)
      if (api::isTensorType(A->getType())) {
        R = evalTensor(A, S, Depth + 1);
        break;
      }
  // Other LibTorch modules (losses, embeddings, norms): not modelled.
  std::string Name = text(moduleObject(Module), Ctx);
  if (!Name.empty())
    R.addStep(Call->getBeginLoc(), "is computed by '" + Name + "' here");
  return R;
}

DtypeSet DtypeFlow::evalContainer(const Expr *E, const DtypeState &S,
                                  unsigned Depth) {
  return containerFacts<Dtype>(
      E, Depth, [&](const Expr *X, unsigned D) { return evalTensor(X, S, D); });
}

DtypeSet DtypeFlow::evalMethod(const CXXMemberCallExpr *MC, const DtypeState &S,
                               unsigned Depth) {
  const CXXMethodDecl *MD = MC->getMethodDecl();
  const Expr *Object = MC->getImplicitObjectArgument();
  if (!MD || !Object)
    return DtypeSet();
  if (api::isModuleClass(MD->getParent()) && MD->getIdentifier() &&
      MD->getName() == "forward") {
    llvm::SmallVector<const Expr *, 4> Args(MC->arguments());
    return evalModuleCall(MC, Object, Args, S, Depth);
  }
  if (api::isTensorContainerType(Object->getType()))
    return evalContainer(MC, S, Depth);
  if (!api::isInTorchNamespace(MD) && !api::isTensorType(Object->getType()))
    return evalUserCall(MC, MD, {MC->getArgs(), MC->getNumArgs()}, S, Depth);
  if (!api::isTensorType(Object->getType()) || !MD->getIdentifier())
    return DtypeSet();
  if (std::optional<DtypeSet> Converted = conversionOf(MC, S, Depth))
    return *Converted;
  llvm::StringRef N = MD->getName();
  if (N == "to" || N == "cuda" || N == "cpu")
    return evalTensor(Object, S, Depth + 1);
  switch (api::dtypeBehaviour(MD)) {
  case DtypeBehaviour::Keep:
  case DtypeBehaviour::Same:
    return evalTensor(Object, S, Depth + 1);
  case DtypeBehaviour::Promote: {
    llvm::SmallVector<DtypeSet, 3> In{evalTensor(Object, S, Depth + 1)};
    for (const Expr *A : MC->arguments())
      if (api::isTensorType(A->getType()))
        In.push_back(evalTensor(A, S, Depth + 1));
    return promote(In);
  }
  default:
    return DtypeSet();
  }
}

DtypeSet DtypeFlow::evalCall(const CallExpr *CE, const DtypeState &S,
                             unsigned Depth) {
  const FunctionDecl *Callee = CE->getDirectCallee();
  if (!Callee || !Callee->getIdentifier())
    return DtypeSet();
  llvm::StringRef Name = Callee->getName();
  if (Name == "get" && Callee->isInStdNamespace() && CE->getNumArgs() == 1)
    return evalContainer(CE->getArg(0), S, Depth + 1);
  if (api::isFactoryCall(CE))
    return evalFactory(CE, S, Depth);
  if (!api::isTorchNamespaceFunction(Callee))
    return evalUserCall(CE, Callee, {CE->getArgs(), CE->getNumArgs()}, S,
                        Depth);
  llvm::SmallVector<DtypeSet, 4> Inputs;
  for (const Expr *A : CE->arguments()) {
    if (api::isTensorType(A->getType())) {
      Inputs.push_back(evalTensor(A, S, Depth + 1));
      continue;
    }
    const Expr *List = api::ignoreWrappers(A);
    if (api::isTensorContainerType(List->getType()) ||
        isa<InitListExpr>(List) || isa<CXXStdInitializerListExpr>(List))
      Inputs.push_back(evalContainer(List, S, Depth + 1));
  }
  if (Inputs.empty())
    return DtypeSet();
  switch (api::dtypeBehaviour(Callee)) {
  case DtypeBehaviour::Keep:
  case DtypeBehaviour::Same:
  case DtypeBehaviour::ClassTarget:
  case DtypeBehaviour::FloatTarget:
    return Inputs.front();
  case DtypeBehaviour::Promote:
    return promote(Inputs);
  case DtypeBehaviour::Unknown:
    return DtypeSet();
  }
  return DtypeSet();
}

DtypeSet DtypeFlow::evalTensor(const Expr *E, const DtypeState &S,
                               unsigned Depth) {
  if (!E || Depth > 24)
    return DtypeSet();
  E = api::ignoreWrappers(E);

  if (const auto *DRE = dyn_cast<DeclRefExpr>(E)) {
    const ValueDecl *VD = DRE->getDecl();
    auto It = S.find(VD);
    if (It != S.end())
      return It->second;
    if (const auto *P = dyn_cast<ParmVarDecl>(VD))
      if (api::isTensorType(P->getType()) && P->getIdentifier())
        return DtypeSet::of(
            Dtype::symbolic("input '" + P->getName().str() + "'"));
    return DtypeSet();
  }
  if (const auto *ME = dyn_cast<MemberExpr>(E)) {
    if (const ValueDecl *Field = trackedDecl(ME)) {
      auto It = S.find(Field);
      return It != S.end() ? It->second : DtypeSet();
    }
    return DtypeSet();
  }
  if (const auto *CO = dyn_cast<ConditionalOperator>(E)) {
    DtypeSet R = evalTensor(CO->getTrueExpr(), S, Depth + 1);
    R.join(evalTensor(CO->getFalseExpr(), S, Depth + 1));
    return R;
  }
  if (const auto *MC = dyn_cast<CXXMemberCallExpr>(E))
    return evalMethod(MC, S, Depth);
  if (const auto *OC = dyn_cast<CXXOperatorCallExpr>(E)) {
    OverloadedOperatorKind K = OC->getOperator();
    if (K == OO_Call && OC->getNumArgs() >= 1 &&
        isModuleValueType(OC->getArg(0)->getType())) {
      llvm::SmallVector<const Expr *, 4> Args(
          llvm::drop_begin(OC->arguments()));
      return evalModuleCall(OC, OC->getArg(0), Args, S, Depth);
    }
    if (K == OO_Equal && OC->getNumArgs() == 2)
      return evalTensor(OC->getArg(1), S, Depth + 1);
    if (K == OO_Subscript && OC->getNumArgs() == 2 &&
        api::isTensorContainerType(OC->getArg(0)->getType()))
      return evalContainer(OC->getArg(0), S, Depth + 1);
    if (K == OO_Call && OC->getNumArgs() >= 1)
      if (const CXXMethodDecl *Op = callOperatorOf(OC)) {
        if (api::isInTorchNamespace(Op))
          return DtypeSet();
        llvm::SmallVector<const Expr *, 4> Args(
            llvm::drop_begin(OC->arguments()));
        return evalUserCall(OC, Op, Args, S, Depth);
      }
    // Comparisons give Bool; true division of integers gives Float.
    if (K == OO_Less || K == OO_Greater || K == OO_LessEqual ||
        K == OO_GreaterEqual || K == OO_EqualEqual || K == OO_ExclaimEqual)
      return DtypeSet::of(Dtype::known(ScalarKind::Bool));
    if (K == OO_Plus || K == OO_Minus || K == OO_Star || K == OO_Slash) {
      llvm::SmallVector<DtypeSet, 2> In;
      bool FloatingNumber = false, UnknownNumber = false;
      for (const Expr *A : OC->arguments()) {
        if (api::isTensorType(A->getType()) && isZeroDim(A))
          In.push_back(DtypeSet::of(Dtype::scalar())); // t / t.norm()
        else if (api::isTensorType(A->getType()))
          In.push_back(evalTensor(A, S, Depth + 1));
        else if (QualType N = api::ignoreWrappers(A)->getType();
                 N->isRealFloatingType())
          FloatingNumber = true; // (converted to c10::Scalar on the way)
        else if (!N->isIntegerType())
          UnknownNumber = true;
      }
      DtypeSet R = promote(In);
      const DtypeFact *One = R.single();
      // An integral tensor with a floating number, or divided, becomes the
      // default floating type; with a number of unknown kind, unknown.
      if (One && One->Value.Kind == Dtype::Known &&
          api::isIntegralKind(One->Value.Type)) {
        if (UnknownNumber)
          return DtypeSet();
        if (FloatingNumber || K == OO_Slash)
          return DtypeSet::of(Dtype::known(ScalarKind::Float));
      }
      return R;
    }
    return DtypeSet();
  }
  if (const auto *CE = dyn_cast<CallExpr>(E))
    return evalCall(CE, S, Depth);
  return DtypeSet();
}

//===----------------------------------------------------------------------===//
// Transfer.
//===----------------------------------------------------------------------===//

void DtypeFlow::assign(const ValueDecl *VD, DtypeSet Value, DtypeState &St) {
  Value.nameSubject(VD->getNameAsString());
  St[VD] = std::move(Value);
}

DtypeSet DtypeFlow::newModule(const ValueDecl *VD, const Expr *Init,
                              SourceLocation Loc) {
  // Only a module built here has its fresh Float parameters.
  if (!createsModule(Init) ||
      !moduleHasState(api::moduleClassOf(VD->getType())))
    return DtypeSet();
  return knownAt(ScalarKind::Float, Loc,
                 "is created here with Float parameters (modules are created "
                 "as Float)");
}

void DtypeFlow::transferInitializer(const CXXCtorInitializer *Init,
                                    DtypeState &St) {
  const FieldDecl *F = Init->getMember();
  const Expr *E = Init->getInit();
  if (!F || !E || F->getParent() != TrackedClass)
    return;
  if (const auto *Default = dyn_cast<CXXDefaultInitExpr>(E))
    E = Default->getExpr();
  if (!E || F->getType()->isReferenceType())
    return;
  if (api::isTensorType(F->getType()))
    assign(F, evalTensor(E, St), St);
  else if (isModuleValueType(F->getType()))
    assign(F, newModule(F, E, Init->getSourceLocation()), St);
}

void DtypeFlow::transferElement(const CFGElement &El, DtypeState &St,
                                bool Report) {
  if (std::optional<CFGStmt> CS = El.getAs<CFGStmt>())
    transfer(CS->getStmt(), St, Report);
  else if (std::optional<CFGInitializer> CI = El.getAs<CFGInitializer>())
    transferInitializer(CI->getInitializer(), St);
}

void DtypeFlow::transfer(const Stmt *S, DtypeState &St, bool Report) {
  if (Report)
    checkSites(S, St);

  // A module handed to the user's own function may be converted there
  // (holders share their module): its dtype is unknown afterwards.
  // So may one whose own member function the user wrote runs
  // (`model->use_double()` calling `to(torch::kDouble)` on itself); its
  // forward() does not convert it.
  if (const auto *CE = dyn_cast<CallExpr>(S)) {
    const FunctionDecl *Callee = CE->getDirectCallee();
    if (Callee && !api::isInTorchNamespace(Callee) && !isInStd(Callee)) {
      for (const Expr *A : CE->arguments())
        if (isModuleValueType(A->getType()))
          if (const ValueDecl *VD = trackedDecl(A))
            St.erase(VD);
      if (const auto *MC = dyn_cast<CXXMemberCallExpr>(CE))
        if (const Expr *Object = MC->getImplicitObjectArgument();
            Object && api::isModuleClass(MC->getMethodDecl()->getParent()) &&
            !(Callee->getIdentifier() && Callee->getName() == "forward"))
          if (const ValueDecl *VD = trackedDecl(Object))
            St.erase(VD);
    }
  }

  if (const auto *DS = dyn_cast<DeclStmt>(S)) {
    for (const Decl *D : DS->decls()) {
      const auto *VD = dyn_cast<VarDecl>(D);
      if (!VD)
        continue;
      if (const auto *DD = dyn_cast<DecompositionDecl>(VD)) {
        DtypeSet V = evalTensor(DD->getInit(), St);
        for (const BindingDecl *B : DD->bindings())
          assign(B, V, St);
        continue;
      }
      QualType T = VD->getType();
      if (api::isTensorType(T))
        if (const Expr *Range = rangeOfLoopVariable(DS, Ctx)) {
          assign(VD,
                 isMutatedLocal(VD) ? DtypeSet() : evalContainer(Range, St, 0),
                 St);
          continue;
        }
      if (T->isReferenceType())
        continue;
      if (api::isTensorType(T)) {
        assign(VD, VD->hasInit() ? evalTensor(VD->getInit(), St) : DtypeSet(),
               St);
      } else if (api::isTensorContainerType(T)) {
        const Expr *Init =
            VD->hasInit() ? api::ignoreWrappers(VD->getInit()) : nullptr;
        const auto *Ctor = dyn_cast_or_null<CXXConstructExpr>(Init);
        if (Init && !(Ctor && Ctor->getNumArgs() == 0))
          assign(VD, evalContainer(Init, St, 0), St);
      } else if (isModuleValueType(T)) {
        assign(VD,
               VD->hasInit() ? newModule(VD, VD->getInit(), VD->getLocation())
                             : DtypeSet(),
               St);
      }
    }
    return;
  }

  if (const auto *OC = dyn_cast<CXXOperatorCallExpr>(S)) {
    if (OC->getOperator() != OO_Equal || OC->getNumArgs() != 2)
      return;
    const Expr *Lhs = api::ignoreWrappers(OC->getArg(0));
    const ValueDecl *VD = isa<DeclRefExpr>(Lhs) || isa<MemberExpr>(Lhs)
                              ? trackedDecl(Lhs)
                              : nullptr;
    if (!VD)
      return;
    bool Field = isa<FieldDecl>(VD);
    if (api::isTensorType(VD->getType()) && (Field || St.count(VD)))
      assign(VD, evalTensor(OC->getArg(1), St), St);
    else if (isModuleValueType(VD->getType()) && (Field || St.count(VD)))
      assign(VD, newModule(VD, OC->getArg(1), OC->getBeginLoc()), St);
    return;
  }

  if (const auto *MC = dyn_cast<CXXMemberCallExpr>(S)) {
    const CXXMethodDecl *MD = MC->getMethodDecl();
    if (!MD || !MD->getIdentifier())
      return;
    // v.push_back(t): the container's dtype while every element agrees.
    if (MC->getNumArgs() == 1 &&
        (MD->getName() == "push_back" || MD->getName() == "emplace_back") &&
        api::isTensorContainerType(MC->getImplicitObjectArgument()->getType()))
      if (const auto *DRE = dyn_cast<DeclRefExpr>(
              api::ignoreWrappers(MC->getImplicitObjectArgument())))
        if (const auto *VD = dyn_cast<VarDecl>(DRE->getDecl());
            VD && VD->getParentFunctionOrMethod() == FD &&
            api::isTensorType(MC->getArg(0)->getType())) {
          DtypeSet Elem = evalTensor(MC->getArg(0), St);
          auto It = St.find(VD);
          St[VD] = It == St.end() ? Elem : agree<Dtype>({It->second, Elem});
          return;
        }
    // model->to(torch::kDouble) converts parameters in place; a move to a
    // device keeps them as they are.
    if (MD->getName() == "to" && api::isModuleClass(MD->getParent())) {
      const ValueDecl *Moved = trackedDecl(MC->getImplicitObjectArgument());
      if (!Moved)
        return;
      for (const Expr *A : MC->arguments()) {
        if (isa<CXXDefaultArgExpr>(A) || A->getType()->isBooleanType())
          continue;
        if (std::optional<ScalarKind> K = api::scalarKindOf(A, Ctx)) {
          assign(
              Moved,
              knownAt(*K, MC->getExprLoc(),
                      "is converted to " + api::scalarName(*K).str() + " here"),
              St);
          return;
        }
        if (!api::isDeviceType(A->getType()) &&
            !api::isDeviceKindType(A->getType()) &&
            !isa<StringLiteral>(api::ignoreWrappers(A)))
          St.erase(Moved); // Options or a tensor: not modelled.
      }
    }
    return;
  }

  // Returns count once, in the reporting pass over the fixpoint's states.
  if (const auto *RS = dyn_cast<ReturnStmt>(S); RS && Report) {
    if (RS->getRetValue() && api::isTensorType(RS->getRetValue()->getType()))
      Returns.push_back(evalTensor(RS->getRetValue(), St));
    else
      ReturnsUnknown = true;
  }
}

//===----------------------------------------------------------------------===//
// Operation sites.
//===----------------------------------------------------------------------===//

void DtypeFlow::checkSame(
    const Expr *Site, const std::string &Callee,
    std::vector<std::pair<Operand<Dtype>, DtypeSet>> &Ops) {
  // In a module's forward(), an input that meets the module's own
  // parameters unconverted must have the module's dtype: a requirement on
  // the callers, kept in the summary.
  if (InModule)
    for (auto &[Op, Set] : Ops) {
      const DtypeFact *One = Set.single();
      if (!One || One->Value.Kind != Dtype::Symbolic || Op.IsModule)
        continue;
      bool MeetsSelf = llvm::any_of(Ops, [](const auto &O) {
        return O.first.IsModule && O.second.isUnknown();
      });
      if (!MeetsSelf)
        continue;
      for (unsigned I = 0; I < FD->getNumParams(); ++I)
        if (FD->getParamDecl(I)->getIdentifier() &&
            One->Value.Key ==
                "input '" + FD->getParamDecl(I)->getName().str() + "'" &&
            !llvm::is_contained(Summary.ParamsMeetModule, I))
          Summary.ParamsMeetModule.push_back(I);
    }
  for (size_t I = 0; I < Ops.size(); ++I)
    for (size_t J = I + 1; J < Ops.size(); ++J) {
      const DtypeFact *A = Ops[I].second.single();
      const DtypeFact *B = Ops[J].second.single();
      size_t Stray, Other;
      const DtypeFact *StrayFact = nullptr, *Sure = nullptr;
      bool OnePath = false;
      if (A && B && dtypesConflict(A->Value, B->Value)) {
        // Convert the tensor, not the module; between tensors, the one that
        // is not Float (the default every model is built in), else the
        // later one.
        bool PickI;
        if (Ops[I].first.IsModule != Ops[J].first.IsModule)
          PickI = Ops[J].first.IsModule;
        else if ((A->Value.Type == ScalarKind::Float) !=
                 (B->Value.Type == ScalarKind::Float))
          PickI = B->Value.Type == ScalarKind::Float;
        else
          PickI = false;
        Stray = PickI ? I : J;
        Other = PickI ? J : I;
        StrayFact = PickI ? A : B;
        Sure = PickI ? B : A;
      } else if (B && (StrayFact = conflictingFact(Ops[I].second, *B,
                                                   dtypesConflict))) {
        Stray = I, Other = J, Sure = B, OnePath = true;
      } else if (A && (StrayFact = conflictingFact(Ops[J].second, *A,
                                                   dtypesConflict))) {
        Stray = J, Other = I, Sure = A, OnePath = true;
      } else {
        continue;
      }
      if (StrayFact->Birth && !ReportedBirths.insert(StrayFact->Birth).second)
        return;
      DtypeConflict C;
      C.Kind = DtypeConflict::Mismatch;
      C.Site = Site;
      C.Callee = Callee;
      C.Stray = Ops[Stray].first;
      C.Stray.Fact = *StrayFact;
      C.Other = Ops[Other].first;
      C.Other.Fact = *Sure;
      C.OnePath = OnePath;
      C.Target = C.Stray.IsModule ? nullptr : C.Stray.E;
      ReportedSites.insert(Site);
      Conflicts.push_back(std::move(C));
      return;
    }
}

void DtypeFlow::checkTarget(const Expr *Site, const std::string &Callee,
                            DtypeBehaviour Behaviour, const Expr *Input,
                            const Expr *Target, llvm::StringRef Function,
                            const DtypeState &St) {
  DtypeSet T = evalTensor(Target, St);
  const DtypeFact *One = T.single();
  if (!One || One->Value.Kind != Dtype::Known)
    return;
  ScalarKind K = One->Value.Type;
  DtypeConflict C;
  C.Site = Site;
  C.Callee = Callee;
  C.Stray = {Target, text(api::ignoreWrappers(Target), Ctx), "target", *One,
             false};
  C.Target = Target;
  if (Behaviour == DtypeBehaviour::ClassTarget) {
    // Byte targets are accepted, Long is the rule; floating targets may be
    // class probabilities (legal when shaped like the input), which the
    // analysis cannot tell from indices.
    if (K != ScalarKind::Int && K != ScalarKind::Short && K != ScalarKind::Char)
      return;
    C.Kind = DtypeConflict::ClassTarget;
  } else {
    C.Kind = DtypeConflict::FloatTarget;
    if (!api::isIntegralKind(K)) {
      // binary_cross_entropy (not the logits variant) needs the input's
      // exact floating dtype.
      if (Function != "binary_cross_entropy" || !Input)
        return;
      DtypeSet In = evalTensor(Input, St);
      const DtypeFact *InOne = In.single();
      if (!InOne || !dtypesConflict(InOne->Value, One->Value))
        return;
      C.Other = {Input, text(api::ignoreWrappers(Input), Ctx), "self", *InOne,
                 false};
    } else if (Input) {
      DtypeSet In = evalTensor(Input, St);
      if (const DtypeFact *InOne = In.single();
          InOne && InOne->Value.Kind == Dtype::Known)
        C.Other = {Input, text(api::ignoreWrappers(Input), Ctx), "self", *InOne,
                   false};
    }
  }
  ReportedSites.insert(Site);
  Conflicts.push_back(std::move(C));
}

void DtypeFlow::checkDataPtr(const CXXMemberCallExpr *MC,
                             const DtypeState &St) {
  const CXXMethodDecl *MD = MC->getMethodDecl();
  const Expr *Object = MC->getImplicitObjectArgument();
  // data_ptr and the accessors are TensorBase's: look through the cast.
  if (Object)
    Object = Object->IgnoreImpCasts();
  if (!MD || !MD->getIdentifier() || !Object ||
      !api::isTensorType(Object->getType()))
    return;
  llvm::StringRef N = MD->getName();
  if (N != "data_ptr" && N != "accessor" && N != "packed_accessor32" &&
      N != "packed_accessor64" && N != "generic_packed_accessor")
    return;
  const TemplateArgumentList *Args = MD->getTemplateSpecializationArgs();
  if (!Args || Args->size() < 1 ||
      Args->get(0).getKind() != TemplateArgument::Type)
    return;
  QualType Requested = Args->get(0).getAsType();
  // As written (int64_t, not long).
  if (const auto *ME = dyn_cast<MemberExpr>(MC->getCallee()->IgnoreParens());
      ME && ME->getNumTemplateArgs() >= 1 &&
      ME->getTemplateArgs()[0].getArgument().getKind() ==
          TemplateArgument::Type)
    Requested = ME->getTemplateArgs()[0].getArgument().getAsType();
  std::optional<ScalarKind> Want = api::elementKindOf(Requested);
  if (!Want)
    return;
  DtypeSet Have = evalTensor(Object, St);
  const DtypeFact *One = Have.single();
  if (!One || One->Value.Kind != Dtype::Known || One->Value.Type == *Want)
    return;
  DtypeConflict C;
  C.Kind = DtypeConflict::DataPtr;
  C.Site = MC;
  // As written: accessor<float, 2>.
  C.Callee = N.str();
  if (const auto *ME = dyn_cast<MemberExpr>(MC->getCallee()->IgnoreParens());
      ME && ME->hasExplicitTemplateArgs()) {
    std::string Written = api::sourceText(
        SourceRange(ME->getMemberLoc(), ME->getRAngleLoc()), Ctx);
    if (!Written.empty())
      C.Callee = Written;
  }
  C.Stray = {Object, text(api::ignoreWrappers(Object), Ctx), "self", *One,
             false};
  C.Requested = Requested.getAsString(Ctx.getPrintingPolicy());
  C.Other.Fact.Value = Dtype::known(*Want);
  ReportedSites.insert(MC);
  Conflicts.push_back(std::move(C));
}

namespace {
/// The values a variable or field is given in a function or a class: its
/// initialiser, member initialisers and assignments.
class ValueSources : public RecursiveASTVisitor<ValueSources> {
public:
  explicit ValueSources(const ValueDecl *Target) : Target(Target) {}
  llvm::SmallVector<const Expr *, 4> Found;
  bool VisitCXXOperatorCallExpr(CXXOperatorCallExpr *OC) {
    if (OC->getOperator() == OO_Equal && OC->getNumArgs() == 2 &&
        WriteFinder::target(OC->getArg(0)) == Target)
      Found.push_back(OC->getArg(1));
    return true;
  }
  bool VisitCXXConstructorDecl(CXXConstructorDecl *CD) {
    for (const CXXCtorInitializer *I : CD->inits())
      if (I->getMember() == Target && I->getInit())
        Found.push_back(I->getInit());
    return true;
  }

private:
  const ValueDecl *Target;
};
} // namespace

bool DtypeFlow::mayBeMps(const Expr *E, unsigned Depth) {
  if (!E || Depth > 6)
    return false;
  E = api::ignoreWrappers(E);
  if (const auto *SL = dyn_cast<StringLiteral>(E))
    return SL->isOrdinary() && SL->getString().startswith("mps");
  if (const auto *CO = dyn_cast<ConditionalOperator>(E))
    return mayBeMps(CO->getTrueExpr(), Depth + 1) ||
           mayBeMps(CO->getFalseExpr(), Depth + 1);
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E)) {
    const ValueDecl *D = DRE->getDecl();
    if (api::hasQualifiedName(D, "c10::kMPS") ||
        api::hasQualifiedName(D, "c10::DeviceType::MPS"))
      return true;
    const auto *VD = dyn_cast<VarDecl>(D);
    if (!VD || isa<ParmVarDecl>(VD))
      return false;
    if (VD->hasInit() && mayBeMps(VD->getInit(), Depth + 1))
      return true;
    if (!VD->isLocalVarDecl() || !FD->getBody())
      return false;
    ValueSources Sources(VD);
    Sources.TraverseStmt(FD->getBody());
    return llvm::any_of(Sources.Found,
                        [&](const Expr *S) { return mayBeMps(S, Depth + 1); });
  }
  if (const auto *ME = dyn_cast<MemberExpr>(E)) {
    const auto *F = dyn_cast<FieldDecl>(ME->getMemberDecl());
    if (!F)
      return false;
    if (F->hasInClassInitializer() &&
        mayBeMps(F->getInClassInitializer(), Depth + 1))
      return true;
    ValueSources Sources(F);
    Sources.TraverseDecl(const_cast<RecordDecl *>(F->getParent()));
    return llvm::any_of(Sources.Found,
                        [&](const Expr *S) { return mayBeMps(S, Depth + 1); });
  }
  // torch::Device(torch::kMPS), TensorOptions().device(d), to(d, ...).
  for (const Stmt *Child : E->children())
    if (const auto *CE = dyn_cast_or_null<Expr>(Child))
      if (mayBeMps(CE, Depth + 1))
        return true;
  return false;
}

void DtypeFlow::checkMps(const Expr *Site, const Expr *Value,
                         const DtypeSet &Dtypes,
                         llvm::ArrayRef<const Expr *> Args) {
  const DtypeFact *One = Dtypes.single();
  if (!One || One->Value.Kind != Dtype::Known ||
      One->Value.Type != ScalarKind::Double)
    return;
  const Expr *Device = nullptr;
  for (const Expr *A : Args)
    if (!isa<CXXDefaultArgExpr>(A) && mayBeMps(A)) {
      Device = A;
      break;
    }
  if (!Device)
    return;
  DtypeConflict C;
  C.Kind = DtypeConflict::MpsFloat64;
  C.Site = Site;
  C.Stray = {Value, Value ? text(api::ignoreWrappers(Value), Ctx) : "", "",
             *One, Value && isModuleValueType(Value->getType())};
  C.Requested = text(api::ignoreWrappers(Device), Ctx);
  ReportedSites.insert(Site);
  Conflicts.push_back(std::move(C));
}

void DtypeFlow::checkSites(const Stmt *S, const DtypeState &St) {
  const auto *E = dyn_cast<Expr>(S);
  if (!E || ReportedSites.count(E))
    return;
  std::vector<std::pair<Operand<Dtype>, DtypeSet>> Ops;
  auto Add = [&](const Expr *A, std::string Param, bool IsModule = false,
                 DtypeSet Set = DtypeSet()) {
    if (!IsModule)
      Set = evalTensor(A, St);
    Ops.push_back(
        {{A, text(api::ignoreWrappers(A), Ctx), std::move(Param), {}, IsModule},
         std::move(Set)});
  };

  // Module calls: model(x), model->forward(x).
  const Expr *Module = nullptr;
  llvm::SmallVector<const Expr *, 4> Args;
  if (const auto *OC = dyn_cast<CXXOperatorCallExpr>(E);
      OC && OC->getOperator() == OO_Call && OC->getNumArgs() >= 1 &&
      isModuleValueType(OC->getArg(0)->getType())) {
    Module = OC->getArg(0);
    Args.append(std::next(OC->arg_begin()), OC->arg_end());
  } else if (const auto *MC = dyn_cast<CXXMemberCallExpr>(E)) {
    const CXXMethodDecl *MD = MC->getMethodDecl();
    if (MD && MD->getIdentifier() && MD->getName() == "forward" &&
        api::isModuleClass(MD->getParent())) {
      Module = MC->getImplicitObjectArgument();
      Args.append(MC->arg_begin(), MC->arg_end());
    }
  }
  if (Module) {
    const CXXRecordDecl *RD = api::moduleClassOf(Module->getType());
    const CXXMethodDecl *Fwd = forwardOfModule(Module->getType());
    std::string Name = text(moduleObject(Module), Ctx);
    if (std::optional<DtypeBehaviour> Loss = lossModuleBehaviour(RD)) {
      if (Args.size() >= 2)
        checkTarget(E, Name, *Loss, Args[0], Args[1],
                    *Loss == DtypeBehaviour::FloatTarget &&
                            RD->getName() == "BCELossImpl"
                        ? "binary_cross_entropy"
                        : "",
                    St);
      return;
    }
    // Which arguments meet the module's parameters: the first for
    // LibTorch's checked modules, those the forward() summary names for
    // the user's.
    llvm::SmallVector<unsigned, 2> Meet;
    if (isDtypeCheckedModule(RD))
      Meet.push_back(0);
    else if (Fwd && RD && !api::isTorchModuleClass(RD)) {
      const FunctionDecl *Def = nullptr;
      if (Fwd->hasBody(Def))
        Meet = Cache.dtypeSummary(Def).ParamsMeetModule;
    }
    if (Meet.empty())
      return;
    // Inside a module, its own submodules have the module's dtype, which
    // the callers decide (unknown here, but a requirement on them).
    DtypeSet M = moduleDtype(Module, St);
    const ValueDecl *MD = WriteFinder::target(Module);
    bool Own = InModule && MD && isa<FieldDecl>(MD);
    if (M.isUnknown() && !Own)
      return;
    Ops.push_back({{Module, Name, "", {}, /*IsModule=*/true}, M});
    for (unsigned I : Meet)
      if (I < Args.size() && api::isTensorType(Args[I]->getType()))
        Add(Args[I], paramNameOf(Fwd, I));
    if (Ops.size() >= 2)
      checkSame(E, Name, Ops);
    return;
  }

  if (const auto *MC = dyn_cast<CXXMemberCallExpr>(E)) {
    const CXXMethodDecl *MD = MC->getMethodDecl();
    const Expr *Object = MC->getImplicitObjectArgument();
    if (!MD || !MD->getIdentifier() || !Object)
      return;
    checkDataPtr(MC, St);
    if (api::isTensorType(Object->getType())) {
      if (MD->getName() == "to") {
        checkMps(MC, Object, evalTensor(MC, St),
                 {MC->getArgs(), MC->getNumArgs()});
        return;
      }
      if (api::dtypeBehaviour(MD) != DtypeBehaviour::Same)
        return;
      Add(Object, "self");
      for (unsigned I = 0; I < MC->getNumArgs(); ++I)
        if (api::isTensorType(MC->getArg(I)->getType()))
          Add(MC->getArg(I), paramNameOf(MD, I));
      checkSame(E, "Tensor::" + MD->getName().str(), Ops);
      return;
    }
    // model->to(device) of a Double model.
    if (MD->getName() == "to" && api::isModuleClass(MD->getParent())) {
      DtypeSet Now = moduleDtype(Object, St);
      for (const Expr *A : MC->arguments())
        if (std::optional<ScalarKind> K = api::scalarKindOf(A, Ctx))
          Now = DtypeSet::of(Dtype::known(*K));
      checkMps(MC, moduleObject(Object), Now,
               {MC->getArgs(), MC->getNumArgs()});
    }
    return;
  }

  const auto *CE = dyn_cast<CallExpr>(E);
  if (!CE || isa<CXXOperatorCallExpr>(CE))
    return;
  const FunctionDecl *F = CE->getDirectCallee();
  if (!api::isTorchNamespaceFunction(F))
    return;
  std::string Callee = text(CE->getCallee(), Ctx);
  if (Callee.empty())
    Callee = F->getQualifiedNameAsString();
  if (api::isFactoryCall(CE)) {
    // torch::randn(..., options naming MPS and Double).
    checkMps(CE, nullptr, evalTensor(CE, St),
             {CE->getArgs(), CE->getNumArgs()});
    return;
  }
  DtypeBehaviour B = api::dtypeBehaviour(F);
  if (B == DtypeBehaviour::ClassTarget || B == DtypeBehaviour::FloatTarget) {
    const Expr *Input = nullptr, *Target = nullptr;
    for (unsigned I = 0; I < CE->getNumArgs(); ++I) {
      std::string P = paramNameOf(F, I);
      if (P == "target")
        Target = CE->getArg(I);
      else if ((P == "input" || P == "self") && I == 0)
        Input = CE->getArg(I);
    }
    if (!Input && CE->getNumArgs() >= 1)
      Input = CE->getArg(0);
    if (Target && api::isTensorType(Target->getType()))
      checkTarget(E, Callee, B, Input, Target, F->getName(), St);
    return;
  }
  if (B != DtypeBehaviour::Same)
    return;
  for (unsigned I = 0; I < CE->getNumArgs(); ++I) {
    const Expr *A = CE->getArg(I);
    if (api::isTensorType(A->getType()) && !isa<CXXDefaultArgExpr>(A))
      Add(A, paramNameOf(F, I));
  }
  if (Ops.size() >= 2)
    checkSame(E, Callee, Ops);
}

//===----------------------------------------------------------------------===//
// Results.
//===----------------------------------------------------------------------===//

void DtypeFlow::finish(const std::optional<DtypeState> &Exit) {
  if (TrackedClass && isa<CXXConstructorDecl>(FD) && Exit)
    for (const auto &[VD, Set] : *Exit)
      if (isa<FieldDecl>(VD) &&
          llvm::none_of(Set.facts(), [](const DtypeFact &F) {
            return F.Value.Kind == Dtype::Symbolic;
          }))
        Fields[VD] = Set;

  if (ReturnsUnknown || Returns.empty())
    return;
  const DtypeFact *First = Returns.front().single();
  if (!First || !llvm::all_of(Returns, [&](const DtypeSet &R) {
        return R.single() && R.single()->Value == First->Value;
      }))
    return;
  if (First->Value.Kind == Dtype::Symbolic) {
    for (unsigned I = 0; I < FD->getNumParams(); ++I)
      if (FD->getParamDecl(I)->getIdentifier() &&
          First->Value.Key ==
              "input '" + FD->getParamDecl(I)->getName().str() + "'") {
        Summary.Kind = DtypeSummary::FollowsArg;
        Summary.Index = I;
      }
    return;
  }
  Summary.Kind = DtypeSummary::Fixed;
  Summary.Fact = *First;
}

} // namespace flow
} // namespace torchlint
