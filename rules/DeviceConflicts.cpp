//===- DeviceConflicts.cpp - Shared by the device flow rules --------------===//

#include "DeviceConflicts.h"
#include "RuleUtils.h"

#include "clang/AST/ParentMapContext.h"
#include "clang/Basic/SourceManager.h"

using namespace clang;

namespace torchlint {

std::vector<Need> DeviceConflictRule::neededFor(const DeviceConflict &C) {
  std::vector<Need> Needs;
  auto Add = [&](const ProjectFact &Fact) {
    if (!Fact.empty() && !llvm::is_contained(Needs, Need(Fact)))
      Needs.push_back(Fact);
  };
  Add(C.Needs);
  for (const ConflictOperand *Op : {&C.Stray, &C.Other}) {
    if (Op->Fact.Value.returnedElsewhere())
      Add(facts::returnsCpu(Op->Fact.Value.Key));
    Add(Op->Fact.Needs);
  }
  // Meeting what an input may be on: real where the program leaves the
  // CPU; linted alone, unless the unit is a whole program on the CPU.
  if (Needs.empty() && C.Other.Fact.Value.FollowsInput)
    Needs.push_back(
        Need::aloneUnless(FactKind::LeavesCpu, FactKind::StaysOnCpu));
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
