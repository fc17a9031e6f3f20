//===- Audit.h - Merging unit results into one report ------------*- C++
//-*-===//
//
// Unit results arrive in input order; the audit deduplicates findings that
// several units share (headers), fingerprints them, applies the changed-line
// filter and the baseline, and prints what survives.
//
//===----------------------------------------------------------------------===//

#ifndef TORCHLINT_SRC_CLI_AUDIT_H
#define TORCHLINT_SRC_CLI_AUDIT_H

#include "torchlint/report/Baseline.h"
#include "torchlint/report/Formats.h"
#include "torchlint/units/UnitRunner.h"

#include "llvm/Support/raw_ostream.h"

#include <map>
#include <optional>
#include <set>
#include <tuple>

namespace torchlint {

/// Which program each file of a run belongs to. One run may hold several
/// programs (a repository of examples, each with its own main()): the folder
/// of a file that defines main() is a program's folder, and a file belongs
/// to the deepest program folder above it, or to none ("": code that every
/// program may share). A folder where several files define main() holds one
/// program per such file (named by that file's path), and its other files
/// are shared. Project facts hold between related programs only.
class Programs {
public:
  Programs() = default;
  /// Reads Files for `int main(` or `auto main(` at the start of a line.
  explicit Programs(const std::vector<std::string> &Files);
  /// The program File belongs to: its folder with a final '/', the path of
  /// a main() file that is a program of its own, or "" for none.
  std::string of(llvm::StringRef File) const;
  /// True when Fact, shown by a unit of program Site, holds for a finding of
  /// program Finding (facts::relatedPrograms).
  static bool related(const ProjectFact &Fact, llvm::StringRef Site,
                      llvm::StringRef Finding);

private:
  std::vector<std::string> Roots;  ///< Program folders, with a final '/'.
  std::set<std::string> MainFiles; ///< Programs of one file each.
};

/// What the units of a run show of their project (ProjectFact): the first
/// site of each fact in each program, in input order. Findings that depend
/// on a fact are settled against the first site of a related program.
class ProjectFacts {
public:
  explicit ProjectFacts(const Programs &Progs) : Progs(Progs) {}
  /// Learns the sites of Unit, the next unit in input order, and records
  /// their unit and program in them.
  void learn(UnitResult &Unit);
  /// True when every finding of Unit that depends on a fact can be decided
  /// now: a site of that fact in a related program is known.
  bool settles(const UnitResult &Unit) const;
  /// Decides Unit's findings that depend on facts: those with a known site
  /// get the note pointing there (record and text), the others are dropped
  /// (their program does not show the fact).
  void settle(UnitResult &Unit) const;
  /// The first site of each fact in each program.
  std::vector<SiteRecord> sites() const;

private:
  const RenderedSite *siteFor(const ProjectFact &Fact,
                              llvm::StringRef Unit) const;
  const Programs &Progs;
  std::map<std::pair<ProjectFact, std::string>, RenderedSite> First;
};

/// Accumulates the report of a run.
class Audit {
public:
  /// ChangedOnly: report only findings tied to a change (--diff,
  /// --line-filter); the units decide the ties (UnitJob::Changes).
  Audit(llvm::StringRef SrcRoot, bool ChangedOnly, std::optional<Baseline> Base)
      : Prints(SrcRoot), ChangedOnly(ChangedOnly), Base(std::move(Base)) {}

  /// Takes one unit's result; its surviving findings' text and compiler
  /// diagnostics go to Text (null: not printed).
  void add(UnitResult &Unit, llvm::raw_ostream *Text);

  /// The run's programs, for the program of a shard's undecided findings.
  const Programs *ProgramMap = nullptr;
  /// Findings reported (after every filter), in input order.
  std::vector<FindingRecord> Reported;
  /// Every finding after NOLINT and deduplication, before the changed-line
  /// filter and baseline: what --write-baseline records.
  std::vector<FindingRecord> All;
  RunSummary Summary;
  std::set<std::string> FailedFiles;

private:
  Fingerprinter Prints;
  bool ChangedOnly;
  std::optional<Baseline> Base;
  std::set<std::tuple<std::string, unsigned, std::string, std::string>> Seen;
};

} // namespace torchlint

#endif
