//===- RuleInfo.cpp - The rule table and glob lists -----------------------===//

#include "torchlint/RuleInfo.h"

#include "llvm/ADT/STLExtras.h"

namespace torchlint {

static const RuleInfo Table[] = {
#define TORCHLINT_RULE(Id, Class, Category, Sev, FixK, Summary)                \
  {Id, Category, Severity::Sev, FixKind::FixK, Summary},
#include "torchlint/RuleTable.def"
};

llvm::ArrayRef<RuleInfo> allRules() { return Table; }

const RuleInfo *findRule(llvm::StringRef Id) {
  for (const RuleInfo &R : Table)
    if (R.Id == Id)
      return &R;
  return nullptr;
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

bool globMatch(llvm::StringRef Pattern, llvm::StringRef Name) {
  // Iterative wildcard match with single-star backtracking.
  size_t P = 0, N = 0, Star = llvm::StringRef::npos, Mark = 0;
  while (N < Name.size()) {
    if (P < Pattern.size() && Pattern[P] == '*') {
      Star = P++;
      Mark = N;
    } else if (P < Pattern.size() && Pattern[P] == Name[N]) {
      ++P;
      ++N;
    } else if (Star != llvm::StringRef::npos) {
      P = Star + 1;
      N = ++Mark;
    } else {
      return false;
    }
  }
  while (P < Pattern.size() && Pattern[P] == '*')
    ++P;
  return P == Pattern.size();
}

GlobList::GlobList(llvm::StringRef Text) {
  llvm::SmallVector<llvm::StringRef, 8> Parts;
  Text.split(Parts, ',', -1, /*KeepEmpty=*/false);
  for (llvm::StringRef Part : Parts) {
    Part = Part.trim(" \t\r\n");
    bool Positive = !Part.consume_front("-");
    Part = Part.trim(" \t\r\n");
    if (!Part.empty())
      Globs.push_back({Positive, Part.str()});
  }
}

bool GlobList::contains(llvm::StringRef Name) const {
  for (const Glob &G : llvm::reverse(Globs))
    if (globMatch(G.Pattern, Name))
      return G.Positive;
  return false;
}

} // namespace torchlint
