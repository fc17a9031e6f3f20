//===- FlowRule.cpp - Rules that read the flow engine ---------------------===//

#include "FlowRule.h"

#include "torchlint/api/Locations.h"

using namespace clang;
using namespace clang::ast_matchers;

namespace torchlint {

void FlowRule::registerMatchers(MatchFinder &Finder) {
  Finder.addMatcher(functionDecl(isDefinition()).bind("fn"), this);
  Finder.addMatcher(lambdaExpr().bind("lambda"), this);
}

void FlowRule::run(const MatchFinder::MatchResult &R) {
  const FunctionDecl *FD = R.Nodes.getNodeAs<FunctionDecl>("fn");
  if (const auto *L = R.Nodes.getNodeAs<LambdaExpr>("lambda"))
    FD = L->getCallOperator();
  if (!FD || !Env.Provenance || FD->isDependentContext() ||
      isLibraryLocation(R.Context->getSourceManager(), FD->getLocation()))
    return;
  onFunction(FD, *R.Context);
}

} // namespace torchlint
