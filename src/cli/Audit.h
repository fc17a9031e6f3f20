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

#include "UnitRunner.h"
#include "report/Baseline.h"
#include "report/Formats.h"

#include "llvm/Support/raw_ostream.h"

#include <map>
#include <optional>
#include <set>
#include <tuple>

namespace torchlint {

/// What the units of a project show of the project (ProjectFact): the first
/// site of each fact, in input order. Findings that depend on a fact are
/// settled against it.
class ProjectFacts {
public:
  /// Learns the sites of the next unit in input order.
  void learn(const std::vector<RenderedSite> &Sites);
  /// True when every finding of Unit that depends on a fact can be decided
  /// now: a site of that fact is known.
  bool settles(const UnitResult &Unit) const;
  /// Decides Unit's findings that depend on facts: those with a known site
  /// get the note pointing there (record and text); the others are moved to
  /// Undecided when given (a shard's, for --merge), else dropped (the
  /// project does not show the fact).
  void settle(UnitResult &Unit,
              std::vector<RenderedFinding> *Undecided = nullptr) const;
  /// The first site of each fact, in fact order.
  std::vector<SiteRecord> sites() const;

private:
  std::map<ProjectFact, RenderedSite> First;
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
