//===- ProjectSummaries.cpp - A unit's summaries for the project ----------===//
//
// What the unit exports to the project index (the summaries of the
// functions its main file defines) and what it imports from it (the
// summaries of functions defined in other units). The summaries themselves
// are the ones the flow engine computes for calls inside the unit
// (ProvenanceCache::summary, dtypeSummary); here they are only turned into
// the project's vocabulary, keyed by USR.
//
//===----------------------------------------------------------------------===//

#include "torchlint/analysis/ProjectIndex.h"
#include "torchlint/analysis/Provenance.h"

#include "DtypeFlow.h"
#include "torchlint/api/Syntax.h"
#include "torchlint/core/Paths.h"

#include "clang/AST/DeclCXX.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Index/USRGeneration.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

using namespace clang;

namespace torchlint {

namespace {

/// The USR of FD when another unit may call it by that name: a function of
/// the project with external linkage that is not a template or virtual
/// (api::projectKey's functions); "" otherwise.
std::string usrOf(const FunctionDecl *FD) {
  if (api::projectKey(FD).empty())
    return "";
  llvm::SmallString<128> Buf;
  if (index::generateUSRForDecl(FD->getCanonicalDecl(), Buf))
    return "";
  return std::string(Buf);
}

/// The USR of a virtual member function another unit may reach through a
/// virtual call (an overrider, or the function it overrides); "" otherwise.
/// Linkage does not matter: a backend class in an anonymous namespace is
/// reached through its base's vtable.
std::string virtualUsrOf(const CXXMethodDecl *MD) {
  if (!MD || !MD->isVirtual() || !MD->getIdentifier() ||
      MD->isDependentContext() || MD->getParent()->isLambda() ||
      isa<ClassTemplateSpecializationDecl>(MD->getParent()))
    return "";
  llvm::SmallString<128> Buf;
  if (index::generateUSRForDecl(MD->getCanonicalDecl(), Buf))
    return "";
  return std::string(Buf);
}

/// The USRs of every function MD overrides, directly or not.
std::set<std::string> overriddenUsrs(const CXXMethodDecl *MD) {
  std::set<std::string> Out;
  llvm::SmallVector<const CXXMethodDecl *, 4> Work(
      MD->overridden_methods().begin(), MD->overridden_methods().end());
  while (!Work.empty()) {
    const CXXMethodDecl *Base = Work.pop_back_val();
    std::string Usr = virtualUsrOf(Base);
    if (Usr.empty() || !Out.insert(Usr).second)
      continue;
    Work.append(Base->overridden_methods().begin(),
                Base->overridden_methods().end());
  }
  return Out;
}

/// Where the first step of a fact's story is, for a note in another unit.
template <class V>
FunctionSummary::Origin originOf(const Fact<V> &F, const SourceManager &SM) {
  FunctionSummary::Origin O;
  if (F.Steps.empty())
    return O;
  SourceLocation Loc = SM.getExpansionLoc(F.Steps.front().Loc);
  O.File = llvm::sys::path::filename(SM.getFilename(Loc)).str();
  O.Line = SM.getExpansionLineNumber(Loc);
  O.Message = F.Steps.front().Message;
  return O;
}

/// Calls Fn on every function defined in the main file, descending into
/// the namespaces and classes the main file opens.
template <class Fn>
void forEachMainFileFunction(const DeclContext *DC, const SourceManager &SM,
                             Fn &&Visit) {
  for (const Decl *D : DC->decls()) {
    if (!SM.isInMainFile(SM.getExpansionLoc(D->getLocation())))
      continue;
    if (const auto *FD = dyn_cast<FunctionDecl>(D)) {
      if (FD->doesThisDeclarationHaveABody() && !FD->isDependentContext() &&
          !FD->isInvalidDecl())
        Visit(FD);
    } else if (const auto *NS = dyn_cast<NamespaceDecl>(D)) {
      forEachMainFileFunction(NS, SM, Visit);
    } else if (const auto *RD = dyn_cast<CXXRecordDecl>(D)) {
      if (RD->isThisDeclarationADefinition() && !RD->isDependentContext())
        forEachMainFileFunction(RD, SM, Visit);
    } else if (const auto *LS = dyn_cast<LinkageSpecDecl>(D)) {
      forEachMainFileFunction(LS, SM, Visit);
    }
  }
}

/// How a device that FD picks itself reads in another unit, when F is one
/// (a CUDA device or another accelerator, or a device field of FD's
/// object: "'CudaBackend::device_'"); nothing otherwise.
std::optional<std::string> ownDeviceText(const DeviceFact &F,
                                         const FunctionDecl *FD) {
  const Device &D = F.Value;
  if (!F.Needs.empty())
    return std::nullopt;
  if (D.Kind == Device::Cuda || D.Kind == Device::Accelerator)
    return D.Spelling;
  const auto *MD = dyn_cast<CXXMethodDecl>(FD);
  if (D.Kind != Device::Symbolic || D.FollowsInput || !MD || !D.Var ||
      !isa<FieldDecl>(D.Var) || D.Var->getDeclContext() != MD->getParent())
    return std::nullopt;
  return "'" + MD->getParent()->getNameAsString() +
         "::" + D.Var->getNameAsString() + "'";
}

} // namespace

const FunctionSummary *
ProvenanceCache::imported(const FunctionDecl *Callee) {
  std::string Usr = usrOf(Callee);
  if (Usr.empty())
    return nullptr;
  Imports.insert(Usr);
  return Index ? Index->find(Usr) : nullptr;
}

std::vector<std::pair<std::string, const FunctionSummary *>>
ProvenanceCache::importedOverriders(const CXXMethodDecl *MD) {
  std::vector<std::pair<std::string, const FunctionSummary *>> Out;
  std::string Usr = virtualUsrOf(MD);
  if (Usr.empty())
    return Out;
  Imports.insert(ProjectIndex::OverridersKey + Usr);
  if (!Index)
    return Out;
  // The bodies this unit defines are read here, not from the index.
  std::set<std::string> Own;
  for (const FunctionDecl *Def : overriders(MD))
    Own.insert(virtualUsrOf(cast<CXXMethodDecl>(Def)));
  const FunctionDecl *Body = nullptr;
  if (MD->hasBody(Body))
    Own.insert(Usr);
  else if (const FunctionSummary *S = Index->find(Usr))
    Out.emplace_back(Usr, S);
  for (auto &[Key, S] : Index->overridersOf(Usr))
    if (!Own.count(Key))
      Out.emplace_back(Key, S);
  return Out;
}

UnitSummaries ProvenanceCache::exportSummaries() {
  using Form = FunctionSummary::Form;
  UnitSummaries Out;
  Out.Imports = Imports;
  const SourceManager &SM = Ctx.getSourceManager();
  forEachMainFileFunction(
      Ctx.getTranslationUnitDecl(), SM, [&](const FunctionDecl *FD) {
        bool Requires = llvm::any_of(FD->parameters(), [](const ParmVarDecl *P) {
          return api::isTensorType(P->getType());
        });
        // A factory of the project's models too: where its module is.
        bool ReturnsModule = flow::isModuleValueType(FD->getReturnType());
        if (!returnsTensors(FD) && !Requires && !ReturnsModule)
          return;
        const auto *MD = dyn_cast<CXXMethodDecl>(FD);
        std::string Usr = MD && MD->isVirtual() ? virtualUsrOf(MD) : usrOf(FD);
        if (Usr.empty())
          return;
        FunctionSummary S;
        S.Name = FD->getNameAsString();
        if (MD) {
          S.Class = MD->getParent()->getNameAsString();
          if (MD->isVirtual()) {
            S.Overrides = overriddenUsrs(MD);
            // A parameter that meets a device the object holds: callers
            // in other units reach it through a virtual call.
            for (FunctionSummary::Requirement &Q : ownDeviceRequirements(FD))
              S.Requires.push_back(std::move(Q));
          }
        }
        S.Path = absolutePath(
            SM.getFilename(SM.getExpansionLoc(FD->getLocation())));
        S.File = llvm::sys::path::filename(S.Path).str();
        const ReturnSummary &Device = summary(FD);
        // Only a CPU this unit shows by itself: a value that holds under a
        // project fact, or another file's function's (returns-cpu:), is
        // not the function's own.
        if (Device.Kind == ReturnSummary::Fixed &&
            Device.Fact.Value.Kind == torchlint::Device::Cpu &&
            Device.Fact.Value.Key.empty() && Device.Fact.Needs.empty()) {
          S.Device = Form::Known;
          S.DeviceOrigin = originOf(Device.Fact, SM);
        } else if (Device.Kind == ReturnSummary::FollowsArg) {
          S.Device = Form::FollowsArg;
          S.DeviceArg = Device.Index;
        } else if (std::optional<std::string> Text =
                       Device.Kind == ReturnSummary::Fixed ||
                               Device.Kind == ReturnSummary::FixedOnThis
                           ? ownDeviceText(Device.Fact, FD)
                           : std::nullopt) {
          // A backend's result on the device it holds: to a caller, a
          // device chosen at run time.
          S.Device = Form::OnDevice;
          S.DeviceText = *Text;
          S.DeviceOrigin = originOf(Device.Fact, SM);
        }
        const DtypeSummary &Dtype = dtypeSummary(FD);
        if (Dtype.Kind == DtypeSummary::Fixed &&
            Dtype.Fact.Value.Kind == torchlint::Dtype::Known) {
          S.Dtype = Form::Known;
          S.Type = Dtype.Fact.Value.Type;
          S.ZeroDim = Dtype.Fact.Value.ZeroDim;
          S.DtypeOrigin = originOf(Dtype.Fact, SM);
        } else if (Dtype.Kind == DtypeSummary::FollowsArg) {
          S.Dtype = Form::FollowsArg;
          S.DtypeArg = Dtype.Index;
        }
        for (const auto &[F, Set] : Dtype.Fields)
          if (const DtypeFact *One = Set.single();
              One && One->Value.Kind == torchlint::Dtype::Known &&
              F->getIdentifier()) {
            FunctionSummary::FieldSummary &Field =
                S.Fields[F->getName().str()];
            Field.HasDtype = true;
            Field.Type = One->Value.Type;
            Field.ZeroDim = One->Value.ZeroDim;
            Field.Made = originOf(*One, SM);
          }
        // The fields it creates on the CPU itself (cpuFieldReturns keeps
        // only those).
        for (const auto &[F, Set] : cpuFieldReturns(FD))
          if (const DeviceFact *One = Set.single(); One && F->getIdentifier()) {
            FunctionSummary::FieldSummary &Field =
                S.Fields[F->getName().str()];
            Field.Cpu = true;
            Field.CpuMade = originOf(*One, SM);
          }
        // ... and those on a device of its own.
        for (const auto &[F, Set] : heldFieldReturns(FD))
          if (const DeviceFact *One = Set.single(); One && F->getIdentifier())
            if (std::optional<std::string> Text = ownDeviceText(*One, FD)) {
              FunctionSummary::FieldSummary &Field =
                  S.Fields[F->getName().str()];
              Field.OnDevice = true;
              Field.DeviceText = *Text;
              Field.DeviceMade = originOf(*One, SM);
            }
        // Preconditions another unit can check: on a known dtype or on
        // another argument (the module's own dtype is the defining unit's).
        if (Requires)
          for (const DtypeRequirement &R : Dtype.Requires) {
            FunctionSummary::Requirement Q;
            Q.Arg = R.Index;
            Q.Kind = R.Kind == DtypeRequirement::ClassTarget
                         ? (R.IndicesOnly
                                ? FunctionSummary::Requirement::KindTy::
                                      IndexTarget
                                : FunctionSummary::Requirement::KindTy::
                                      ClassTarget)
                     : R.Kind == DtypeRequirement::DataPtr
                         ? FunctionSummary::Requirement::KindTy::DataPtr
                         : FunctionSummary::Requirement::KindTy::SameDtype;
            bool ClassTarget = R.Kind == DtypeRequirement::ClassTarget;
            Q.Promoted = R.Param.Promoted;
            Q.Floor = R.Param.Type;
            // Handed on from a callee in another file: at this file's
            // call, with where the callee meets it.
            SourceLocation Loc =
                R.Site ? R.Site->getExprLoc()
                : R.Hops.empty() || R.Where.empty() ? SourceLocation()
                                                    : R.Hops.front().Loc;
            if (Loc.isInvalid() || !SM.isInMainFile(SM.getExpansionLoc(Loc)))
              continue;
            Q.Line = SM.getExpansionLineNumber(Loc);
            if (!R.Site)
              Q.At = R.Where.substr(0, R.Where.find(", where"));
            if (!ClassTarget) {
              const torchlint::Dtype &O = R.Other.Value;
              if (O.Kind == torchlint::Dtype::Known) {
                Q.Other = Form::Known;
                Q.OtherType = O.Type;
                Q.OtherZeroDim = O.ZeroDim;
                Q.OtherOrigin = originOf(R.Other, SM);
              } else if (std::optional<unsigned> I =
                             O.Promoted ? std::nullopt
                                        : flow::inputParamIndex(FD, O)) {
                Q.Other = Form::FollowsArg;
                Q.OtherArg = *I;
              } else {
                continue;
              }
            }
            Q.OtherText = R.OtherText;
            Q.Operation = R.Operation;
            S.Requires.push_back(std::move(Q));
          }
        // Parameters that must share a device, where the site is this
        // file's.
        for (const DeviceRequirement &R : deviceRequirements(FD)) {
          if (!R.Site ||
              !SM.isInMainFile(SM.getExpansionLoc(R.Site->getExprLoc())))
            continue;
          FunctionSummary::Requirement Q;
          Q.Arg = R.Index;
          if (R.Kind == DeviceRequirement::OnHost) {
            Q.Kind = FunctionSummary::Requirement::KindTy::OnHost;
          } else {
            Q.Kind = FunctionSummary::Requirement::KindTy::SameDevice;
            Q.Other = Form::FollowsArg;
            Q.OtherArg = R.OtherIndex;
            Q.OtherText =
                "'" + FD->getParamDecl(R.OtherIndex)->getName().str() + "'";
          }
          Q.Operation = R.Operation;
          Q.Line = SM.getExpansionLineNumber(R.Site->getExprLoc());
          S.Requires.push_back(std::move(Q));
        }
        if (!S.empty())
          Out.Defined.add(Usr, S);
      });
  return Out;
}

} // namespace torchlint
