//===- ProjectFactFinder.cpp - Where a unit shows project facts -----------===//

#include "torchlint/analysis/ProjectFactFinder.h"
#include "torchlint/analysis/DeviceChoice.h"
#include "torchlint/analysis/LoadSites.h"
#include "torchlint/analysis/ModuleRegistration.h"
#include "torchlint/analysis/Provenance.h"
#include "torchlint/api/Locations.h"
#include "torchlint/api/Syntax.h"
#include "torchlint/api/TorchApi.h"
#include "torchlint/api/TorchMatchers.h"

#include "clang/Basic/SourceManager.h"

using namespace clang;
using namespace clang::ast_matchers;

namespace torchlint {

/// True for an initialiser that names the CPU and nothing else: kCPU, the
/// CPU's string, torch::Device(torch::kCPU).
static bool spellsOnlyTheCpu(const Expr *E) {
  E = api::ignoreWrappers(E);
  if (api::isCpuKindRef(E))
    return true;
  if (std::optional<api::DeviceString> D = api::deviceStringOf(E))
    return D->Kind == api::DeviceString::Cpu && D->Index < 0;
  if (const auto *CE = dyn_cast<CXXConstructExpr>(E))
    return api::writtenArgCount(CE) == 1 && spellsOnlyTheCpu(CE->getArg(0));
  return false;
}

/// True for `x.to(d)` and `model->to(d)` where d is a device variable that
/// the program chooses at run time (a parameter, a member set elsewhere, a
/// ternary on is_available()), not one only ever the CPU.
static bool movesToRuntimeDevice(const Expr *E) {
  const auto *MC = dyn_cast<CXXMemberCallExpr>(E);
  const CXXMethodDecl *MD = MC ? MC->getMethodDecl() : nullptr;
  if (!api::isToMethod(MD) || MC->getNumArgs() == 0)
    return false;
  const Expr *Arg = api::ignoreWrappers(MC->getArg(0));
  const ValueDecl *D = nullptr;
  if (const auto *DRE = dyn_cast<DeclRefExpr>(Arg))
    D = DRE->getDecl();
  else if (const auto *ME = dyn_cast<MemberExpr>(Arg))
    D = ME->getMemberDecl();
  if (!D ||
      !(api::isDeviceType(D->getType()) || api::isDeviceKindType(D->getType())))
    return false;
  // `torch::Device cpu(torch::kCPU)`, `auto d = torch::kCPU`: the CPU.
  if (const auto *VD = dyn_cast<VarDecl>(D); VD && VD->isLocalVarDecl() &&
                                             VD->getInit() &&
                                             spellsOnlyTheCpu(VD->getInit()))
    return false;
  return isRuntimeDevice(D);
}

void ProjectFactFinder::registerMatchers(MatchFinder &Finder) {
  // What each function returns and hands other units' functions.
  Finder.addMatcher(functionDecl(isDefinition()).bind("fn"), this);
  Finder.addMatcher(lambdaExpr().bind("lambda"), this);
  // Where the program names a device other than the CPU (FactKind::LeavesCpu).
  Finder.addMatcher(
      expr(anyOf(declRefExpr(), cxxConstructExpr(), cxxMemberCallExpr()))
          .bind("device-use"),
      this);
  // Where a device field is written: `cfg.device = ...` (facts::writesDevice
  // and, from another object than `this`, FactKind::RuntimeDevice), and
  // `device_(device)` (facts::writesDevice).
  Finder.addMatcher(
      cxxOperatorCallExpr(
          hasOverloadedOperatorName("="), argumentCountIs(2),
          hasArgument(0, ignoringParenImpCasts(
                             memberExpr(member(fieldDecl().bind("field")))
                                 .bind("member"))))
          .bind("field-write"),
      this);
  Finder.addMatcher(cxxCtorInitializer(forField(fieldDecl().bind("field")))
                        .bind("field-init"),
                    this);
  // Where the project moves models and tensors: `x.to(device)` and
  // `model->to(device)` with a device chosen at run time
  // (FactKind::RuntimeDevice), also in a template's own body.
  Finder.addMatcher(
      api::match::toMethodCall(expr().bind("target")).bind("move"), this);
  // What shows whether the project needs CUDA (FactKind::RequiresCuda,
  // FactKind::RunsWithoutCuda), and the mentions of CUDA that make its build
  // worth reading.
  Finder.addMatcher(cudaEvidenceSite().bind("evidence"), this);
  Finder.addMatcher(
      api::match::deviceOrOptionsConstruction().bind("construction"), this);
  Finder.addMatcher(api::match::deviceKindRef("CUDA").bind("cuda-mention"),
                    this);
  Finder.addMatcher(
      api::match::tensorCopyCall(api::TensorMethod::Cuda).bind("cuda-mention"),
      this);
  Finder.addMatcher(api::match::torchCudaNamespaceCall().bind("cuda-mention"),
                    this);
  // Module classes that register state (FactKind::RegistersState).
  Finder.addMatcher(cxxRecordDecl(isDefinition(), unless(isImplicit()),
                                  unless(classTemplateSpecializationDecl()))
                        .bind("class"),
                    this);
}

void ProjectFactFinder::run(const MatchFinder::MatchResult &R) {
  ASTContext &Ctx = *R.Context;
  const BoundNodes &N = R.Nodes;
  if (N.getNodeAs<FieldDecl>("field"))
    return fieldWriteFacts(N, Ctx);
  if (const auto *Move = N.getNodeAs<CallExpr>("move"))
    return moveFacts(Move, N.getNodeAs<Expr>("target"), Ctx);
  if (const auto *Use = N.getNodeAs<Expr>("device-use")) {
    if (!ShownLeavesCpu &&
        (api::namesDeviceOtherThanCpu(Use) || movesToRuntimeDevice(Use)) &&
        !isLibraryLocation(Ctx.getSourceManager(), Use->getExprLoc())) {
      ShownLeavesCpu = true;
      shows(FactKind::LeavesCpu, Use->getBeginLoc());
    }
    return;
  }
  if (N.getNodeAs<Expr>("cuda-mention")) {
    MentionsCuda = true;
    return;
  }
  for (const char *Id : {"evidence", "construction"})
    if (const auto *Site = N.getNodeAs<Expr>(Id)) {
      MentionsCuda = true;
      if (std::optional<ProjectFact> Fact = cudaEvidence(Site, Ctx))
        shows(*Fact, Site->getBeginLoc());
      return;
    }
  if (const auto *RD = N.getNodeAs<CXXRecordDecl>("class")) {
    // A member of RD's type in a unit that does not see this constructor is
    // then a submodule to register.
    if (api::isModuleClass(RD))
      if (const FunctionDecl *Def = stateRegistration(RD))
        shows(registersStateFact(RD), Def->getLocation(),
              "'" + RD->getNameAsString() +
                  "' registers parameters or buffers here");
    return;
  }
  const FunctionDecl *FD = N.getNodeAs<FunctionDecl>("fn");
  if (const auto *L = N.getNodeAs<LambdaExpr>("lambda"))
    FD = L->getCallOperator();
  if (FD && !FD->isDependentContext() &&
      !isLibraryLocation(Ctx.getSourceManager(), FD->getLocation()))
    functionFacts(FD, Ctx);
}

/// Shows which of the unit's functions return tensors (one, or a batch of
/// them) created on the CPU, for the units that call them without their
/// body; and the tensors a function hands the project's functions that make
/// their conflicts with that parameter real: one on a device to a function
/// defined in another unit, one created on the CPU to any.
void ProjectFactFinder::functionFacts(const FunctionDecl *FD, ASTContext &Ctx) {
  std::string Key = api::projectKey(FD);
  if (!Key.empty() && ProvenanceCache::returnsTensors(FD)) {
    const ReturnSummary &Sum = Provenance.summary(FD);
    const Device &D = Sum.Fact.Value;
    if (Sum.Kind == ReturnSummary::Fixed && D.Kind == Device::Cpu &&
        D.Key.empty() && !Sum.Fact.Steps.empty())
      shows(facts::returnsCpu(Key), Sum.Fact.Steps.front().Loc,
            "'" + FD->getNameAsString() + "' returns " +
                (api::isTensorType(FD->getReturnType()) ? "a tensor"
                                                        : "tensors") +
                " created on the CPU here");
  }
  for (const ExternalArgument &A : Provenance.externalArguments(FD))
    shows(A.Cpu ? facts::passesCpu(A.Key, A.Index)
                : facts::passesDevice(A.Key, A.Index),
          A.Arg->getBeginLoc(),
          "'" + api::sourceText(A.Arg, Ctx) + "', on " + A.Where +
              ", is passed to '" + A.Callee + "' here");
}

/// Shows what a write to a device field says: that other units may read a
/// GPU from it (facts::writesDevice), and, written from outside its object
/// with a run-time choice, that the project chooses its device at run time
/// (FactKind::RuntimeDevice: `cfg.device = ...` in main.cpp, for a trainer's
/// `x.to(cfg_.device)`; the class's own writes to its fields are its own
/// device choices, shown where it moves something there).
void ProjectFactFinder::fieldWriteFacts(const BoundNodes &N, ASTContext &Ctx) {
  const auto *Field = N.getNodeAs<FieldDecl>("field");
  const auto *OC = N.getNodeAs<CXXOperatorCallExpr>("field-write");
  const auto *Init = N.getNodeAs<CXXCtorInitializer>("field-init");
  const Expr *Value = OC                          ? OC->getArg(1)
                      : Init && Init->isWritten() ? Init->getInit()
                                                  : nullptr;
  const SourceManager &SM = Ctx.getSourceManager();
  if (!Value || !api::isDeviceType(Field->getType()))
    return;
  if (Field->getIdentifier() && Field->getParent()->getIdentifier() &&
      !spellsOnlyTheCpu(Value) && !isLibraryLocation(SM, Value->getExprLoc())) {
    std::string Name =
        OC ? api::sourceText(OC->getArg(0), Ctx) : Field->getNameAsString();
    shows(facts::writesDevice(Field->getQualifiedNameAsString()),
          Value->getBeginLoc(),
          "'" + Name + "' is given a device that may be a GPU here");
  }
  const auto *Member = N.getNodeAs<MemberExpr>("member");
  if (OC && Member && !isa<CXXThisExpr>(Member->getBase()) &&
      writesRuntimeDevice(Field, Value) &&
      !isLibraryLocation(SM, OC->getExprLoc()))
    shows(FactKind::RuntimeDevice, OC->getBeginLoc(),
          "the project chooses '" + api::sourceText(OC->getArg(0), Ctx) +
              "' at run time here");
}

/// Shows `x.to(device)` with a device chosen at run time as the unit's sign
/// that the project leaves the CPU for a device it picks when it runs.
void ProjectFactFinder::moveFacts(const CallExpr *Move, const Expr *Device,
                                  ASTContext &Ctx) {
  const ValueDecl *D = movedToDevice(Device);
  if (!D || !isRuntimeDevice(D))
    return;
  const Expr *Object = movedObject(Move);
  std::string What = Object ? api::sourceText(Object, Ctx) : "";
  shows(FactKind::RuntimeDevice, Move->getBeginLoc(),
        "the project moves " +
            (What.empty() ? std::string("a model") : "'" + What + "'") +
            " to '" + D->getNameAsString() +
            "', a device chosen at run time, " + "here");
}

void ProjectFactFinder::onEndOfTranslationUnit(ASTContext &Ctx) {
  const SourceManager &SM = Ctx.getSourceManager();
  SourceLocation Start = SM.getLocForStartOfFile(SM.getMainFileID());
  // A build that declares CUDA shows the project needs it.
  if (MentionsCuda && unitBuildDeclaresCuda(Ctx))
    shows(FactKind::RequiresCuda, Start);
  if (!ShownLeavesCpu && Provenance.wholeProgramInView())
    shows(FactKind::StaysOnCpu, Start);
}

} // namespace torchlint
