//===- FromBlobLifetimeRule.cpp - torch-from-blob-lifetime ----------------===//
//
// torch::from_blob does not copy: the tensor views the caller's memory and
// frees nothing. Over a local buffer (a std::vector, a C array, a
// std::string) the tensor is valid only until the buffer is destroyed. A
// tensor returned, or stored in a member or in the caller's container, is
// read after that, and holds whatever the allocator put there since (PyTorch
// issue #17537: indices like 1040267192 and -966454432 where the vector held
// small ones). The analysis (BufferLifetime.h) follows the tensor forward
// over the CFG, through views that share its memory and the local variables
// that hold one, to a return or a store that outlives the buffer; the rule
// words it and clones.
//
//===----------------------------------------------------------------------===//

#include "RuleUtils.h"
#include "Rules.h"
#include "torchlint/analysis/BufferLifetime.h"

#include <set>

using namespace clang;
using namespace clang::ast_matchers;

namespace torchlint {
namespace {

class FromBlobLifetimeRule : public Rule {
public:
  using Rule::Rule;

  void registerMatchers(MatchFinder &Finder) override {
    Finder.addMatcher(fromBlobCallMatcher(), this);
  }

  void run(const MatchFinder::MatchResult &Result) override {
    ASTContext &Ctx = *Result.Context;
    std::optional<BufferEscape> Out =
        fromBlobEscape(Result.Nodes.getNodeAs<CallExpr>("call"), Ctx);
    if (!Out)
      return;
    const CallExpr *Call = Out->Call.Call;
    if (!Reported.insert(Call->getBeginLoc().getRawEncoding()).second)
      return;

    std::string BufferName = Out->Buffer->getNameAsString();
    Finding &F = report(Call->getBeginLoc(),
                        "the tensor from '" + calleeText(Out->Call, Ctx) +
                            "' views '" + BufferName +
                            "', a local that is destroyed " +
                            destroyedWhen(*Out) +
                            "; '.clone()' it to keep the values");
    F.Notes.push_back(
        {Out->Buffer->getLocation(), "'" + BufferName + "' is declared here"});
    bool Returned = Out->Exit == BufferEscape::ExitKind::Returned;
    if (Out->Through) {
      std::string Name = "'" + Out->Through->getNameAsString() + "'";
      F.Notes.push_back({Out->At, Returned ? Name + " is returned here"
                                           : Name + " is stored in '" +
                                                 Out->Place + "' here"});
    }
    if (Out->ReturnedBy)
      F.Notes.push_back({Out->ReturnedBy->getBeginLoc(),
                         "'" + Out->Place + "' is returned here"});

    // Cloning where the tensor is born keeps the values the buffer holds
    // then. When the buffer is still used after that, the user may mean
    // later writes to reach the tensor: no fix-it, the message says what
    // to do.
    bool DirectReturn = !Out->Through && Returned;
    if (DirectReturn || !Out->BufferUsedAfter)
      if (auto Fix =
              insertFix(Call->getEndLoc(), ".clone()", /*After=*/true, Ctx))
        F.Fixes.push_back(*Fix);
  }

private:
  /// "when 'load' returns", or "at the end of its block" for a buffer
  /// declared in a nested block (a loop body, a branch).
  static std::string destroyedWhen(const BufferEscape &E) {
    switch (E.Scope) {
    case BufferEscape::ScopeKind::Block:
      return "at the end of its block";
    case BufferEscape::ScopeKind::Lambda:
      return "when the lambda returns";
    case BufferEscape::ScopeKind::Function:
      break;
    }
    return "when '" + E.Function->getNameAsString() + "' returns";
  }

  /// Call locations already reported (templates instantiated many times).
  std::set<unsigned> Reported;
};

} // namespace

std::unique_ptr<Rule> createFromBlobLifetimeRule(const RuleInfo &Info,
                                                 RuleEnvironment &Env) {
  return std::make_unique<FromBlobLifetimeRule>(Info, Env);
}

} // namespace torchlint
