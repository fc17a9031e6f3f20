//===- RuleInfo.h - Static description of each rule -------------*- C++ -*-===//

#ifndef TORCHLINT_RULEINFO_H
#define TORCHLINT_RULEINFO_H

#include "clang-tidy/GlobList.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

#include <string>
#include <vector>

namespace torchlint {

/// How loudly a finding is reported.
enum class Severity { Note, Warning, Error };

/// Whether a rule offers fix-its and whether they may be applied unreviewed.
enum class FixKind {
  None,      ///< The rule never offers a fix-it.
  Safe,      ///< The fix-it keeps the program's meaning on every machine.
  Suggested, ///< The fix-it is right in the usual case; review it.
};

/// One row of the rule table (RuleTable.def).
struct RuleInfo {
  llvm::StringRef Id;
  llvm::StringRef Category;
  Severity DefaultSeverity;
  FixKind Fix;
  llvm::StringRef Summary;
};

/// Every rule, in table order.
llvm::ArrayRef<RuleInfo> allRules();

/// The rule with this id, or null.
const RuleInfo *findRule(llvm::StringRef Id);

/// The lowercase spelling used in output ("warning").
llvm::StringRef severityName(Severity S);

/// The lowercase spelling of a fix kind ("safe").
llvm::StringRef fixKindName(FixKind K);

/// An option a rule reads ("<rule-id>.<Name>" in CheckOptions), with the
/// value it has when unset. Every rule also reads Severity, whose default is
/// the table's severity.
struct RuleOptionInfo {
  llvm::StringRef Rule;
  llvm::StringRef Name;
  llvm::StringRef Default;
};

/// The options of the rules besides Severity, as docs/rules/<id>.md lists
/// them under "Options" (RuleTableTest checks that they agree).
llvm::ArrayRef<RuleOptionInfo> allRuleOptions();

/// clang-tidy's own glob list ("-*,torch-hardcoded-device"): the last
/// matching glob decides, a leading '-' excludes. Both hosts read -checks,
/// WarningsAsErrors and NOLINT(...) lists with it, so they cannot disagree.
using GlobList = clang::tidy::GlobList;

} // namespace torchlint

#endif
