//===- Formats.h - Findings as JSON, SARIF and clang-tidy YAML ---*- C++
//-*-===//
//
// Machine-readable outputs. Each takes detached FindingRecords, so it does not
// matter which unit, worker process or host produced them.
//
//===----------------------------------------------------------------------===//

#ifndef TORCHLINT_FORMATS_H
#define TORCHLINT_FORMATS_H

#include "torchlint/report/Report.h"

#include "llvm/Support/Error.h"

#include <nlohmann/json.hpp>

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace torchlint {

/// A unit that could not be analysed.
struct UnitFailure {
  std::string File;
  std::string Message;
};

/// One unit of a run, for the report's "units" (shard costs, merges).
struct UnitInfo {
  std::string File;
  bool Analysed = false;
  bool Cached = false; ///< Taken from the result cache.
  double Seconds = 0;  ///< What analysing it cost when it ran.
};

/// Which part of a split run a report covers (--shard I/N).
struct ShardInfo {
  unsigned Index = 1;
  unsigned Count = 1;
  std::string Digest;    ///< The split's identity, equal on every shard.
  size_t UnitsTotal = 0; ///< Units of all shards.
};

/// A finding a shard could not decide, and the fingerprint of the finding
/// of its unit it follows ("" for the unit's first), so that --merge puts it
/// where one run would have.
struct PendingRecord {
  FindingRecord Record;
  std::string After;
  std::string Program; ///< Its unit's program folder (see SiteRecord).
};

/// Figures of one run, shared by every output format.
struct RunSummary {
  unsigned FilesAnalysed = 0;
  std::vector<UnitFailure> Failures;
  unsigned Suppressed = 0;    ///< Silenced by NOLINT comments.
  unsigned OutsideFilter = 0; ///< Off changed lines or filtered headers.
  unsigned InBaseline = 0;    ///< Already recorded in the baseline.
  double Seconds = 0;
  std::vector<UnitInfo> Units; ///< In input order.
  std::optional<ShardInfo> Shard;
  std::string SrcRoot; ///< What relative paths in the report start from.
  /// A shard's findings that depend on a project fact none of its units
  /// shows (another shard may), and the first site of each fact its units
  /// show: --merge decides the first with the second.
  std::vector<PendingRecord> Pending;
  std::vector<SiteRecord> Sites;
};

/// Reported findings per rule id.
std::map<std::string, unsigned>
findingsByRule(const std::vector<FindingRecord> &Records);

/// One finding as a JSON object: rule, severity, file, line, column, offset,
/// message, fingerprint, notes (with locations) and fixes (byte ranges).
nlohmann::json recordToJson(const FindingRecord &R);

/// A shard's undecided findings and sites (RunSummary::Pending and Sites)
/// as JSON ("pending", "sites"), and back into Summary.
nlohmann::json pendingToJson(const RunSummary &Summary);
llvm::Error pendingFromJson(const nlohmann::json &J, RunSummary &Summary);

/// A note as JSON (location, message, line text), and back.
nlohmann::json noteToJson(const PlainNote &N);
PlainNote noteFromJson(const nlohmann::json &J);

/// The inverse of recordToJson (worker results); fails on unknown rules.
llvm::Expected<FindingRecord> recordFromJson(const nlohmann::json &J);

/// A report document as text: indented, and with bytes that are not UTF-8
/// (a Latin-1 comment on a finding's line) replaced, never an exception.
std::string dumpJson(const nlohmann::json &Doc);

/// Doc with every string's bytes that are not UTF-8 (a Latin-1 file name,
/// a Latin-1 comment on a finding's line) kept as code points of the last
/// private use plane, U+10FF80 + (byte - 0x80), which JSON carries: a path
/// then survives a worker's result and a report byte for byte.
nlohmann::json withBytesKept(const nlohmann::json &Doc);

/// The inverse of withBytesKept.
nlohmann::json withBytesRestored(const nlohmann::json &Doc);

/// A shard's identity as the JSON report and SARIF's run properties hold it.
nlohmann::json shardToJson(const ShardInfo &S);

/// The --format=json document: {"version", "tool", "srcroot", "findings",
/// "summary", "units"}, and "shard" for a shard.
std::string renderJson(const std::vector<FindingRecord> &Records,
                       const RunSummary &Summary);

/// The --format=sarif document (SARIF 2.1.0), with every rule of the table
/// in tool.driver and locations relative to SrcRoot through %SRCROOT%.
std::string renderSarif(const std::vector<FindingRecord> &Records,
                        const RunSummary &Summary, llvm::StringRef SrcRoot);

/// The --format=github document: one GitHub Actions workflow command a
/// finding (`::warning file=F,line=L,col=C,title=RULE::MESSAGE`), which the
/// Actions runner shows as an annotation on the pull request; paths relative
/// to SrcRoot, notes as further lines of the message.
std::string renderGithub(const std::vector<FindingRecord> &Records,
                         llvm::StringRef SrcRoot);

/// Findings as clang prints diagnostics (location, severity, message, rule,
/// source line and caret, notes), from records alone: for reports merged from
/// other runs, whose clang-rendered text is gone.
std::string renderText(const std::vector<FindingRecord> &Records);

/// clang-tidy's --export-fixes YAML, which clang-apply-replacements reads.
std::string renderExportFixes(const std::vector<FindingRecord> &Records,
                              llvm::StringRef BuildDirectory);

/// Percent-encodes a path for use in a URI, keeping '/'.
std::string uriEncodePath(llvm::StringRef Path);

} // namespace torchlint

#endif
