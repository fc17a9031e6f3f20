//===- Finding.h - What a rule reports --------------------------*- C++ -*-===//

#ifndef TORCHLINT_FINDING_H
#define TORCHLINT_FINDING_H

#include "torchlint/core/ProjectFacts.h"
#include "torchlint/core/RuleInfo.h"

#include "clang/Basic/Diagnostic.h"
#include "clang/Basic/SourceLocation.h"

#include <string>
#include <vector>

namespace torchlint {

/// A secondary location that explains a finding (where a tensor was born,
/// where it was moved, which branch was taken).
struct FindingNote {
  clang::SourceLocation Loc;
  std::string Message;
};

/// One diagnostic produced by a rule while the AST is alive.
///
/// Locations may be macro locations: hosts render them the way clang does
/// (the use site, then a note at the macro definition).
struct Finding {
  const RuleInfo *Rule = nullptr;
  clang::SourceLocation Loc;
  std::string Message;
  std::vector<FindingNote> Notes;
  std::vector<clang::FixItHint> Fixes;
  /// Reported only where the project shows each of these facts; the note
  /// pointing at the site that shows one is added when it is settled.
  std::vector<Need> Needs;
};

} // namespace torchlint

#endif
