//===- Baseline.h - Fingerprints, baselines and changed-line filters -*- C++
//-*-===//
//
// Pre-merge checks report only what a change introduces: findings on changed
// lines (--diff, --line-filter) or findings absent from a recorded baseline.
//
//===----------------------------------------------------------------------===//

#ifndef TORCHLINT_BASELINE_H
#define TORCHLINT_BASELINE_H

#include "torchlint/report/Report.h"

#include "llvm/Support/Error.h"

#include <map>
#include <optional>
#include <set>
#include <string>
#include <utility>
#include <vector>

namespace torchlint {

/// Path of File relative to Root with '/' separators, or File itself when it
/// is not under Root.
std::string relativeToRoot(llvm::StringRef File, llvm::StringRef Root);

/// Gives records fingerprints one at a time, in a stable (file, offset)
/// order, counting repeats of the same hash.
class Fingerprinter {
public:
  explicit Fingerprinter(llvm::StringRef Root) : Root(Root.str()) {}
  void assign(FindingRecord &R);

private:
  std::string Root;
  std::map<std::string, unsigned> Seen;
};

/// Sets the Fingerprint of every record. A fingerprint hashes the rule, the
/// file relative to Root, the source line with whitespace collapsed, the
/// message, and the same line text and message of every note (the
/// provenance: where the tensors were created and moved), with digits left
/// out of messages, plus the record's index among records with the same
/// hash. It survives edits that only shift lines; the same crash with a new
/// birth is a new finding; two identical findings in one file stay distinct.
/// Records must be in a stable (file, offset) order.
void assignFingerprints(std::vector<FindingRecord> &Records,
                        llvm::StringRef Root);

/// The fingerprint scheme that baselines and SARIF's partialFingerprints
/// name: version 1 did not hash the notes.
constexpr unsigned FingerprintVersion = 2;

/// A baseline file: the fingerprints of accepted findings.
struct Baseline {
  std::set<std::string> Fingerprints;
};

/// Reads a baseline written by writeBaseline; a baseline of another
/// fingerprint version is an error, since none of its fingerprints would
/// match and every old finding would be reported as new.
llvm::Expected<Baseline> readBaseline(llvm::StringRef Path);

/// Reads the text of a baseline file; Path only names it in errors.
llvm::Expected<Baseline> parseBaseline(llvm::StringRef Text,
                                       llvm::StringRef Path);

/// Writes the fingerprints of Records (with their rule, file and message, for
/// people reading the file) as JSON.
llvm::Error writeBaseline(llvm::StringRef Path,
                          const std::vector<FindingRecord> &Records,
                          llvm::StringRef Root);

/// Where a finding meets a change: the first of its locations on a changed
/// line, or lines deleted inside its provenance.
struct ChangeTie {
  /// 0 for the finding's own location, I + 1 for its note I, and the number
  /// of notes + 1 for a deletion (Loc is then the line after the gap).
  size_t Index = 0;
  PlainLocation Loc;
  /// For a deletion: the removed line that names one of the finding's
  /// tensors.
  std::string Deleted;
};

/// Lines a diff removed with nothing added in their place.
struct Deletion {
  std::string File;   ///< Absolute path.
  unsigned After = 0; ///< The lines stood between After and After + 1.
  std::vector<std::string> Lines; ///< The removed text.
};

/// Which lines of which files to report, in clang-tidy's --line-filter form.
class LineFilter {
public:
  /// Parses clang-tidy's JSON: [{"name":"file.cpp","lines":[[1,3],[5,5]]},
  /// {"name":"all.h"}]. A file without "lines" is reported entirely; a file
  /// not listed is not reported.
  static llvm::Expected<LineFilter> fromJson(llvm::StringRef Json);

  /// The lines that `git diff -U0` output adds or changes; paths in the diff
  /// are relative to Root (the repository's top level).
  static LineFilter fromGitDiff(llvm::StringRef Diff, llvm::StringRef Root);

  /// Counts every line of Root/File as changed (an untracked file).
  void addWholeFile(llvm::StringRef File, llvm::StringRef Root);

  /// The same filter in clang-tidy's JSON form.
  std::string toJson() const;

  /// True when a finding at Line of File is to be reported. File names in
  /// the filter match as suffixes, as in clang-tidy.
  bool contains(llvm::StringRef File, unsigned Line) const;

  /// What ties R to the change: its own line when that changed, else the
  /// first note (in the provenance's order) whose line changed, in whichever
  /// file the note is, else a deletion between two of its locations that
  /// removed code naming one of its tensors. A bug is often born in one
  /// place and crashes in another; a change to either introduces it. None
  /// when no line of R's provenance changed.
  std::optional<ChangeTie> tieOf(const FindingRecord &R) const;

  /// Entries in order; an empty range list means the whole file.
  std::vector<
      std::pair<std::string, std::vector<std::pair<unsigned, unsigned>>>>
      Files;
  /// Pure deletions of a git diff (clang-tidy's JSON cannot express them).
  std::vector<Deletion> Deletions;
};

/// The message of the note that ties a finding to a change:
/// "introduced by the change at src/train.cpp:10", plus ", which deleted
/// '<line>'" for a deletion.
std::string introducedMessage(const ChangeTie &Tie, llvm::StringRef Root);

} // namespace torchlint

#endif
