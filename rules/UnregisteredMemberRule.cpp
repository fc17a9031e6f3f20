//===- UnregisteredMemberRule.cpp - torch-unregistered-member -------------===//
//
// Module::to(device) moves exactly what was registered: parameters, buffers
// and submodules. A tensor member, a container of tensors or a submodule
// holder that a module builds in its constructor but never registers stays
// on the CPU while the rest of the module moves, and the first forward() on
// a GPU throws "Expected all tensors to be on the same device". The analysis
// (ModuleRegistration.h) finds the members; the rule words them and wraps
// the value that creates one in the register_* call it needs.
//
//===----------------------------------------------------------------------===//

#include "RuleUtils.h"
#include "Rules.h"
#include "torchlint/analysis/ModuleRegistration.h"
#include "torchlint/api/Syntax.h"
#include "torchlint/api/TorchApi.h"

using namespace clang;
using namespace clang::ast_matchers;

namespace torchlint {
namespace {

class UnregisteredMemberRule : public Rule {
public:
  using Rule::Rule;

  void registerMatchers(MatchFinder &Finder) override {
    Finder.addMatcher(cxxRecordDecl(isDefinition(), unless(isImplicit()),
                                    unless(classTemplateSpecializationDecl()))
                          .bind("class"),
                      this);
  }

  void run(const MatchFinder::MatchResult &Result) override {
    const auto *RD = Result.Nodes.getNodeAs<CXXRecordDecl>("class");
    if (!api::isModuleClass(RD))
      return;
    for (const UnregisteredMember &M : unregisteredMembers(RD))
      reportMember(M, RD, *Result.Context);
  }

private:
  void reportMember(const UnregisteredMember &M, const CXXRecordDecl *RD,
                    ASTContext &Ctx) {
    const FieldDecl *F = M.Field;
    ModuleMemberKind Kind = M.Kind;
    std::string Name = F->getNameAsString();
    std::string Module = RD->getNameAsString();
    std::string What, Left;
    switch (Kind) {
    case ModuleMemberKind::Tensor:
      What = "tensor member";
      Left = "it";
      break;
    case ModuleMemberKind::TensorContainer:
      What = "tensor container";
      Left = "its tensors";
      break;
    case ModuleMemberKind::Submodule:
      What = "submodule";
      Left = "its parameters";
      break;
    }
    Finding &Fd = report(F->getLocation(),
                         What + " '" + Name + "' of module '" + Module +
                             "' is not registered, so module->to(device) "
                             "leaves " +
                             Left + " behind");
    Fd.Notes.push_back({M.CreatedAt, "'" + Name + "' is created here"});
    if (!M.Needs.empty())
      Fd.Needs = {M.Needs};
    if (Kind == ModuleMemberKind::TensorContainer)
      return;
    const Expr *Value = api::ignoreWrappers(M.Creation);
    // Only a whole expression of the member's type can be wrapped; braced
    // and parenthesised constructor arguments cannot.
    if (!Value || Value->getType().isNull() || Value->isTypeDependent() ||
        isa<InitListExpr, ParenListExpr>(Value) ||
        (isa<CXXConstructExpr>(Value) && !isa<CXXTemporaryObjectExpr>(Value)) ||
        !Ctx.hasSameUnqualifiedType(Value->getType().getNonReferenceType(),
                                    F->getType()))
      return;
    std::string Text = api::sourceText(Value, Ctx);
    if (Text.empty())
      return;
    llvm::StringRef Registered = llvm::StringRef(Name).rtrim('_');
    api::ModuleState State =
        Kind == ModuleMemberKind::Submodule ? api::ModuleState::Submodule
        : Text.find("requires_grad(true)") != std::string::npos
            ? api::ModuleState::Parameter
            : api::ModuleState::Buffer;
    std::string Call = api::registrationCall(State).str();
    if (auto Fix = replaceFix(
            Value->getSourceRange(),
            Call + "(\"" + Registered.str() + "\", " + Text + ")", Ctx))
      Fd.Fixes.push_back(*Fix);
  }
};

} // namespace

std::unique_ptr<Rule> createUnregisteredMemberRule(const RuleInfo &Info,
                                                   RuleEnvironment &Env) {
  return std::make_unique<UnregisteredMemberRule>(Info, Env);
}

} // namespace torchlint
