//===- RuleDocs.h - Rule doc pages embedded at build time -------*- C++ -*-===//

#ifndef TORCHLINT_RULEDOCS_H
#define TORCHLINT_RULEDOCS_H

#include "torchlint/core/RuleInfo.h"

#include <string>

namespace torchlint {

/// The docs/rules/<id>.md page of a rule as it was at build time, or "" when
/// the page did not exist.
llvm::StringRef ruleDocPage(llvm::StringRef Id);

/// The rule's doc page, or, when it has none, a short page made of its
/// summary, so every rule has help text.
std::string ruleHelp(const RuleInfo &Rule);

/// The web address of a rule's doc page (docs/rules/<id>.md in the
/// repository), for editors and reports that link to it.
std::string ruleDocUrl(llvm::StringRef Id);

/// The pseudo-rule under which unmatched NOLINTBEGIN/NOLINTEND comments are
/// reported (clang-tidy's name for them).
const RuleInfo &nolintRule();

/// A rule of the table, or the NOLINT pseudo-rule, by id; null if unknown.
const RuleInfo *findReportedRule(llvm::StringRef Id);

} // namespace torchlint

#endif
