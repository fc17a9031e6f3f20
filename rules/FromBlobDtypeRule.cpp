//===- FromBlobDtypeRule.cpp - torch-from-blob-dtype ===//
//
// Placeholder while the rule is written; it reports nothing yet.
//
//===----------------------------------------------------------------------===//

#include "Rules.h"

namespace torchlint {
namespace {

class FromBlobDtypeRule : public Rule {
public:
  using Rule::Rule;
  void registerMatchers(clang::ast_matchers::MatchFinder &) override {}
  void run(const clang::ast_matchers::MatchFinder::MatchResult &) override {}
};

} // namespace

std::unique_ptr<Rule> createFromBlobDtypeRule(const RuleInfo &Info, RuleEnvironment &Env) {
  return std::make_unique<FromBlobDtypeRule>(Info, Env);
}

} // namespace torchlint
