//===- DeviceConflicts.cpp - Shared by the two dataflow rules -------------===//

#include "DeviceConflicts.h"
#include "RuleUtils.h"

#include "torchlint/analysis/DeviceChoice.h"
#include "torchlint/api/Locations.h"
#include "torchlint/api/Syntax.h"

#include "clang/AST/ParentMapContext.h"
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
  if (const auto *VD = dyn_cast<VarDecl>(D);
      VD && VD->isLocalVarDecl() && VD->getInit() &&
      spellsOnlyTheCpu(VD->getInit()))
    return false;
  return isRuntimeDevice(D);
}

void ConflictRule::registerMatchers(MatchFinder &Finder) {
  Finder.addMatcher(functionDecl(isDefinition()).bind("fn"), this);
  Finder.addMatcher(lambdaExpr().bind("lambda"), this);
  // Where the program names a device other than the CPU (facts::LeavesCpu).
  Finder.addMatcher(
      expr(anyOf(declRefExpr(), cxxConstructExpr(), cxxMemberCallExpr()))
          .bind("device-use"),
      this);
  // Where a device field is given a device that may be a GPU
  // (facts::writesDevice): `cfg.device = ...`, `device_(device)`.
  Finder.addMatcher(fieldAssignment("field-write", "written-field"), this);
  Finder.addMatcher(
      cxxCtorInitializer(forField(fieldDecl().bind("written-field")))
          .bind("field-init"),
      this);
}

/// Shows facts::writesDevice where R matched a write to a device field of
/// a value that may be a GPU.
void ConflictRule::showFieldWrite(const MatchFinder::MatchResult &R) {
  const auto *Field = R.Nodes.getNodeAs<FieldDecl>("written-field");
  const auto *OC = R.Nodes.getNodeAs<CXXOperatorCallExpr>("field-write");
  const auto *Init = R.Nodes.getNodeAs<CXXCtorInitializer>("field-init");
  const Expr *Value = OC                          ? OC->getArg(1)
                      : Init && Init->isWritten() ? Init->getInit()
                                                  : nullptr;
  if (!Field || !Value || !api::isDeviceType(Field->getType()) ||
      !Field->getIdentifier() || !Field->getParent()->getIdentifier() ||
      spellsOnlyTheCpu(Value) ||
      isLibraryLocation(R.Context->getSourceManager(), Value->getExprLoc()))
    return;
  std::string Name = OC ? api::sourceText(OC->getArg(0), *R.Context)
                        : Field->getNameAsString();
  showsFact(facts::writesDevice(Field->getQualifiedNameAsString()),
            Value->getBeginLoc(),
            "'" + Name + "' is given a device that may be a GPU here");
}

void ConflictRule::onEndOfTranslationUnit(ASTContext &Ctx) {
  const SourceManager &SM = Ctx.getSourceManager();
  if (!ShownLeavesCpu && Env.Provenance &&
      Env.Provenance->wholeProgramInView())
    showsFact(facts::StaysOnCpu, SM.getLocForStartOfFile(SM.getMainFileID()),
              "");
}

void ConflictRule::run(const MatchFinder::MatchResult &R) {
  if (R.Nodes.getNodeAs<FieldDecl>("written-field")) {
    showFieldWrite(R);
    return;
  }
  if (const auto *Use = R.Nodes.getNodeAs<Expr>("device-use")) {
    if (!ShownLeavesCpu && (api::namesDeviceOtherThanCpu(Use) ||
                            movesToRuntimeDevice(Use)) &&
        !isLibraryLocation(R.Context->getSourceManager(), Use->getExprLoc())) {
      ShownLeavesCpu = true;
      showsFact(facts::LeavesCpu, Use->getBeginLoc(), "");
    }
    return;
  }
  const FunctionDecl *FD = R.Nodes.getNodeAs<FunctionDecl>("fn");
  if (const auto *L = R.Nodes.getNodeAs<LambdaExpr>("lambda"))
    FD = L->getCallOperator();
  if (!FD || !Env.Provenance || FD->isDependentContext() ||
      isLibraryLocation(R.Context->getSourceManager(), FD->getLocation()))
    return;
  onFunction(FD, *R.Context);
  // The tensors this function hands the project's functions that make their
  // conflicts with that parameter real: one on a device to a function
  // defined in another unit, one created on the CPU to any.
  for (const ExternalArgument &A : Env.Provenance->externalArguments(FD))
    showsFact(A.Cpu ? facts::passesCpu(A.Key, A.Index)
                    : facts::passesDevice(A.Key, A.Index),
              A.Arg->getBeginLoc(),
              "'" + api::sourceText(A.Arg, *R.Context) + "', on " + A.Where +
                  ", is passed to '" + A.Callee + "' here");
  for (const DeviceConflict &C : Env.Provenance->conflicts(FD))
    onConflict(C, *R.Context);
  for (const DtypeConflict &C : Env.Provenance->dtypeConflicts(FD))
    onDtypeConflict(C, *R.Context);
}

std::vector<ProjectFact> ConflictRule::neededFor(const DeviceConflict &C) {
  std::vector<ProjectFact> Needs;
  auto Add = [&](const ProjectFact &Need) {
    if (!Need.empty() && !llvm::is_contained(Needs, Need))
      Needs.push_back(Need);
  };
  Add(C.Needs);
  for (const ConflictOperand *Op : {&C.Stray, &C.Other}) {
    if (facts::isReturnsCpu(Op->Fact.Value.Key))
      Add(Op->Fact.Value.Key);
    Add(Op->Fact.Needs);
  }
  // Meeting what an input may be on: real where the program leaves the
  // CPU; linted alone, unless the unit is a whole program on the CPU.
  if (Needs.empty() && C.Other.Fact.Value.FollowsInput)
    Needs.push_back(facts::aloneUnless(facts::LeavesCpu, facts::StaysOnCpu));
  return Needs;
}

/// True when a field can be named at At, inside FD: FD is a non-static
/// member function of the field's class and, inside a constructor's member
/// initialiser, the field is initialised before the one being initialised.
static bool fieldNameableAt(const FieldDecl *Field, const FunctionDecl *FD,
                            const Expr *At, ASTContext &Ctx) {
  const auto *MD = dyn_cast<CXXMethodDecl>(FD);
  if (!MD || MD->isStatic() || MD->getParent() != Field->getParent())
    return false;
  DynTypedNode Node = DynTypedNode::create(*At);
  for (unsigned Steps = 0; Steps < 64; ++Steps) {
    DynTypedNodeList Parents = Ctx.getParents(Node);
    if (Parents.empty())
      return true;
    if (const auto *Init = Parents[0].get<CXXCtorInitializer>()) {
      const FieldDecl *Target = Init->getMember();
      return Target && Target->getParent() == Field->getParent() &&
             Field->getFieldIndex() < Target->getFieldIndex();
    }
    if (Parents[0].get<Decl>())
      return true;
    Node = Parents[0];
  }
  return true;
}

bool deviceNameableAt(const Device &D, SourceLocation Loc, const Expr *At,
                      ASTContext &Ctx) {
  if (D.FixText.empty())
    return false;
  if (!D.Var)
    return D.Kind != Device::Symbolic; // Constants can be spelled anywhere.
  const FunctionDecl *FD = enclosingFunction(At, Ctx);
  if (!FD)
    return false;
  if (const auto *P = dyn_cast<ParmVarDecl>(D.Var))
    return llvm::is_contained(FD->parameters(), P);
  if (const auto *Field = dyn_cast<FieldDecl>(D.Var))
    return fieldNameableAt(Field, FD, At, Ctx);
  const auto *VD = dyn_cast<VarDecl>(D.Var);
  return VD && VD->getParentFunctionOrMethod() == FD &&
         Ctx.getSourceManager().isBeforeInTranslationUnit(VD->getLocation(),
                                                          Loc);
}

} // namespace torchlint
