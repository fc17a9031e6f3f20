//===- Formats.h - Findings as JSON, SARIF and clang-tidy YAML ---*- C++
//-*-===//
//
// Machine-readable outputs. Each takes detached FindingRecords, so it does not
// matter which unit, worker process or host produced them.
//
//===----------------------------------------------------------------------===//

#ifndef TORCHLINT_SRC_REPORT_FORMATS_H
#define TORCHLINT_SRC_REPORT_FORMATS_H

#include "torchlint/Report.h"

#include "llvm/Support/Error.h"

#include <nlohmann/json.hpp>

#include <map>
#include <string>
#include <vector>

namespace torchlint {

/// A unit that could not be analysed.
struct UnitFailure {
  std::string File;
  std::string Message;
};

/// Figures of one run, shared by every output format.
struct RunSummary {
  unsigned FilesAnalysed = 0;
  std::vector<UnitFailure> Failures;
  unsigned Suppressed = 0;    ///< Silenced by NOLINT comments.
  unsigned OutsideFilter = 0; ///< Off changed lines or filtered headers.
  unsigned InBaseline = 0;    ///< Already recorded in the baseline.
  double Seconds = 0;
};

/// Reported findings per rule id.
std::map<std::string, unsigned>
findingsByRule(const std::vector<FindingRecord> &Records);

/// One finding as a JSON object: rule, severity, file, line, column, offset,
/// message, fingerprint, notes (with locations) and fixes (byte ranges).
nlohmann::json recordToJson(const FindingRecord &R);

/// The inverse of recordToJson (worker results); fails on unknown rules.
llvm::Expected<FindingRecord> recordFromJson(const nlohmann::json &J);

/// The --format=json document: {"version", "tool", "findings", "summary"}.
std::string renderJson(const std::vector<FindingRecord> &Records,
                       const RunSummary &Summary);

/// The --format=sarif document (SARIF 2.1.0), with every rule of the table
/// in tool.driver and locations relative to SrcRoot through %SRCROOT%.
std::string renderSarif(const std::vector<FindingRecord> &Records,
                        const RunSummary &Summary, llvm::StringRef SrcRoot);

/// clang-tidy's --export-fixes YAML, which clang-apply-replacements reads.
std::string renderExportFixes(const std::vector<FindingRecord> &Records,
                              llvm::StringRef BuildDirectory);

/// Percent-encodes a path for use in a URI, keeping '/'.
std::string uriEncodePath(llvm::StringRef Path);

} // namespace torchlint

#endif
