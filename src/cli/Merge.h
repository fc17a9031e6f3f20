//===- Merge.h - One report from the reports of several runs -----*- C++
//-*-===//
//
// `torchlint --merge a.json b.json ...` joins the reports of the shards of a
// CI matrix (or of any runs over disjoint units) into the report one run over
// all the units would have written: findings in the units' input order, a
// header's finding once, the summary recomputed. Shards of different splits,
// or a missing shard, are errors: the merged report would silently lack units.
//
//===----------------------------------------------------------------------===//

#ifndef TORCHLINT_SRC_CLI_MERGE_H
#define TORCHLINT_SRC_CLI_MERGE_H

#include "torchlint/report/Formats.h"

#include "llvm/Support/Error.h"

#include <string>
#include <vector>

namespace torchlint {

/// Findings and summary of several torchlint JSON reports, as one.
struct MergedReport {
  std::vector<FindingRecord> Findings;
  RunSummary Summary;
};

/// Merges torchlint JSON reports.
llvm::Expected<MergedReport>
mergeJsonReports(const std::vector<std::string> &Paths);

/// Merges SARIF reports written by torchlint into one SARIF document with one
/// run; results are deduplicated by rule, fingerprint and location. A
/// non-empty SrcRoot replaces the runs' %SRCROOT% (reports made elsewhere,
/// such as Bazel's sandboxes, name a placeholder).
llvm::Expected<std::string>
mergeSarifReports(const std::vector<std::string> &Paths,
                  llvm::StringRef SrcRoot = "");

/// "json" or "sarif" from a report's content; an error for anything else.
llvm::Expected<std::string> reportKindOf(llvm::StringRef Path);

} // namespace torchlint

#endif
