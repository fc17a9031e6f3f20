//===- Nolint.h - NOLINT comments, with clang-tidy's semantics --*- C++ -*-===//
//
// Users silence torchlint the way they silence clang-tidy, so that one comment
// works in both hosts: NOLINT on the line, NOLINTNEXTLINE on the line above,
// NOLINTBEGIN/NOLINTEND around a block, each with optional rule globs in
// parentheses.
//
//===----------------------------------------------------------------------===//

#ifndef TORCHLINT_SRC_REPORT_NOLINT_H
#define TORCHLINT_SRC_REPORT_NOLINT_H

#include "llvm/ADT/StringRef.h"

#include <string>
#include <vector>

namespace torchlint {

/// An unmatched NOLINTBEGIN or NOLINTEND, reported as an error.
struct NolintProblem {
  unsigned Offset = 0; ///< Byte offset of the directive in the file.
  unsigned Line = 0;
  std::string Message;
};

/// The NOLINT directives of one file's text.
class NolintIndex {
public:
  explicit NolintIndex(llvm::StringRef Text);

  /// True when a directive silences RuleId on 1-based Line.
  bool suppresses(unsigned Line, llvm::StringRef RuleId) const;

  /// Unmatched BEGIN/END directives, in file order. As in clang-tidy, an
  /// unmatched directive silences nothing.
  const std::vector<NolintProblem> &problems() const { return Problems; }

private:
  /// Lines [First, Last] silenced for rules matching Globs ("" = all rules).
  struct Span {
    unsigned First, Last;
    std::string Globs;
  };
  std::vector<Span> Spans;
  std::vector<NolintProblem> Problems;
};

/// True when the clang-tidy glob list of a NOLINT comment names RuleId; an
/// empty list (plain NOLINT) names every rule.
bool nolintGlobsMatch(llvm::StringRef Globs, llvm::StringRef RuleId);

} // namespace torchlint

#endif
