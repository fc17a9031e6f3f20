//===- Report.h - Findings as plain data, and their output ------*- C++ -*-===//
//
// While a unit's AST is alive, findings carry clang SourceLocations. Hosts
// that outlive the AST (JSON, SARIF, --fix, baselines) need plain records:
// file, line, column, byte offsets. FindingRecord is that form.
//
//===----------------------------------------------------------------------===//

#ifndef TORCHLINT_REPORT_H
#define TORCHLINT_REPORT_H

#include "torchlint/core/Finding.h"
#include "torchlint/core/Options.h"

#include "clang/Basic/Diagnostic.h"
#include "clang/Basic/SourceManager.h"

#include <optional>
#include <string>
#include <vector>

namespace torchlint {

/// A position in a file, 1-based line and column, 0-based byte offset.
struct PlainLocation {
  std::string File;
  unsigned Line = 0;
  unsigned Column = 0;
  unsigned Offset = 0;
  /// The column in UTF-16 code units (SARIF's), when it differs from Column:
  /// on lines with non-ASCII text before the location. 0 otherwise.
  unsigned Utf16Column = 0;
};

/// A textual edit: replace Length bytes at Offset of File by Text.
struct PlainEdit {
  std::string File;
  unsigned Offset = 0;
  unsigned Length = 0;
  std::string Text;
};

struct PlainNote {
  PlainLocation Loc;
  std::string Message;
  std::string LineText; ///< The source line of Loc, for fingerprints.
};

/// A finding detached from the AST.
struct FindingRecord {
  const RuleInfo *Rule = nullptr;
  Severity Level = Severity::Warning;
  PlainLocation Loc;
  std::string Message;
  std::vector<PlainNote> Notes;
  std::vector<PlainEdit> Edits;
  std::string LineText; ///< The source line of Loc, for fingerprints.
  /// Identifies the finding across line shifts (see assignFingerprints);
  /// empty until a host computes it.
  std::string Fingerprint;
  /// Under --diff or --line-filter: the changed line that ties the finding to
  /// the change (its own line or one of its notes'), as a note; none when no
  /// line of its provenance changed. Not part of the fingerprint.
  std::optional<PlainNote> IntroducedBy;
  /// The translation unit whose analysis reported it (a header's finding is
  /// reported by the first unit, in input order, that includes the header).
  std::string Unit;
  /// Not yet settled: reported only if units of the project show each of
  /// these facts (see ProjectFact); then the notes pointing there are added.
  std::vector<Need> Needs;
};

/// Where a unit shows a project fact, detached from its AST.
struct SiteRecord {
  ProjectFact Fact;
  PlainNote Note;
  std::string Unit;    ///< The unit that showed it, once known.
  std::string Program; ///< That unit's program folder ("" for shared code).
};

/// The file location clang would show for L: macro uses point at the use.
/// The file is named lexically normalised (lexicallyNormal).
PlainLocation toPlain(const clang::SourceManager &SM, clang::SourceLocation L);

/// Path without "." components and with "dir/.." pairs folded, by text
/// alone (no symbolic link is resolved): CMake's `-I${dir}/./include` gives
/// clang "dir/./include/x.h", and every report names "dir/include/x.h", as
/// SARIF and GitHub annotations always did.
std::string lexicallyNormal(llvm::StringRef Path);

/// Rendered clang text whose diagnostic lines begin with one of the Raw
/// file names, with those names lexically normalised, so that the text
/// report names files as the JSON one does.
std::string withNormalFileNames(std::string Text,
                                const std::vector<std::string> &Raw);

/// The file range a fix-it edits, or none when it cannot be applied as one
/// text edit of one file (inside a macro body, across files). Every host
/// uses this, so --fix edits the same bytes under the CLI and clang-tidy.
std::optional<clang::CharSourceRange>
editableRange(const clang::FixItHint &Fix, const clang::SourceManager &SM,
              const clang::LangOptions &LO);

/// A note at L, detached from its AST.
PlainNote toPlainNote(const clang::SourceManager &SM, clang::SourceLocation L,
                      std::string Message);

/// Detaches F from its AST. Fix-its inside macros or headers that cannot be
/// edited as text are dropped.
FindingRecord toRecord(const Finding &F, Severity Level,
                       const clang::SourceManager &SM,
                       const clang::LangOptions &LO);

/// Rule's severity under its "<rule-id>.Severity" option (error, warning or
/// note), before warnings-as-errors, which each host's configuration applies
/// to warnings only, as clang-tidy does.
Severity configuredSeverity(const RuleInfo &Rule, const RuleOptions &Options);

/// The level a finding of severity S is emitted at, in every host: a note
/// of its own is a remark, since clang's notes only follow the diagnostic
/// they explain.
clang::DiagnosticsEngine::Level diagnosticLevel(Severity S);

/// Emits F through Diags exactly as clang would print a diagnostic, with the
/// rule id in brackets, fix-its and notes. A warning made an error by
/// WarningsAsErrors says so as clang-tidy does: "[rule,-warnings-as-errors]".
void emitDiagnostic(const Finding &F, Severity Level,
                    clang::DiagnosticsEngine &Diags,
                    bool WarningAsError = false);

} // namespace torchlint

#endif
