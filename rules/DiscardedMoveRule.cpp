//===- DiscardedMoveRule.cpp - torch-discarded-move -----------------------===//
//
// Tensor::to, cuda and cpu return a new tensor; the receiver is untouched.
// Called as a statement they do nothing, and the tensor stays where it was
// until an operation meets a tensor on the intended device and throws.
// Module::to moves in place and is not a Tensor method, so it never matches.
//
//===----------------------------------------------------------------------===//

#include "RuleUtils.h"
#include "Rules.h"
#include "torchlint/api/Syntax.h"
#include "torchlint/api/TorchApi.h"
#include "torchlint/api/TorchMatchers.h"

using namespace clang;
using namespace clang::ast_matchers;

namespace torchlint {
namespace {

class DiscardedMoveRule : public Rule {
public:
  using Rule::Rule;

  bool claims(Claim C) const override { return C == Claim::DiscardedMove; }

  void registerMatchers(MatchFinder &Finder) override {
    Finder.addMatcher(api::match::tensorCopyCall().bind("call"), this);
  }

  void run(const MatchFinder::MatchResult &Result) override {
    ASTContext &Ctx = *Result.Context;
    const auto *Call = Result.Nodes.getNodeAs<CXXMemberCallExpr>("call");
    if (!api::isDiscardedValue(Call, Ctx))
      return;
    const Expr *Object = api::ignoreWrappers(Call->getImplicitObjectArgument());
    std::string ObjectText = api::sourceText(Object, Ctx);
    std::string CallText = api::sourceText(Call, Ctx);
    llvm::StringRef Method = Call->getMethodDecl()->getName();
    std::string Shown =
        CallText.empty() ? ("Tensor::" + Method).str() : CallText;
    std::string Subject =
        ObjectText.empty() ? "the tensor" : "'" + ObjectText + "'";
    Finding &F = report(
        Call->getExprLoc(),
        "result of '" + Shown + "' is discarded; Tensor::" + Method.str() +
            " returns a new tensor and leaves " + Subject + " unchanged");
    if (isAssignable(Object) && !ObjectText.empty())
      if (auto Fix = insertFix(Call->getBeginLoc(), ObjectText + " = ",
                               /*After=*/false, Ctx))
        F.Fixes.push_back(*Fix);
  }

private:
  /// True for a named, non-const tensor the result can be stored back into.
  /// The expression's own type decides: a copy captured by a lambda that is
  /// not mutable is const there, whatever its declaration says.
  static bool isAssignable(const Expr *Object) {
    if (!isa<DeclRefExpr, MemberExpr>(Object))
      return false;
    QualType T = Object->getType();
    bool DeclConst = false;
    if (const auto *DRE = dyn_cast<DeclRefExpr>(Object))
      DeclConst =
          DRE->getDecl()->getType().getNonReferenceType().isConstQualified();
    return api::isTensorType(T) && !DeclConst &&
           !T.getNonReferenceType().isConstQualified();
  }
};

} // namespace

std::unique_ptr<Rule> createDiscardedMoveRule(const RuleInfo &Info,
                                              RuleEnvironment &Env) {
  return std::make_unique<DiscardedMoveRule>(Info, Env);
}

} // namespace torchlint
