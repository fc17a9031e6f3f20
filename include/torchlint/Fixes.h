//===- Fixes.h - Applying fix-its to files ----------------------*- C++ -*-===//

#ifndef TORCHLINT_FIXES_H
#define TORCHLINT_FIXES_H

#include "torchlint/Report.h"

#include <map>
#include <string>
#include <vector>

namespace torchlint {

/// What applying the fixes did.
struct FixOutcome {
  unsigned FilesChanged = 0;
  unsigned EditsApplied = 0;
  std::vector<std::string> Problems; ///< Conflicts and I/O errors, one a line.
};

/// Applies every edit, grouped by file. Edits of one finding are applied
/// together or not at all; a finding whose edits overlap an earlier one's is
/// refused. Each file is written to a temporary beside it and renamed over
/// the original, so a crash never leaves a half-written file.
FixOutcome applyFixes(const std::vector<FindingRecord> &Findings);

/// Applies edits to a buffer (no I/O); exposed for tests.
std::string applyEditsToText(llvm::StringRef Text,
                             std::vector<PlainEdit> Edits);

} // namespace torchlint

#endif
