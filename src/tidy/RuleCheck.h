//===- RuleCheck.h - One torchlint rule as a clang-tidy check ---*- C++ -*-===//
//
// The clang-tidy host of the engine. Rules know nothing of clang-tidy: the
// first torch-* check to finish a unit runs the engine once with every
// enabled torch-* rule, and each check re-emits its own rule's findings
// through ClangTidyCheck::diag(), so NOLINT, --fix, -warnings-as-errors and
// the export of fixes work as for any other check.
//
//===----------------------------------------------------------------------===//

#ifndef TORCHLINT_TIDY_RULECHECK_H
#define TORCHLINT_TIDY_RULECHECK_H

#include "torchlint/engine/Engine.h"

#include "clang-tidy/ClangTidyCheck.h"

namespace torchlint {
namespace tidy {

/// Reports the findings of the torchlint rule whose id is the check name, on
/// each translation unit, as clang-tidy diagnostics.
class RuleCheck : public clang::tidy::ClangTidyCheck {
public:
  RuleCheck(llvm::StringRef Name, clang::tidy::ClangTidyContext *Context);

  bool isLanguageVersionSupported(
      const clang::LangOptions &LangOpts) const override {
    return LangOpts.CPlusPlus;
  }
  void registerMatchers(clang::ast_matchers::MatchFinder *Finder) override;
  void
  check(const clang::ast_matchers::MatchFinder::MatchResult &Result) override;
  void onEndOfTranslationUnit() override;
  void storeOptions(clang::tidy::ClangTidyOptions::OptionMap &Opts) override;

private:
  const RuleInfo &Rule;
  /// Every "<rule-id>.<Option>" of the configuration, for the engine.
  RuleOptions RuleOpts;
  /// The unit seen by check(); the engine runs once matching is over.
  clang::ASTContext *Unit = nullptr;
  clang::tidy::ClangTidyContext *TidyContext;
};

} // namespace tidy
} // namespace torchlint

#endif
