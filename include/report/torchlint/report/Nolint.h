//===- Nolint.h - NOLINT comments, read by clang-tidy's own handler -*- C++
//-*-===//
//
// Users silence torchlint the way they silence clang-tidy: NOLINT on the
// line, NOLINTNEXTLINE on the line above, NOLINTBEGIN/NOLINTEND around a
// block, each with optional check globs in parentheses, also at a macro's
// definition. The CLI asks clang-tidy's NoLintDirectiveHandler, the code the
// plugin's host runs, so one comment means the same thing in both hosts.
//
//===----------------------------------------------------------------------===//

#ifndef TORCHLINT_NOLINT_H
#define TORCHLINT_NOLINT_H

#include "torchlint/core/LLVMCompat.h"
#include "torchlint/core/RuleInfo.h"

#include "clang/Basic/Diagnostic.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/StringRef.h"

#include <memory>
#include <string>
#include <vector>

namespace torchlint {

/// An unmatched NOLINTBEGIN or NOLINTEND, which clang-tidy reports as an
/// error of its own ("clang-tidy-nolint").
struct NolintProblem {
  std::string File;
  unsigned Offset = 0; ///< Byte offset of the directive in File.
  std::string Message;
};

/// The rule id clang-tidy gives NolintProblem diagnostics.
inline constexpr llvm::StringLiteral NolintProblemId = "clang-tidy-nolint";

/// Answers whether NOLINT comments silence findings of one unit.
class NolintFilter {
public:
  explicit NolintFilter(clang::SourceManager &SM);
  ~NolintFilter();

  /// True when a NOLINT comment silences RuleId's finding at Loc. Level is
  /// the rule's configured severity: as in clang-tidy, NOLINT never silences
  /// an error-level rule (warnings-as-errors are applied afterwards and stay
  /// suppressible). Unmatched BEGIN/END directives met on the way (once per
  /// file, when a finding there needs the block scan) are appended to
  /// Problems.
  bool suppresses(clang::SourceLocation Loc, llvm::StringRef RuleId,
                  Severity Level, std::vector<NolintProblem> &Problems);

private:
  class Query;
  std::unique_ptr<Query> Consumer;
  /// Outlives Diags, which (LLVM 21 on) holds only a reference.
  compat::DiagOptsOwner DiagOpts = compat::makeDiagOpts();
  std::unique_ptr<clang::DiagnosticsEngine> Diags;
};

} // namespace torchlint

#endif
