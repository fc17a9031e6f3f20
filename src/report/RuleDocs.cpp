//===- RuleDocs.cpp - Rule doc pages embedded at build time ---------------===//

#include "torchlint/report/RuleDocs.h"

#include <utility>

namespace torchlint {

namespace {
struct Page {
  const char *Id;
  const char *Text;
};
// The fragment may be empty (no page written yet); the sentinel keeps the
// array well-formed.
const Page Pages[] = {
#include "RuleDocs.inc"
    {nullptr, nullptr}};
} // namespace

llvm::StringRef ruleDocPage(llvm::StringRef Id) {
  for (const Page &P : Pages)
    if (P.Id && Id == P.Id)
      return P.Text;
  return "";
}

std::string ruleDocUrl(llvm::StringRef Id) {
  // The same repository SARIF names as the tool's informationUri.
  return "https://github.com/torchlint/torchlint/blob/main/docs/rules/" +
         Id.str() + ".md";
}

std::string ruleHelp(const RuleInfo &Rule) {
  llvm::StringRef Doc = ruleDocPage(Rule.Id);
  if (!Doc.empty())
    return Doc.str();
  return "# " + Rule.Id.str() + "\n\n" + Rule.Summary.str() + ".\n";
}

const RuleInfo &nolintRule() {
  static const RuleInfo Info{"clang-tidy-nolint", "suppression",
                             Severity::Error, FixKind::None,
                             "A NOLINTBEGIN or NOLINTEND comment has no "
                             "matching partner"};
  return Info;
}

const RuleInfo *findReportedRule(llvm::StringRef Id) {
  if (Id == nolintRule().Id)
    return &nolintRule();
  return findRule(Id);
}

} // namespace torchlint
