//===- DataPtrTypeRule.cpp - torch-data-ptr-type ===//
//
// Placeholder while the rule is written; it reports nothing yet.
//
//===----------------------------------------------------------------------===//

#include "Rules.h"

namespace torchlint {
namespace {

class DataPtrTypeRule : public Rule {
public:
  using Rule::Rule;
  void registerMatchers(clang::ast_matchers::MatchFinder &) override {}
  void run(const clang::ast_matchers::MatchFinder::MatchResult &) override {}
};

} // namespace

std::unique_ptr<Rule> createDataPtrTypeRule(const RuleInfo &Info, RuleEnvironment &Env) {
  return std::make_unique<DataPtrTypeRule>(Info, Env);
}

} // namespace torchlint
