//===- RuleInfo.cpp - The rule table and glob lists -----------------------===//

#include "torchlint/core/RuleInfo.h"

#include "llvm/ADT/STLExtras.h"

namespace torchlint {

static const RuleInfo Table[] = {
#define TORCHLINT_RULE(Id, Class, Category, Sev, FixK, Summary)                \
  {Id, Category, Severity::Sev, FixKind::FixK, Summary},
#include "torchlint/core/RuleTable.def"
};

llvm::ArrayRef<RuleInfo> allRules() { return Table; }

const RuleInfo *findRule(llvm::StringRef Id) {
  for (const RuleInfo &R : Table)
    if (R.Id == Id)
      return &R;
  return nullptr;
}

llvm::ArrayRef<RuleOptionInfo> allRuleOptions() {
  // HardcodedDeviceRule.cpp and LoadWithoutDeviceRule.cpp read these.
  static const RuleOptionInfo Options[] = {
      {"torch-hardcoded-device", "RequiresCuda", "auto"},
      {"torch-load-without-device", "Strict", "false"},
  };
  return Options;
}

llvm::StringRef severityName(Severity S) {
  switch (S) {
  case Severity::Note:
    return "note";
  case Severity::Warning:
    return "warning";
  case Severity::Error:
    return "error";
  }
  return "warning";
}

llvm::StringRef fixKindName(FixKind K) {
  switch (K) {
  case FixKind::None:
    return "none";
  case FixKind::Safe:
    return "safe";
  case FixKind::Suggested:
    return "suggested";
  }
  return "none";
}

} // namespace torchlint
