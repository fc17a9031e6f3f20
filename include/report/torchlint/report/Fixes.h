//===- Fixes.h - Applying fix-its to files ----------------------*- C++ -*-===//

#ifndef TORCHLINT_FIXES_H
#define TORCHLINT_FIXES_H

#include "torchlint/report/Report.h"

#include <functional>
#include <map>
#include <set>
#include <string>
#include <vector>

namespace torchlint {

/// What applying the fixes did.
struct FixOutcome {
  unsigned FilesChanged = 0;
  unsigned EditsApplied = 0;
  std::vector<std::string> Problems; ///< Conflicts and I/O errors, one a line.
};

/// Checks the fixed texts of files before they are written: returns, for
/// each file that must stay untouched, why (its fixes would break the
/// build). Keys of NewTexts are the files the fixes change.
using FixVerifier = std::function<std::map<std::string, std::string>(
    const std::map<std::string, std::string> &NewTexts)>;

/// Applies every edit, grouped by file. Edits of one finding are applied
/// together or not at all; a finding whose edits overlap an earlier one's is
/// refused. When Verify is given, files it rejects are left untouched. Each
/// file is written to a temporary beside it and renamed over the original,
/// so a crash never leaves a half-written file.
FixOutcome applyFixes(const std::vector<FindingRecord> &Findings,
                      const FixVerifier &Verify = nullptr);

/// Applies edits to a buffer (no I/O); exposed for tests.
std::string applyEditsToText(llvm::StringRef Text,
                             std::vector<PlainEdit> Edits);

} // namespace torchlint

#endif
