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

/// What the written arguments of a LibTorch call bound to its parameters say
/// about the result's shape and dtype: whether one is a dimension (a
/// parameter named `dim`, as LibTorch's declarations name it), and the
/// dtype an explicit ScalarType argument names (x.sum(torch::kDouble)).
struct ReductionArgs {
  bool HasDim = false;
  bool HasDtype = false;
  std::optional<ScalarKind> Dtype;
};
ReductionArgs reductionArgs(const CallExpr *CE, const FunctionDecl *Callee,
                            const ASTContext &Ctx) {
  ReductionArgs R;
  unsigned Offset = isa<CXXOperatorCallExpr>(CE) ? 1 : 0;
  for (unsigned I = Offset; I < CE->getNumArgs(); ++I) {
    const Expr *A = CE->getArg(I);
    if (isa<CXXDefaultArgExpr>(A))
      break;
    unsigned P = I - Offset;
    if (P < Callee->getNumParams()) {
      const ParmVarDecl *Param = Callee->getParamDecl(P);
      if (Param->getIdentifier() && Param->getName() == "dim")
        R.HasDim = true;
    }
    const Expr *Inner = api::ignoreWrappers(A);
    if (const auto *Ctor = dyn_cast<CXXConstructExpr>(Inner);
        Ctor && Ctor->getNumArgs() == 1)
      Inner = api::ignoreWrappers(Ctor->getArg(0));
    bool DtypeParam = api::isDtypeParameter(Callee, P);
    if (DtypeParam || api::isScalarTypeType(Inner->getType())) {
      R.HasDtype = true;
      R.Dtype = api::scalarKindOf(Inner, Ctx);
    }
  }
  return R;
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

/// The module expression behind a holder's `->`.
const Expr *moduleObject(const Expr *Module) {
  Module = api::ignoreWrappers(Module);
  if (const auto *OC = dyn_cast<CXXOperatorCallExpr>(Module))
    if (OC->getOperator() == OO_Arrow && OC->getNumArgs() == 1)
      return api::ignoreWrappers(OC->getArg(0));
  return Module;
}

/// The key of the dtype of the module whose method is analysed: what its
/// children with parameters compute, replaced by the module's own dtype
/// where the method is called.
constexpr llvm::StringLiteral ThisModule = "this module's parameters";

/// True when some method of RD converts a module's dtype
/// (`fc->to(torch::kDouble)`, `this->to(torch::kHalf)`, `double()`).
bool scanConversions(const CXXRecordDecl *RD) {
  struct Finder : RecursiveASTVisitor<Finder> {
    bool Found = false;
    bool VisitCXXMemberCallExpr(CXXMemberCallExpr *MC) {
      const CXXMethodDecl *MD = MC->getMethodDecl();
      if (api::convertsModuleState(MD))
        Found = true;
      return !Found;
    }
  } F;
  for (const Decl *D : RD->decls())
    if (const auto *MD = dyn_cast<CXXMethodDecl>(D); MD && MD->hasBody())
      F.TraverseStmt(MD->getBody());
  return F.Found;
}

} // namespace

bool DtypeFlow::convertsModules(const CXXRecordDecl *RD) {
  auto [It, New] = Converts.try_emplace(RD, false);
  if (New)
    It->second = scanConversions(RD);
  return It->second;
}

DtypeFlow::DtypeFlow(ProvenanceCache &Cache, const FunctionDecl *FD,
                     const CXXRecordDecl *TrackedClass)
    : FlowProperty(Cache, FD, TrackedClass) {}

DtypeState DtypeFlow::initialState() {
  if (TrackedClass && !isa<CXXConstructorDecl>(FD) &&
      !isa<CXXDestructorDecl>(FD))
    return Cache.classDtypes(TrackedClass);
  return DtypeState();
}

//===----------------------------------------------------------------------===//
// Expressions.
//===----------------------------------------------------------------------===//

DtypeSet DtypeFlow::promote(llvm::ArrayRef<DtypeSet> Inputs,
                            llvm::ArrayRef<NumberKind> Numbers) {
  // LibTorch's result_type: dimensioned tensors, 0-dim tensors and C++
  // numbers are three groups of falling priority. A lower group changes the
  // result only when it is of a higher category (Bool < integral <
  // floating): a Float matrix divided by a 0-dim Double stays Float, a Long
  // matrix times one becomes Double, times 2.5 becomes Float (a floating
  // number counts as the default dtype).
  std::optional<ScalarKind> Dim, Zero, Wrapped;
  const DtypeSet *DimSource = nullptr, *ZeroSource = nullptr,
                 *SymSource = nullptr;
  bool Unsure = false; // a 0-dim tensor or number of unknown dtype
  auto Into = [](std::optional<ScalarKind> &Group, ScalarKind K,
                 const DtypeSet *In, const DtypeSet *&Source) {
    if (!Group) {
      Group = K;
      Source = In;
      return true;
    }
    std::optional<ScalarKind> P = promoteKinds(*Group, K);
    if (!P)
      return false;
    if (*P != *Group)
      Source = In;
    Group = *P;
    return true;
  };
  for (const DtypeSet &In : Inputs) {
    const DtypeFact *One = In.single();
    if (!One)
      return DtypeSet();
    switch (One->Value.Kind) {
    case Dtype::Scalar:
      Unsure = true;
      break;
    case Dtype::Symbolic:
      // An input's dtype, alone among 0-dim tensors and numbers, passes
      // through unchanged (inputs are taken to be floating, the common
      // case, where nothing of a lower group can change them).
      if (SymSource && SymSource->single()->Value != One->Value)
        return DtypeSet();
      SymSource = &In;
      break;
    case Dtype::Known:
      if (!Into(One->Value.ZeroDim ? Zero : Dim, One->Value.Type, &In,
                One->Value.ZeroDim ? ZeroSource : DimSource))
        return DtypeSet();
      break;
    }
  }
  for (NumberKind N : Numbers) {
    const DtypeSet *Ignored = nullptr;
    if (N == NumberKind::Unknown)
      Unsure = true;
    else
      Into(Wrapped,
           N == NumberKind::Floating ? ScalarKind::Float : ScalarKind::Long,
           nullptr, Ignored);
  }
  if (SymSource) {
    // Double is the widest real type: whatever real dtype the input has,
    // a dimensioned Double beside it makes the result Double (a Float
    // batch minus Double statistics); another type leaves it to the input.
    if (Dim && *Dim == ScalarKind::Double && !Unsure) {
      DtypeFact F = *DimSource->single();
      F.Value = Dtype::known(ScalarKind::Double);
      return DtypeSet(std::move(F));
    }
    // A floating matrix beside it raises the input to at least its type
    // (nothing else here is of a higher category): known once the input is.
    if (Dim && api::isFloatingKind(*Dim) && !Unsure) {
      DtypeFact F = *SymSource->single();
      std::optional<ScalarKind> Floor =
          F.Value.Promoted ? promoteKinds(F.Value.Type, *Dim) : Dim;
      if (!Floor)
        return DtypeSet();
      F.Value.Promoted = true;
      F.Value.Type = *Floor;
      return DtypeSet(std::move(F));
    }
    return Dim ? DtypeSet() : *SymSource;
  }
  if (!Dim && !Zero)
    return Inputs.empty() && Numbers.empty() ? DtypeSet()
                                              : DtypeSet::of(Dtype::scalar());
  // combine_categories(higher, lower) of c10/core/ScalarType.h's caller,
  // TensorIterator's result_type.
  auto Combine = [](std::optional<ScalarKind> Higher,
                    std::optional<ScalarKind> Lower)
      -> std::optional<std::optional<ScalarKind>> {
    if (!Higher)
      return Lower;
    if (!Lower || api::isFloatingKind(*Higher))
      return Higher;
    if (*Higher == ScalarKind::Bool || api::isFloatingKind(*Lower)) {
      std::optional<ScalarKind> P = promoteKinds(*Higher, *Lower);
      if (!P)
        return std::nullopt;
      return P;
    }
    return Higher;
  };
  std::optional<std::optional<ScalarKind>> Lower = Combine(Zero, Wrapped);
  if (!Lower)
    return DtypeSet();
  std::optional<std::optional<ScalarKind>> Result = Combine(Dim, *Lower);
  if (!Result || !*Result)
    return DtypeSet();
  // Something of unknown dtype could still raise a result that is not
  // floating and dimensioned.
  if (Unsure && !(Dim && api::isFloatingKind(**Result)))
    return DtypeSet();
  bool ZeroDim = !Dim;
  const DtypeSet *Source = Dim && **Result == *Dim     ? DimSource
                           : Zero && **Result == *Zero ? ZeroSource
                                                       : nullptr;
  if (!Source)
    return DtypeSet::of(Dtype::known(**Result, ZeroDim));
  DtypeFact F = *Source->single();
  F.Value = Dtype::known(**Result, ZeroDim);
  return DtypeSet(std::move(F));
}

DtypeFlow::OptionsDtype
DtypeFlow::evalOptions(const Expr *E, const DtypeState &S, unsigned Depth) {
  OptionsDtype R;
  if (!E || Depth > 8)
    return R;
  api::OptionsPart Part = api::optionsPart(E, api::OptionsField::Dtype);
  switch (Part.Kind) {
  case api::OptionsPart::Default:
    R.Kind = OptionsDtype::None;
    return R;
  case api::OptionsPart::Value:
    if (std::optional<ScalarKind> K = api::scalarKindOf(Part.E, Ctx)) {
      R.Kind = OptionsDtype::Named;
      R.Set = knownAt(*K, Part.E->getBeginLoc(),
                      "is given dtype " + api::scalarName(*K).str() + " here");
      // Only a constant spelled as one (torch::kDouble, ScalarType::Double)
      // may be replaced: CppTypeToScalarType<T>::value in a template, or a
      // variable, means something else in other instantiations and uses.
      if (const auto *DRE = dyn_cast<DeclRefExpr>(Part.E))
        if (isa<EnumConstantDecl>(DRE->getDecl()) ||
            (isa<VarDecl>(DRE->getDecl()) &&
             DRE->getDecl()->getDeclContext()->isNamespace() &&
             api::isInTorchNamespace(DRE->getDecl())))
          R.Constant = Part.E;
      return R;
    }
    // A ScalarType variable: read as options variables are.
    if (const auto *DRE = dyn_cast<DeclRefExpr>(Part.E))
      if (const auto *VD = dyn_cast<VarDecl>(DRE->getDecl()))
        return evalVariableOptions(VD, S, Depth);
    return R;
  case api::OptionsPart::ElementType:
    if (std::optional<ScalarKind> K = api::elementKindOf(Part.Type)) {
      R.Kind = OptionsDtype::Named;
      R.Set = knownAt(*K, Part.E->getExprLoc(),
                      "is given dtype " + api::scalarName(*K).str() + " here");
    }
    return R;
  case api::OptionsPart::OfTensor:
    // x.options(): x's dtype.
    R.Set = evalTensor(Part.E, S, Depth + 1);
    R.Kind = R.Set.isUnknown() ? OptionsDtype::Unknown : OptionsDtype::Named;
    return R;
  case api::OptionsPart::Variable:
    return evalVariableOptions(Part.Var, S, Depth);
  case api::OptionsPart::Member:
  case api::OptionsPart::Choice:
  case api::OptionsPart::Unknown:
    return R;
  }
  return R;
}

DtypeFlow::OptionsDtype DtypeFlow::evalVariableOptions(const VarDecl *VD,
                                                       const DtypeState &S,
                                                       unsigned Depth) {
  // A local initialised once and never changed.
  if (!VD->isLocalVarDecl() || !VD->hasInit() ||
      (!VD->getType().isConstQualified() && isMutatedLocal(VD)))
    return OptionsDtype();
  OptionsDtype Init = evalOptions(VD->getInit(), S, Depth + 1);
  Init.Constant = nullptr; // Shared by every use: not fixed here.
  return Init;
}

std::optional<DtypeSet> DtypeFlow::conversionOf(const CXXMemberCallExpr *MC,
                                                const DtypeState &S,
                                                unsigned Depth) {
  const CXXMethodDecl *MD = MC->getMethodDecl();
  api::TensorMethod M = api::tensorMethod(MD);
  if (M == api::TensorMethod::TypeAs && MC->getNumArgs() >= 1) {
    DtypeSet R = evalTensor(MC->getArg(0), S, Depth + 1);
    R.addStep(MC->getExprLoc(), "is converted here");
    return R;
  }
  if (M != api::TensorMethod::To)
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
  const Expr *Options = optionsArgOf(CE);
  OptionsDtype O;
  O.Kind = OptionsDtype::None;
  if (Options)
    O = evalOptions(Options, S, Depth + 1);
  if (O.Kind == OptionsDtype::Unknown)
    return DtypeSet();
  std::string Qualified = Callee->getQualifiedNameAsString();
  // torch::tensor(2.5) and torch::scalar_tensor(x) are 0-dim.
  bool ZeroDim =
      Name == "scalar_tensor" ||
      (Name == "tensor" && CE->getNumArgs() >= 1 &&
       api::ignoreWrappers(CE->getArg(0))
           ->getType()
           .getNonReferenceType()
           ->isArithmeticType());
  if (O.Kind == OptionsDtype::Named) {
    const DtypeFact *One = O.Set.single();
    if (One && One->Value.Kind == Dtype::Known) {
      ScalarKind K = One->Value.Type;
      // from_blob's dtype must match its buffer: a fix-it converts after the
      // call; elsewhere it changes the constant.
      bool Blob = api::isFromBlob(Callee);
      DtypeSet R = knownAt(
          K, CE->getBeginLoc(),
          "is created as " + api::scalarName(K).str() + " here ('" + Qualified +
              "' with dtype " + api::scalarName(K).str() + ")",
          Blob || !O.Constant ? static_cast<const void *>(CE) : O.Constant,
          /*AppendFix=*/Blob || !O.Constant);
      if (ZeroDim) {
        DtypeFact F = *R.single();
        F.Value.ZeroDim = true;
        return DtypeSet(std::move(F));
      }
      return R;
    }
    return O.Set;
  }
  // No dtype named: the source's for *_like, else LibTorch's default.
  if (api::deviceBehaviour(Callee) == api::DeviceBehaviour::Like &&
      CE->getNumArgs() >= 1)
    return evalTensor(CE->getArg(0), S, Depth + 1);
  std::optional<ScalarKind> K;
  if (Name == "tensor" && CE->getNumArgs() >= 1) {
    K = tensorDataKind(api::ignoreWrappers(CE->getArg(0)));
  } else if (Name == "scalar_tensor") {
    K = ScalarKind::Float; // Whatever the number (checked: scalar_tensor(3)).
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
  } else if (api::isFromBlob(Callee)) {
    K = ScalarKind::Float; // Whatever the buffer holds.
  } else {
    K = api::factoryDefaultKind(Callee);
  }
  if (!K)
    return DtypeSet();
  DtypeSet R = knownAt(*K, CE->getBeginLoc(),
                       "is created as " + api::scalarName(*K).str() +
                           " here ('" + Qualified + "' with no dtype)",
                       CE, /*AppendFix=*/true);
  if (ZeroDim) {
    DtypeFact F = *R.single();
    F.Value.ZeroDim = true;
    return DtypeSet(std::move(F));
  }
  return R;
}

DtypeSet DtypeFlow::evalValueArg(const Expr *E, const DtypeState &S,
                                 unsigned Depth) {
  OptionsDtype O = evalOptions(E, S, Depth);
  return O.Kind == OptionsDtype::Named ? O.Set : DtypeSet();
}

std::string inputKey(llvm::StringRef Param) {
  return ("input '" + Param + "'").str();
}

std::optional<unsigned> inputParamIndex(const FunctionDecl *FD,
                                        const Dtype &D) {
  if (D.Kind != Dtype::Symbolic)
    return std::nullopt;
  for (unsigned I = 0; I < FD->getNumParams(); ++I)
    if (FD->getParamDecl(I)->getIdentifier() &&
        D.Key == inputKey(FD->getParamDecl(I)->getName()))
      return I;
  return std::nullopt;
}

namespace {
/// True for a class-index target dtype a loss rejects: Int, Short, Char.
/// Byte targets are accepted, Long is the rule; floating targets may be
/// class probabilities (legal for cross_entropy when shaped like the
/// input), which the analysis cannot tell from indices, unless the loss
/// takes indices only (IndicesOnly: nll_loss, NLLLoss), where every other
/// dtype throws ("expected scalar type Long but found Float").
bool rejectedClassIndex(ScalarKind K, bool IndicesOnly) {
  if (IndicesOnly)
    return K != ScalarKind::Long && K != ScalarKind::Byte;
  return K == ScalarKind::Int || K == ScalarKind::Short ||
         K == ScalarKind::Char;
}

/// R, the promoted inputs of a true division: integers give the default
/// floating type.
DtypeSet trueDivision(const DtypeSet &R) {
  const DtypeFact *One = R.single();
  if (One && One->Value.Kind == Dtype::Known &&
      api::isIntegralKind(One->Value.Type))
    return DtypeSet::of(Dtype::known(ScalarKind::Float, One->Value.ZeroDim));
  return R;
}

/// What a callee's symbolic dtype Sym is for the caller whose argument is
/// Arg: the argument's dtype, promoted where Sym says.
DtypeSet substitute(const Dtype &Sym, const DtypeSet &Arg) {
  if (!Sym.Promoted || Arg.isUnknown())
    return Arg;
  DtypeSet R;
  for (const DtypeFact &F : Arg.facts()) {
    DtypeFact One = F;
    if (F.Value.Kind == Dtype::Known) {
      std::optional<Dtype> V = Sym.instantiate(F.Value);
      if (!V)
        return DtypeSet();
      One.Value = *V;
    } else if (F.Value.Kind == Dtype::Symbolic) {
      // The caller's own input, raised by both promotions.
      std::optional<ScalarKind> Floor =
          F.Value.Promoted ? promoteKinds(F.Value.Type, Sym.Type) : Sym.Type;
      if (!Floor)
        return DtypeSet();
      One.Value.Promoted = true;
      One.Value.Type = *Floor;
    } else {
      return DtypeSet();
    }
    if (R.isUnknown())
      R = DtypeSet(One);
    else
      R.join(DtypeSet(One));
  }
  return R;
}
} // namespace

DtypeSet DtypeFlow::evalUnsummarised(const Expr *, const FunctionDecl *Def,
                                     llvm::ArrayRef<const Expr *> Args,
                                     const DtypeState &S, unsigned Depth) {
  // FixedOnThis is the module's dtype, which evalModuleCall reads.
  DtypeSet R;
  for (const DtypeFact &F : Cache.dtypeSummary(Def).Paths.facts()) {
    DtypeSet One(F);
    if (F.Value.Kind == Dtype::Symbolic) {
      One = DtypeSet();
      if (std::optional<unsigned> I = inputParamIndex(Def, F.Value);
          I && *I < Args.size())
        One = substitute(F.Value, evalTensor(Args[*I], S, Depth + 1));
      if (One.isUnknown())
        return DtypeSet();
    }
    if (R.isUnknown())
      R = One;
    else
      R.join(One);
    if (R.isUnknown())
      return DtypeSet();
  }
  return R;
}

std::optional<DtypeSet> DtypeFlow::calleeField(const CallExpr *Call,
                                               const FunctionDecl *Callee,
                                               const FieldDecl *F,
                                               const DtypeState &,
                                               unsigned) {
  const FunctionDecl *Def = nullptr;
  std::string Step = "is returned by '" + Callee->getNameAsString() +
                     "' here, in its field '" + F->getNameAsString() + "'";
  if (Callee->hasBody(Def)) {
    if (Def == FD)
      return std::nullopt;
    const auto &Fields = Cache.dtypeSummary(Def).Fields;
    auto It = Fields.find(F);
    if (It == Fields.end())
      return std::nullopt;
    DtypeSet R = It->second;
    R.addStep(Call->getBeginLoc(), Step);
    return R;
  }
  const FunctionSummary *Imported = Cache.imported(Callee);
  if (!Imported)
    return std::nullopt;
  return importedField(Call, *Imported, F);
}

std::optional<DtypeSet>
DtypeFlow::importedField(const Expr *Call, const FunctionSummary &Imported,
                         const FieldDecl *F, bool) {
  auto It = Imported.Fields.find(F->getNameAsString());
  if (It == Imported.Fields.end() || !It->second.HasDtype)
    return std::nullopt;
  const FunctionSummary::FieldSummary &Field = It->second;
  DtypeFact Fact;
  Fact.Value = Dtype::known(Field.Type, Field.ZeroDim);
  Fact.Steps.push_back(
      {Call->getBeginLoc(),
       importedFieldStep(Imported, F->getName(), Field.Made)});
  return DtypeSet(Fact);
}

namespace {
/// The expressions a module variable or field is given: its initialiser,
/// the constructors' member initialisers and the assignments in the class.
llvm::SmallVector<const Expr *, 4> moduleSources(const ValueDecl *D);

/// True when E makes an empty module holder (`Net net{nullptr}`).
bool holdsNoModule(const Expr *E) {
  // ignoreWrappers looks through the holder's converting constructor too.
  return E && isa<CXXNullPtrLiteralExpr>(api::ignoreWrappers(E));
}

/// The construction of a chain module (Sequential(Linear(...), ReLU()))
/// inside E, looking through register_module and std::make_shared.
const CXXConstructExpr *chainConstruction(const Expr *E) {
  struct Finder : RecursiveASTVisitor<Finder> {
    const CXXConstructExpr *Found = nullptr;
    bool VisitCXXConstructExpr(CXXConstructExpr *CE) {
      const CXXRecordDecl *RD = api::moduleClassOf(CE->getType());
      // A holder made from the module register_module returns wraps the
      // chain built inside it: look further in.
      bool Wraps = CE->getNumArgs() == 1 &&
                   api::moduleClassOf(CE->getArg(0)->getType()) == RD;
      if (!Found && CE->getNumArgs() >= 1 && !Wraps &&
          api::moduleDtypeBehaviour(RD) == api::ModuleDtype::Chain &&
          !CE->getConstructor()->isCopyOrMoveConstructor())
        Found = CE;
      return !Found;
    }
    bool TraverseLambdaExpr(LambdaExpr *) { return true; }
  } F;
  F.TraverseStmt(const_cast<Expr *>(E));
  return F.Found;
}
} // namespace

llvm::SmallVector<unsigned, 2>
DtypeFlow::meetsParameters(const Expr *Module, unsigned Depth) {
  llvm::SmallVector<unsigned, 2> None;
  const CXXRecordDecl *RD = api::moduleClassOf(Module->getType());
  if (!RD || Depth > 4)
    return None;
  if (!api::isTorchModuleClass(RD)) {
    const CXXMethodDecl *Fwd = forwardOf(Module->getType());
    const FunctionDecl *Def = nullptr;
    if (Fwd && Fwd->hasBody(Def))
      return Cache.dtypeSummary(Def).ParamsMeetModule;
    return None;
  }
  switch (api::moduleDtypeBehaviour(RD)) {
  case api::ModuleDtype::Checked:
    return {0};
  case api::ModuleDtype::Chain:
    break;
  default:
    return None;
  }
  // A chain's input meets its first child with parameters, unless a child
  // without any before it changes the dtype (none of LibTorch's do). Every
  // construction the variable is given must agree.
  llvm::SmallVector<const CXXConstructExpr *, 2> Chains;
  if (const auto *CE = dyn_cast<CXXConstructExpr>(api::ignoreWrappers(Module)))
    Chains.push_back(CE);
  else if (const ValueDecl *D = WriteFinder::target(Module))
    for (const Expr *Source : moduleSources(D)) {
      // `torch::nn::Sequential net{nullptr}` holds no module until the
      // constructor registers one: a call through it would throw first.
      // A constructor that does not name the member uses its in-class
      // initialiser.
      if (const auto *Default = dyn_cast<CXXDefaultInitExpr>(Source))
        Source = Default->getExpr();
      if (holdsNoModule(Source))
        continue;
      const CXXConstructExpr *CE = chainConstruction(Source);
      if (!CE)
        return None;
      Chains.push_back(CE);
    }
  if (Chains.empty())
    return None;
  for (const CXXConstructExpr *Chain : Chains) {
    bool Meets = false;
    for (const Expr *Child : Chain->arguments()) {
      const CXXRecordDecl *C = api::moduleClassOf(Child->getType());
      if (!C)
        return None;
      if (api::isStatelessModuleClass(C))
        continue;
      llvm::SmallVector<unsigned, 2> Inner = meetsParameters(Child, Depth + 1);
      Meets = llvm::is_contained(Inner, 0u);
      break;
    }
    if (!Meets)
      return None;
  }
  return {0};
}

DtypeSet DtypeFlow::evalModuleCall(const Expr *Call, const Expr *Module,
                                   llvm::ArrayRef<const Expr *> Args,
                                   const DtypeState &S, unsigned Depth) {
  const CXXRecordDecl *RD = api::moduleClassOf(Module->getType());
  DtypeSet R;
  std::string Name = text(moduleObject(Module), Ctx);
  if (RD && !api::isTorchModuleClass(RD)) {
    // The user's module: its forward()'s summary; one that returns what its
    // children compute gives the dtype of the module called.
    const CXXMethodDecl *Fwd = forwardOf(Module->getType());
    const FunctionDecl *Def = nullptr;
    if (!Fwd || !Fwd->hasBody(Def))
      return R;
    if (Cache.dtypeSummary(Def).Kind != DtypeSummary::FixedOnThis)
      return evalUserCall(Call, Fwd, Args, S, Depth);
    R = stateOf(Module, S);
    if (!Name.empty())
      R.addStep(Call->getBeginLoc(), "is computed by '" + Name + "' here");
    return R;
  }
  // Inside a module's method, a child of `this` with parameters computes in
  // the module's own dtype, which the caller knows (forward() returning
  // fc(x)); unknown where the module converts its children itself.
  const auto *Child = dyn_cast<MemberExpr>(moduleObject(Module));
  if (InModule && Child &&
      isa<CXXThisExpr>(Child->getBase()->IgnoreParenImpCasts()) &&
      meetsParameters(Module).size() &&
      !convertsModules(cast<CXXMethodDecl>(FD)->getParent())) {
    DtypeFact F;
    F.Value = Dtype::symbolic(ThisModule.str());
    return DtypeSet(F);
  }
  if (meetsParameters(Module).size())
    R = stateOf(Module, S);
  else if (api::isStatelessModuleClass(RD))
    for (const Expr *A : Args)
      if (api::isTensorType(A->getType())) {
        R = evalTensor(A, S, Depth + 1);
        break;
      }
  // Other LibTorch modules (losses, embeddings, norms): not modelled.
  if (!Name.empty())
    R.addStep(Call->getBeginLoc(), "is computed by '" + Name + "' here");
  return R;
}

DtypeSet DtypeFlow::resultOf(DtypeBehaviour B, const DtypeSet &In,
                             const CallExpr *Call, const FunctionDecl *Callee) {
  // A tuple of values and indices (x.max(1)) is not one tensor.
  if (!api::isTensorType(Call->getType()))
    return DtypeSet();
  ReductionArgs Args = reductionArgs(Call, Callee, Ctx);
  if (Args.HasDtype) {
    if (!Args.Dtype)
      return DtypeSet();
    return DtypeSet::of(Dtype::known(*Args.Dtype, !Args.HasDim &&
                                                      B != DtypeBehaviour::Reshape));
  }
  auto Known = [&](std::optional<ScalarKind> K, bool ZeroDim) {
    const DtypeFact *One = In.single();
    if (!K) {
      if (!One || One->Value.Kind != Dtype::Known)
        return One && One->Value.Kind == Dtype::Symbolic && !ZeroDim ? In
                                                                    : DtypeSet();
      K = One->Value.Type;
    }
    DtypeFact F = One ? *One : DtypeFact();
    F.Value = Dtype::known(*K, ZeroDim);
    return DtypeSet(std::move(F));
  };
  const DtypeFact *One = In.single();
  switch (B) {
  case DtypeBehaviour::Reshape:
    return Known(std::nullopt, false);
  case DtypeBehaviour::Reduce:
    return Known(std::nullopt, !Args.HasDim);
  case DtypeBehaviour::Accumulate:
    if (One && One->Value.Kind == Dtype::Known &&
        api::isIntegralKind(One->Value.Type))
      return Known(ScalarKind::Long, !Args.HasDim);
    return Known(std::nullopt, !Args.HasDim);
  case DtypeBehaviour::ResultLong:
    return DtypeSet::of(Dtype::known(ScalarKind::Long));
  case DtypeBehaviour::ResultBool:
    return DtypeSet::of(Dtype::known(ScalarKind::Bool));
  default:
    return DtypeSet();
  }
}

DtypeSet DtypeFlow::evalMethod(const CXXMemberCallExpr *MC, const DtypeState &S,
                               unsigned Depth) {
  if (std::optional<DtypeSet> Common = dispatchMethod(MC, S, Depth))
    return *Common;
  const CXXMethodDecl *MD = MC->getMethodDecl();
  const Expr *Object = MC->getImplicitObjectArgument();
  if (std::optional<DtypeSet> Converted = conversionOf(MC, S, Depth))
    return *Converted;
  if (api::copiesToDevice(api::tensorMethod(MD)))
    return evalTensor(Object, S, Depth + 1);
  switch (DtypeBehaviour B = api::dtypeBehaviour(MD)) {
  case DtypeBehaviour::Keep:
  case DtypeBehaviour::Same:
    return evalTensor(Object, S, Depth + 1);
  case DtypeBehaviour::Reshape:
  case DtypeBehaviour::Reduce:
  case DtypeBehaviour::Accumulate:
  case DtypeBehaviour::ResultLong:
  case DtypeBehaviour::ResultBool:
    return resultOf(B, evalTensor(Object, S, Depth + 1), MC, MD);
  case DtypeBehaviour::Promote: {
    // x.mul(0.5), x.div(255.0): a written number takes part as a number
    // does in x * 0.5 (an integral tensor with a floating one is Float).
    llvm::SmallVector<DtypeSet, 3> In{evalTensor(Object, S, Depth + 1)};
    llvm::SmallVector<NumberKind, 2> Numbers;
    for (const Expr *A : MC->arguments()) {
      if (api::isTensorType(A->getType())) {
        In.push_back(evalTensor(A, S, Depth + 1));
        continue;
      }
      QualType Number = api::ignoreWrappers(A)->getType();
      if (isa<CXXDefaultArgExpr>(A) || Number->isBooleanType())
        continue;
      if (Number->isRealFloatingType())
        Numbers.push_back(NumberKind::Floating);
      else if (Number->isIntegerType())
        Numbers.push_back(NumberKind::Integral);
    }
    DtypeSet R = promote(In, Numbers);
    return MD->getName() == "div" ? trueDivision(R) : R;
  }
  default:
    return DtypeSet();
  }
}

DtypeSet DtypeFlow::evalCall(const CallExpr *CE, const DtypeState &S,
                             unsigned Depth) {
  if (std::optional<DtypeSet> Common = dispatchCall(CE, S, Depth))
    return *Common;
  const FunctionDecl *Callee = CE->getDirectCallee();
  llvm::SmallVector<DtypeSet, 4> Inputs;
  for (const Expr *A : CE->arguments()) {
    if (api::isTensorType(A->getType()))
      Inputs.push_back(evalTensor(A, S, Depth + 1));
    else if (const Expr *List = tensorListOf(A))
      Inputs.push_back(evalContainer(List, S, Depth + 1));
  }
  if (Inputs.empty())
    return DtypeSet();
  switch (DtypeBehaviour B = api::dtypeBehaviour(Callee)) {
  case DtypeBehaviour::Keep:
  case DtypeBehaviour::Same:
  case DtypeBehaviour::ClassTarget:
  case DtypeBehaviour::IndexTarget:
  case DtypeBehaviour::FloatTarget:
    return Inputs.front();
  case DtypeBehaviour::Reshape:
  case DtypeBehaviour::Reduce:
  case DtypeBehaviour::Accumulate:
  case DtypeBehaviour::ResultLong:
  case DtypeBehaviour::ResultBool:
    return resultOf(B, Inputs.front(), CE, Callee);
  case DtypeBehaviour::Promote:
    return Callee->getName() == "div" ? trueDivision(promote(Inputs))
                                      : promote(Inputs);
  case DtypeBehaviour::Unknown:
    return DtypeSet();
  }
  return DtypeSet();
}

DtypeSet DtypeFlow::parameterFacts(const ParmVarDecl *P) {
  // An input's dtype, named, for the summary to replace by the argument's.
  if (api::isTensorType(P->getType()) && P->getIdentifier())
    return DtypeSet::of(Dtype::symbolic(inputKey(P->getName())));
  return DtypeSet();
}

std::optional<DtypeSet> DtypeFlow::tupleElement(const CallExpr *Get,
                                                const DtypeState &S,
                                                unsigned Depth) {
  const TemplateArgumentList *Args =
      Get->getDirectCallee()->getTemplateSpecializationArgs();
  if (!Args || Args->size() < 1 ||
      Args->get(0).getKind() != TemplateArgument::Integral)
    return std::nullopt;
  int64_t Index = Args->get(0).getAsIntegral().getExtValue();
  const CallExpr *Source = tupleSource(Get->getArg(0));
  const FunctionDecl *Callee = Source ? Source->getDirectCallee() : nullptr;
  if (!api::returnsValuesAndIndices(Callee))
    return std::nullopt;
  if (Index == 1)
    return knownAt(ScalarKind::Long, Get->getBeginLoc(),
                   "is the indices of '" + Callee->getNameAsString() +
                       "' here, Long");
  if (Index != 0)
    return std::nullopt;
  // The values: the input's dtype (the object of x.max(1), or max(x, 1)).
  const Expr *Input = nullptr;
  if (const auto *MC = dyn_cast<CXXMemberCallExpr>(Source))
    Input = MC->getImplicitObjectArgument();
  else if (Source->getNumArgs() >= 1)
    Input = Source->getArg(0);
  if (!Input || !api::isTensorType(Input->getType()))
    return std::nullopt;
  return evalTensor(Input, S, Depth + 1);
}

DtypeSet DtypeFlow::evalOwn(const Expr *E, const DtypeState &S,
                            unsigned Depth) {
  if (const auto *MC = dyn_cast<CXXMemberCallExpr>(E))
    return evalMethod(MC, S, Depth);
  if (const auto *OC = dyn_cast<CXXOperatorCallExpr>(E)) {
    if (std::optional<DtypeSet> Common = dispatchOperator(OC, S, Depth))
      return *Common;
    OverloadedOperatorKind K = OC->getOperator();
    // Comparisons give Bool; true division of integers gives Float.
    if (K == OO_Less || K == OO_Greater || K == OO_LessEqual ||
        K == OO_GreaterEqual || K == OO_EqualEqual || K == OO_ExclaimEqual)
      return DtypeSet::of(Dtype::known(ScalarKind::Bool));
    if (K == OO_Plus || K == OO_Minus || K == OO_Star || K == OO_Slash) {
      llvm::SmallVector<DtypeSet, 2> In;
      llvm::SmallVector<NumberKind, 2> Numbers;
      for (const Expr *A : OC->arguments()) {
        if (api::isTensorType(A->getType())) {
          DtypeSet V = evalTensor(A, S, Depth + 1);
          // t / t.norm() of an unknown t: a 0-dim value of unknown dtype.
          if (V.isUnknown() && isZeroDim(A))
            V = DtypeSet::of(Dtype::scalar());
          In.push_back(std::move(V));
        } else if (QualType N = api::ignoreWrappers(A)->getType();
                   N->isRealFloatingType()) {
          Numbers.push_back(NumberKind::Floating); // (a c10::Scalar on the way)
        } else if (N->isIntegerType() && !N->isBooleanType()) {
          Numbers.push_back(NumberKind::Integral);
        } else {
          Numbers.push_back(NumberKind::Unknown);
        }
      }
      DtypeSet R = promote(In, Numbers);
      return K == OO_Slash ? trueDivision(R) : R;
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

DtypeSet DtypeFlow::newModule(const ValueDecl *VD, const Expr *Init,
                              SourceLocation Loc, const DtypeState &) {
  // Only a module built here has its fresh Float parameters, unless its
  // own code converts them (`fc->to(torch::kDouble)` in its constructor).
  const CXXRecordDecl *RD = api::moduleClassOf(VD->getType());
  if (!createsModule(Init) || !moduleHasState(RD) ||
      (!api::isTorchModuleClass(RD) && convertsModules(RD)))
    return DtypeSet();
  return knownAt(ScalarKind::Float, Loc,
                 "is created here with Float parameters (modules are created "
                 "as Float)");
}

void DtypeFlow::transfer(const Stmt *S, DtypeState &St, bool Report) {
  if (Report) {
    checkSites(S, St);
    noteFieldWrite(S, St);
  }

  // A module handed to the user's own function that may convert it
  // (holders share their module), or whose own member function the user
  // wrote runs and may convert it (`model->use_double()` calling
  // `to(torch::kDouble)` on itself), has an unknown dtype afterwards.
  if (transferShared(S, St))
    return;

  if (const auto *MC = dyn_cast<CXXMemberCallExpr>(S)) {
    if (appendToLocal(MC, St))
      return;
    const CXXMethodDecl *MD = MC->getMethodDecl();
    if (!MD || !MD->getIdentifier())
      return;
    // model->to(torch::kDouble) converts parameters in place, and so does
    // a TorchScript module's to(torch::kHalf); a move to a device keeps
    // them as they are.
    if (api::isModuleTo(MD) || api::isScriptModuleTo(MC)) {
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

  if (const auto *RS = dyn_cast<ReturnStmt>(S); RS && Report)
    recordReturn(RS, St);
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
      if (!One || One->Value.Kind != Dtype::Symbolic || One->Value.Promoted ||
          Op.IsModule)
        continue;
      bool MeetsSelf = llvm::any_of(Ops, [](const auto &O) {
        return O.first.IsModule && O.second.isUnknown();
      });
      if (!MeetsSelf)
        continue;
      if (std::optional<unsigned> I = inputIndex(One);
          I && !llvm::is_contained(Summary.ParamsMeetModule, *I))
        Summary.ParamsMeetModule.push_back(*I);
    }
  // An input meeting a known dtype, another input or the module's own:
  // the callers make the conflict real or not.
  for (size_t I = 0; I < Ops.size(); ++I) {
    std::optional<unsigned> Index =
        Ops[I].first.IsModule ? std::nullopt
                              : inputIndex(Ops[I].second.single());
    if (!Index)
      continue;
    for (size_t J = 0; J < Ops.size(); ++J) {
      if (J == I)
        continue;
      // A module's own parameters are ParamsMeetModule's.
      const DtypeFact *One = Ops[J].second.single();
      if (!One || Ops[J].first.IsModule)
        continue;
      DtypeFact Other = *One;
      if (Other.Value.Kind == Dtype::Scalar ||
          Other.Value == Ops[I].second.single()->Value)
        continue;
      DtypeRequirement Where;
      Where.OtherText = "'" + Ops[J].first.Text + "'";
      Where.Operation = Callee;
      Where.Site = Site;
      require(*Index, Ops[I].second.single()->Value, Other, Where);
    }
  }
  for (size_t I = 0; I < Ops.size(); ++I)
    for (size_t J = I + 1; J < Ops.size(); ++J) {
      // Convert the tensor, not the module; between tensors, the one that is
      // not Float (the default every model is built in), else the later one.
      std::optional<PairConflict<Dtype>> P =
          pairConflict(Ops[I].second, Ops[J].second, dtypesConflict,
                       [&](const DtypeFact &A, const DtypeFact &B) {
                         if (Ops[I].first.IsModule != Ops[J].first.IsModule)
                           return Ops[J].first.IsModule;
                         bool AFloat = A.Value.Type == ScalarKind::Float;
                         bool BFloat = B.Value.Type == ScalarKind::Float;
                         return AFloat != BFloat && BFloat;
                       });
      if (!P)
        continue;
      const DtypeFact *StrayFact = P->Stray, *Sure = P->Sure;
      size_t Stray = P->FirstIsStray ? I : J;
      size_t Other = P->FirstIsStray ? J : I;
      if (StrayFact->Birth && !ReportedBirths.insert(StrayFact->Birth).second)
        return;
      DtypeConflict C;
      C.Kind = DtypeConflict::Mismatch;
      C.Site = Site;
      C.Callee = Callee;
      C.between(Ops[Stray].first, *StrayFact, Ops[Other].first, *Sure);
      C.OnePath = P->OnePath;
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
  bool Indices = Behaviour == DtypeBehaviour::ClassTarget ||
                 Behaviour == DtypeBehaviour::IndexTarget;
  bool IndicesOnly = Behaviour == DtypeBehaviour::IndexTarget;
  if (std::optional<unsigned> Index = inputIndex(One);
      Index && Indices && !One->Value.Promoted) {
    DtypeRequirement Where;
    Where.Kind = DtypeRequirement::ClassTarget;
    Where.IndicesOnly = IndicesOnly;
    Where.Operation = Callee;
    Where.Site = Site;
    require(*Index, One->Value, DtypeFact(), Where);
  }
  if (!One || One->Value.Kind != Dtype::Known)
    return;
  ScalarKind K = One->Value.Type;
  DtypeConflict C;
  C.Site = Site;
  C.Callee = Callee;
  C.Stray = {Target, text(api::ignoreWrappers(Target), Ctx), "target", *One,
             false};
  C.Target = Target;
  if (Indices) {
    if (!rejectedClassIndex(K, IndicesOnly))
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
  if (api::tensorMethod(MD) != api::TensorMethod::HostData)
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
  // As written: accessor<float, 2>.
  std::string Callee = MD->getName().str();
  if (const auto *ME = dyn_cast<MemberExpr>(MC->getCallee()->IgnoreParens());
      ME && ME->hasExplicitTemplateArgs()) {
    std::string Written = api::sourceText(
        SourceRange(ME->getMemberLoc(), ME->getRAngleLoc()), Ctx);
    if (!Written.empty())
      Callee = Written;
  }
  // The function's own input read as T: a precondition for its callers
  // (a post-processing helper reading what another file hands it).
  if (std::optional<unsigned> Index = One ? inputIndex(One) : std::nullopt) {
    DtypeRequirement Where;
    Where.Kind = DtypeRequirement::DataPtr;
    Where.OtherText = Requested.getAsString(Ctx.getPrintingPolicy());
    Where.Operation = Callee;
    Where.Site = MC;
    DtypeFact Read;
    Read.Value = Dtype::known(*Want);
    require(*Index, One->Value, Read, Where);
    return;
  }
  if (!One || One->Value.Kind != Dtype::Known || One->Value.Type == *Want)
    return;
  DtypeConflict C;
  C.Kind = DtypeConflict::DataPtr;
  C.Site = MC;
  C.Callee = Callee;
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

namespace {
llvm::SmallVector<const Expr *, 4> moduleSources(const ValueDecl *D) {
  llvm::SmallVector<const Expr *, 4> Found;
  if (const auto *VD = dyn_cast<VarDecl>(D)) {
    if (isa<ParmVarDecl>(VD) || !VD->isLocalVarDecl())
      return {};
    if (VD->hasInit())
      Found.push_back(VD->getInit());
    if (const auto *Fn =
            dyn_cast_or_null<FunctionDecl>(VD->getParentFunctionOrMethod());
        Fn && Fn->getBody()) {
      ValueSources Sources(VD);
      Sources.TraverseStmt(Fn->getBody());
      Found.append(Sources.Found.begin(), Sources.Found.end());
    }
    return Found;
  }
  if (const auto *F = dyn_cast<FieldDecl>(D)) {
    if (F->hasInClassInitializer())
      Found.push_back(F->getInClassInitializer());
    ValueSources Sources(F);
    Sources.TraverseDecl(const_cast<RecordDecl *>(F->getParent()));
    Found.append(Sources.Found.begin(), Sources.Found.end());
  }
  return Found;
}
} // namespace

bool DtypeFlow::mayBeMps(const Expr *E, unsigned Depth) {
  if (!E || Depth > 6)
    return false;
  E = api::ignoreWrappers(E);
  if (std::optional<api::DeviceString> D = api::deviceStringOf(E))
    return D->Kind == api::DeviceString::Mps;
  if (const auto *CO = dyn_cast<ConditionalOperator>(E))
    return mayBeMps(CO->getTrueExpr(), Depth + 1) ||
           mayBeMps(CO->getFalseExpr(), Depth + 1);
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E)) {
    const ValueDecl *D = DRE->getDecl();
    if (api::isMpsKindRef(DRE))
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

void DtypeFlow::checkScriptInputs(const Expr *Call,
                                  const api::ScriptModuleCall &SC,
                                  const DtypeState &St) {
  std::string Name = text(moduleObject(SC.Module), Ctx);
  if (Name.empty())
    return;
  // A module converted on every path here (`module.to(torch::kHalf)`, also
  // in the constructor of the class that holds it) has that dtype: a
  // floating input of another one is wrong ("Input type (float) and bias
  // type (c10::Half) should be the same"), while integer ids and masks are
  // what they always are. The function's own inputs are then its callers'
  // to get right, which is not carried to them.
  DtypeSet Converted = stateOf(SC.Module, St);
  const DtypeFact *Conv = Converted.single();
  const bool KnownParams = Conv && Conv->Value.Kind == Dtype::Known;
  if (KnownParams &&
      (!api::isFloatingKind(Conv->Value.Type) || Conv->Value.ZeroDim))
    return;
  // Otherwise: scripted models are saved as Float almost always, and take
  // integer ids and masks as readily as features; a Half model takes Half.
  // A Double input is wrong for both ("Input type (double) and bias type
  // (float) should be the same"), so only Double is reported, and nothing
  // where the unit converts a TorchScript module's dtype out of view.
  if (!KnownParams && Cache.convertsScriptModules())
    return;
  DtypeFact Params;
  if (KnownParams) {
    Params = *Conv;
  } else {
    Params.Value = Dtype::known(ScalarKind::Float);
    Params.Steps.push_back(
        {SC.Module->getBeginLoc(),
         "is a TorchScript module: its parameters are Float unless it was "
         "saved in another dtype",
         Name});
  }
  for (const Expr *Arg : SC.Args)
    for (const Expr *Item : api::scriptInputItems(Arg)) {
      DtypeSet Set = evalTensor(Item, St);
      const DtypeFact *One = Set.single();
      std::string ItemText = text(Item, Ctx);
      // The function's own input: a precondition for its callers, with
      // the input promoted as Float would (ids stay fine, Double does not).
      if (std::optional<unsigned> Index =
              One ? inputIndex(One) : std::nullopt) {
        Dtype Param = One->Value;
        std::optional<ScalarKind> Floor =
            Param.Promoted ? promoteKinds(Param.Type, ScalarKind::Float)
                           : ScalarKind::Float;
        if (KnownParams || !Floor)
          continue;
        Param.Promoted = true;
        Param.Type = *Floor;
        DtypeRequirement Where;
        Where.OtherText = "'" + Name + "'";
        Where.OtherIsModule = true;
        Where.Operation = Name;
        if (const auto *MC = dyn_cast<CXXMemberCallExpr>(Call))
          Where.Operation += "." + MC->getMethodDecl()->getNameAsString();
        Where.Site = Call;
        require(*Index, Param, Params, Where);
        continue;
      }
      // With the module's dtype known, an input of another one on one path
      // of several is reported too, as between two tensors.
      auto Wrong = [&](const Dtype &In, const Dtype &) {
        return In.Kind == Dtype::Known && !In.ZeroDim &&
               (KnownParams ? api::isFloatingKind(In.Type) &&
                                  In.Type != Params.Value.Type
                            : In.Type == ScalarKind::Double);
      };
      const DtypeFact *Stray =
          One || KnownParams ? conflictingFact(Set, Params, Wrong) : nullptr;
      if (!Stray)
        continue;
      if (Stray->Birth && !ReportedBirths.insert(Stray->Birth).second)
        return;
      DtypeConflict C;
      C.Kind = DtypeConflict::Mismatch;
      C.Site = Call;
      C.Callee = Name;
      C.between(Operand<Dtype>{Item, ItemText, "", *Stray, false}, *Stray,
                Operand<Dtype>{SC.Module, Name, "", Params, true}, Params);
      C.OnePath = !One;
      C.Target = Item;
      ReportedSites.insert(Call);
      Conflicts.push_back(std::move(C));
      return;
    }
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

  if (std::optional<api::ScriptModuleCall> SC = api::scriptModuleCall(E)) {
    checkScriptInputs(E, *SC, St);
    return;
  }

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
    if (api::isModuleForward(MD)) {
      Module = MC->getImplicitObjectArgument();
      Args.append(MC->arg_begin(), MC->arg_end());
    }
  }
  if (Module) {
    const CXXRecordDecl *RD = api::moduleClassOf(Module->getType());
    const CXXMethodDecl *Fwd = forwardOf(Module->getType());
    std::string Name = text(moduleObject(Module), Ctx);
    api::ModuleDtype Kind = api::moduleDtypeBehaviour(RD);
    if (Kind == api::ModuleDtype::ClassTarget ||
        Kind == api::ModuleDtype::IndexTarget ||
        Kind == api::ModuleDtype::FloatTarget ||
        Kind == api::ModuleDtype::ExactFloatTarget) {
      if (Args.size() >= 2)
        checkTarget(E, Name,
                    Kind == api::ModuleDtype::ClassTarget
                        ? DtypeBehaviour::ClassTarget
                    : Kind == api::ModuleDtype::IndexTarget
                        ? DtypeBehaviour::IndexTarget
                        : DtypeBehaviour::FloatTarget,
                    Args[0], Args[1],
                    Kind == api::ModuleDtype::ExactFloatTarget
                        ? "binary_cross_entropy"
                        : "",
                    St);
      return;
    }
    if (RD && !api::isTorchModuleClass(RD) && Fwd)
      checkRequirements(E, Fwd, Args, Module, St);
    // Which arguments meet the module's parameters: the first for
    // LibTorch's checked modules and chains that start with one, those the
    // forward() summary names for the user's.
    llvm::SmallVector<unsigned, 2> Meet = meetsParameters(Module);
    if (Meet.empty())
      return;
    // Inside a module, its own submodules have the module's dtype, which
    // the callers decide (unknown here, but a requirement on them).
    DtypeSet M = stateOf(Module, St);
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
    if (!api::isTorchNamespaceFunction(MD) && !isInStd(MD) &&
        !api::isTensorType(Object->getType()))
      checkRequirements(MC, MD, {MC->getArgs(), MC->getNumArgs()}, Object,
                        St);
    checkDataPtr(MC, St);
    if (api::isTensorType(Object->getType())) {
      if (api::tensorMethod(MD) == api::TensorMethod::To) {
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
    if (api::isModuleTo(MD)) {
      DtypeSet Now = stateOf(Object, St);
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
  if (F && !api::isTorchNamespaceFunction(F) && !isInStd(F))
    checkRequirements(CE, F, {CE->getArgs(), CE->getNumArgs()}, nullptr, St);
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
  if (B == DtypeBehaviour::ClassTarget || B == DtypeBehaviour::IndexTarget ||
      B == DtypeBehaviour::FloatTarget) {
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
// Preconditions on the inputs.
//===----------------------------------------------------------------------===//

std::optional<unsigned> DtypeFlow::inputIndex(const DtypeFact *F) const {
  return F ? inputParamIndex(FD, F->Value) : std::nullopt;
}

void DtypeFlow::require(unsigned Index, const Dtype &Param,
                        const DtypeFact &Other, const DtypeRequirement &Where) {
  // One precondition per input and what it meets (the first site), and a
  // few per function: enough for every caller to be checked.
  for (const DtypeRequirement &R : Summary.Requires)
    if (R.Index == Index && R.Kind == Where.Kind &&
        R.IndicesOnly == Where.IndicesOnly && R.Other.Value == Other.Value &&
        R.Param == Param)
      return;
  if (Summary.Requires.size() >= 8)
    return;
  DtypeRequirement R = Where;
  R.Index = Index;
  R.Param = Param;
  R.Other = Other;
  if (R.SiteParam.empty())
    R.SiteParam = FD->getParamDecl(Index)->getName().str();
  Summary.Requires.push_back(std::move(R));
}

DtypeSet DtypeFlow::calleeModuleDtype(const Expr *Object,
                                      const DtypeState &St) {
  if (!Object)
    return DtypeSet();
  const Expr *Bare = Object->IgnoreParenImpCasts();
  // Its own member function, or its own child with parameters: the dtype
  // this module's callers decide.
  const auto *Child = dyn_cast<MemberExpr>(moduleObject(Object));
  if (InModule &&
      (isa<CXXThisExpr>(Bare) ||
       (Child && isa<CXXThisExpr>(Child->getBase()->IgnoreParenImpCasts()) &&
        meetsParameters(Object).size())) &&
      !convertsModules(cast<CXXMethodDecl>(FD)->getParent())) {
    DtypeFact F;
    F.Value = Dtype::symbolic(ThisModule.str());
    return DtypeSet(F);
  }
  if (!api::moduleClassOf(Object->getType()))
    return DtypeSet();
  return stateOf(Object, St);
}

namespace {
/// The preconditions the project index gives for a function of another
/// unit, as this unit's walk reads them.
std::vector<DtypeRequirement> importedRequirements(const FunctionSummary &S) {
  std::vector<DtypeRequirement> Out;
  for (const FunctionSummary::Requirement &Q : S.Requires) {
    using Kind = FunctionSummary::Requirement::KindTy;
    if (Q.Kind != Kind::SameDtype && Q.Kind != Kind::ClassTarget &&
        Q.Kind != Kind::IndexTarget && Q.Kind != Kind::DataPtr)
      continue;
    bool ClassTarget =
        Q.Kind == Kind::ClassTarget || Q.Kind == Kind::IndexTarget;
    DtypeRequirement R;
    R.Kind = ClassTarget                ? DtypeRequirement::ClassTarget
             : Q.Kind == Kind::DataPtr ? DtypeRequirement::DataPtr
                                       : DtypeRequirement::Same;
    R.IndicesOnly = Q.Kind == Kind::IndexTarget;
    R.Index = Q.Arg;
    R.Param = Dtype::symbolic("input");
    R.Param.Promoted = Q.Promoted;
    R.Param.Type = Q.Floor;
    if (!ClassTarget) {
      if (Q.Other == FunctionSummary::Form::Known)
        R.Other.Value = Dtype::known(Q.OtherType, Q.OtherZeroDim);
      else if (Q.Other == FunctionSummary::Form::FollowsArg) {
        R.Other.Value = Dtype::symbolic("arg " + std::to_string(Q.OtherArg));
      } else {
        continue;
      }
    }
    R.OtherText = Q.OtherText;
    R.Operation = Q.Operation;
    R.Where = Q.At.empty() ? S.File + ":" + std::to_string(Q.Line) : Q.At;
    // Where the other side was made, as the defining unit said it.
    std::string Story = Q.OtherOrigin.Message;
    if (!ClassTarget && Q.Other == FunctionSummary::Form::Known &&
        !Story.empty()) {
      std::string At = "at " +
                       (Q.OtherOrigin.File == S.File
                            ? "line "
                            : Q.OtherOrigin.File + ":") +
                       std::to_string(Q.OtherOrigin.Line);
      size_t Here = Story.find(" here");
      if (Here != std::string::npos)
        Story.replace(Here, 5, " " + At);
      else
        Story += " " + At;
      R.Where += ", where " + Q.OtherText + " " + Story;
    }
    Out.push_back(std::move(R));
  }
  return Out;
}
} // namespace

void DtypeFlow::checkRequirements(const Expr *Call, const FunctionDecl *Callee,
                                  llvm::ArrayRef<const Expr *> Args,
                                  const Expr *Object, const DtypeState &St) {
  if (ReportedSites.count(Call) ||
      llvm::none_of(Args, [](const Expr *A) {
        return api::isTensorType(A->getType());
      }))
    return;
  // A constructor's calls of its own class's methods: analysing them now
  // would compute the class's field state before this constructor is done.
  if (const auto *MD = dyn_cast<CXXMethodDecl>(Callee);
      MD && isa<CXXConstructorDecl>(FD) &&
      MD->getParent() == cast<CXXMethodDecl>(FD)->getParent())
    return;
  // A virtual call may run any overrider: the unit's own bodies, and
  // those of other units the index has.
  const auto *MD = dyn_cast<CXXMethodDecl>(Callee);
  const auto *MC = dyn_cast<CXXMemberCallExpr>(Call);
  if (MD && MD->isVirtual() && MC && Object &&
      !MD->getDevirtualizedMethod(Object, /*IsAppleKext=*/false) &&
      !isa<CXXConstructorDecl>(FD) && !isa<CXXDestructorDecl>(FD)) {
    for (const FunctionDecl *Def : Cache.overriders(MD))
      if (Def != FD && !ReportedSites.count(Call))
        checkRequirementList(Call, Def, Cache.dtypeSummary(Def).Requires, Args,
                             Object, St);
    for (const auto &[Usr, S] : Cache.importedOverriders(MD))
      if (!ReportedSites.count(Call))
        checkRequirementList(Call, Callee, importedRequirements(*S), Args,
                             Object, St);
  }
  const FunctionDecl *Def = nullptr;
  if (Callee->hasBody(Def)) {
    if (Def == FD || api::isTorchNamespaceFunction(Def) || isInStd(Def))
      return;
    checkRequirementList(Call, Def, Cache.dtypeSummary(Def).Requires, Args,
                         Object, St);
  } else if (const FunctionSummary *S = Cache.imported(Callee)) {
    checkRequirementList(Call, Callee, importedRequirements(*S), Args, Object,
                         St);
  }
}

void DtypeFlow::checkRequirementList(const Expr *Call, const FunctionDecl *Def,
                                     const std::vector<DtypeRequirement> &Reqs,
                                     llvm::ArrayRef<const Expr *> Args,
                                     const Expr *Object,
                                     const DtypeState &St) {
  if (Reqs.empty() || ReportedSites.count(Call))
    return;
  const auto *OC = dyn_cast<CXXOperatorCallExpr>(Call);
  std::string Name = Object && api::moduleClassOf(Object->getType())
                         ? text(moduleObject(Object), Ctx)
                     : OC ? text(OC->getArg(0), Ctx)
                          : Def->getNameAsString();
  if (Name.empty())
    Name = Def->getNameAsString();
  for (const DtypeRequirement &R : Reqs) {
    if (R.Index >= Args.size() || !api::isTensorType(Args[R.Index]->getType()))
      continue;
    DtypeSet A = substitute(R.Param, evalTensor(Args[R.Index], St));
    const DtypeFact *AOne = A.single();
    if (!AOne)
      continue;
    std::string Param = paramNameOf(Def, R.Index);
    // Where the parameter meets it, as a note.
    std::string ArgText = text(api::ignoreWrappers(Args[R.Index]), Ctx);
    ProvenanceStep Passed(Args[R.Index]->getBeginLoc(),
                          "is passed to '" + Name + "' as '" + Param +
                              "' here",
                          ArgText);
    // Handed on by this function's own input: its callers decide, and the
    // call is one more hop on the way to the site.
    // (For a callee in another file, the hop is this unit's call, where
    // the index says the precondition is handed on.)
    DtypeRequirement Via = R;
    Via.Hops.insert(Via.Hops.begin(), Passed);
    // A conflict placed where it throws, in the callee, with the call on
    // the way (a DataPtr read or a loss's target, Role naming it there).
    auto placeInCallee = [&](DtypeConflict &C, const char *Role) {
      C.Site = R.Site;
      C.Callee = R.Operation;
      C.Stray = {Args[R.Index], R.SiteParam, Role, *AOne, false};
      for (ProvenanceStep &Step : C.Stray.Fact.Steps)
        if (Step.Subject.empty())
          Step.Subject = ArgText;
      C.Stray.Fact.Steps.push_back(Passed);
      C.Stray.Fact.Steps.append(R.Hops.begin(), R.Hops.end());
    };
    // For a callee in another unit: the call, and what happens there.
    ProvenanceStep Meet(
        Call->getBeginLoc(),
        "is passed to '" + Name + "' as '" + Param + "' here, where it " +
            (R.Kind == DtypeRequirement::ClassTarget
                 ? "is the target of '" + R.Operation + "'"
                 : "meets " + R.OtherText + " in '" + R.Operation + "'") +
            " at " + R.Where,
        ArgText);
    // Reported, for such a callee, where this unit made the argument when
    // it did (the value to change), else at the call.
    const Expr *Here = Call;
    if (const auto *Birth = static_cast<const Expr *>(AOne->Birth))
      Here = Birth;
    if (R.Kind == DtypeRequirement::DataPtr) {
      if (std::optional<unsigned> Mine = inputIndex(AOne)) {
        require(*Mine, AOne->Value, R.Other, Via);
        continue;
      }
      if (AOne->Value.Kind != Dtype::Known ||
          R.Other.Value.Kind != Dtype::Known ||
          AOne->Value.Type == R.Other.Value.Type)
        continue;
      if (AOne->Birth && !ReportedBirths.insert(AOne->Birth).second)
        return;
      DtypeConflict C;
      C.Kind = DtypeConflict::DataPtr;
      C.Target = Args[R.Index];
      C.Requested = R.OtherText;
      C.Other.Fact = R.Other;
      if (R.Site) {
        placeInCallee(C, "");
      } else {
        C.Site = Here;
        C.Callee = R.Operation + "' in '" + Name;
        C.Stray = {Args[R.Index], ArgText, Param, *AOne, false};
        C.Stray.Fact.Steps.push_back(
            {Call->getBeginLoc(),
             "is passed to '" + Name + "' as '" + Param +
                 "' here, where '" + R.Operation + "' reads it at " + R.Where,
             ArgText});
      }
      ReportedSites.insert(Call);
      Conflicts.push_back(std::move(C));
      return;
    }
    if (R.Kind == DtypeRequirement::ClassTarget) {
      if (std::optional<unsigned> Mine = inputIndex(AOne)) {
        if (!AOne->Value.Promoted)
          require(*Mine, AOne->Value, DtypeFact(), Via);
        continue;
      }
      if (AOne->Value.Kind != Dtype::Known ||
          !rejectedClassIndex(AOne->Value.Type, R.IndicesOnly))
        continue;
      if (AOne->Birth && !ReportedBirths.insert(AOne->Birth).second)
        return;
      DtypeConflict C;
      C.Kind = DtypeConflict::ClassTarget;
      C.Target = Args[R.Index];
      if (R.Site) {
        placeInCallee(C, "target");
      } else {
        C.Site = Here;
        C.Callee = R.Operation + "' in '" + Name;
        C.Stray = {Args[R.Index], text(api::ignoreWrappers(Args[R.Index]), Ctx),
                   Param, *AOne, false};
        C.Stray.Fact.Steps.push_back(Meet);
      }
      ReportedSites.insert(Call);
      Conflicts.push_back(std::move(C));
      return;
    }
    // What it meets, for this caller.
    DtypeSet O;
    const Expr *OtherArg = nullptr; // when it is another argument
    if (R.Other.Value.Kind == Dtype::Known) {
      O = DtypeSet(R.Other);
    } else if (R.Other.Value.Key == ThisModule) {
      O = calleeModuleDtype(Object, St);
    } else {
      for (unsigned J = 0; J < Args.size(); ++J)
        if (inputParamIndex(Def, R.Other.Value) == J ||
            R.Other.Value.Key == "arg " + std::to_string(J)) {
          O = substitute(R.Other.Value, evalTensor(Args[J], St));
          OtherArg = Args[J];
        }
    }
    const DtypeFact *OOne = O.single();
    if (!OOne)
      continue;
    // The caller's own input on either side: a precondition of its own.
    if (std::optional<unsigned> Mine = inputIndex(AOne)) {
      if (OOne->Value.Kind != Dtype::Scalar && OOne->Value != AOne->Value)
        require(*Mine, AOne->Value, *OOne, Via);
      continue;
    }
    // The other side is the caller's own input: the caller's callers
    // would have to show both, which this summary does not carry.
    if (inputIndex(OOne))
      continue;
    if (!dtypesConflict(AOne->Value, OOne->Value))
      continue;
    // Convert the argument unless it is the Float one.
    bool ArgStray = !(AOne->Value.Type == ScalarKind::Float &&
                      OOne->Value.Type != ScalarKind::Float);
    llvm::StringRef Quoted = R.OtherText;
    std::string OtherText = Quoted.consume_front("'") && Quoted.consume_back("'")
                                ? Quoted.str()
                                : R.OtherText;
    Operand<Dtype> ArgOp{Args[R.Index], ArgText, Param, *AOne, false};
    Operand<Dtype> OtherOp{OtherArg, OtherText, "", *OOne,
                           R.OtherIsModule && !OtherArg};
    if (R.Site) {
      // Reported where it throws, in the callee, in the callee's words (one
      // finding whichever caller shows it), with the call on the way; the
      // caller's steps keep naming what the caller wrote.
      for (ProvenanceStep &Step : ArgOp.Fact.Steps)
        if (Step.Subject.empty())
          Step.Subject = ArgText;
      if (OtherArg)
        for (ProvenanceStep &Step : OtherOp.Fact.Steps)
          if (Step.Subject.empty())
            Step.Subject = text(api::ignoreWrappers(OtherArg), Ctx);
      ArgOp.Text = R.SiteParam;
      ArgOp.Param.clear();
      ArgOp.Fact.Steps.push_back(Passed);
      ArgOp.Fact.Steps.append(R.Hops.begin(), R.Hops.end());
      if (OtherArg) {
        std::string OtherParam;
        for (unsigned J = 0; J < Args.size(); ++J)
          if (Args[J] == OtherArg)
            OtherParam = paramNameOf(Def, J);
        OtherOp.Fact.Steps.push_back(
            {OtherArg->getBeginLoc(),
             "is passed to '" + Name + "' as '" + OtherParam + "' here",
             text(api::ignoreWrappers(OtherArg), Ctx)});
      }
    } else {
      ArgOp.Fact.Steps.push_back(Meet);
      if (OtherArg)
        OtherOp.Text = text(api::ignoreWrappers(OtherArg), Ctx);
    }
    if (!ArgStray && !OtherArg) {
      // The other side lives in the callee: no fix-it from here.
      OtherOp.Fact.Birth = nullptr;
      OtherOp.Fact.FromFactory = false;
    }
    const DtypeFact &StrayFact = ArgStray ? ArgOp.Fact : OtherOp.Fact;
    if (StrayFact.Birth && !ReportedBirths.insert(StrayFact.Birth).second)
      return;
    DtypeConflict C;
    C.Kind = DtypeConflict::Mismatch;
    C.Site = R.Site ? R.Site : ArgStray ? Here : Call;
    C.Callee = R.Site ? R.Operation : R.Operation + "' in '" + Name;
    if (ArgStray)
      C.between(ArgOp, ArgOp.Fact, OtherOp, OtherOp.Fact);
    else
      C.between(OtherOp, OtherOp.Fact, ArgOp, ArgOp.Fact);
    C.Target = ArgStray ? Args[R.Index] : OtherArg;
    ReportedSites.insert(Call);
    Conflicts.push_back(std::move(C));
    return;
  }
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

  if (FieldReturnsSeen && !FieldsUnknown)
    for (const auto &[F, Set] : FieldReturns)
      if (const DtypeFact *One = Set.single();
          One && One->Value.Kind == Dtype::Known)
        Summary.Fields[F] = Set;

  if (ReturnsUnknown || Returns.empty())
    return;
  const DtypeFact *First = Returns.front().single();
  if (!First || !llvm::all_of(Returns, [&](const DtypeSet &R) {
        return R.single() && R.single()->Value == First->Value;
      })) {
    // Several paths: the caller joins what each gives.
    DtypeSet Joined = Returns.front();
    for (const DtypeSet &R : llvm::drop_begin(Returns))
      Joined.join(R);
    Summary.Paths = Joined;
    return;
  }
  if (First->Value.Kind == Dtype::Symbolic) {
    // A promoted input is no argument's dtype as it is: the caller
    // instantiates the path (evalUnsummarised).
    if (First->Value.Promoted) {
      Summary.Paths = Returns.front();
      return;
    }
    if (First->Value.Key == ThisModule)
      Summary.Kind = DtypeSummary::FixedOnThis;
    if (std::optional<unsigned> I = inputIndex(First)) {
      Summary.Kind = DtypeSummary::FollowsArg;
      Summary.Index = *I;
    }
    return;
  }
  Summary.Kind = DtypeSummary::Fixed;
  Summary.Fact = *First;
}

} // namespace flow
} // namespace torchlint
