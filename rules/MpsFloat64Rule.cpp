//===- MpsFloat64Rule.cpp - torch-mps-float64 ===//
//
// Placeholder while the rule is written; it reports nothing yet.
//
//===----------------------------------------------------------------------===//

#include "Rules.h"

namespace torchlint {
namespace {

class MpsFloat64Rule : public Rule {
public:
  using Rule::Rule;
  void registerMatchers(clang::ast_matchers::MatchFinder &) override {}
  void run(const clang::ast_matchers::MatchFinder::MatchResult &) override {}
};

} // namespace

std::unique_ptr<Rule> createMpsFloat64Rule(const RuleInfo &Info, RuleEnvironment &Env) {
  return std::make_unique<MpsFloat64Rule>(Info, Env);
}

} // namespace torchlint
