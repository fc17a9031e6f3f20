//===- UnitRunner.h - One unit, analysed, filtered and rendered --*- C++
//-*-===//
//
// The CLI analyses each translation unit on its own (in a worker process when
// it audits many), and hands back plain data: the findings that survive NOLINT
// comments and the header filter, each with its clang-rendered text, and the
// unit's other diagnostics. The parent prints and merges these in input order.
//
//===----------------------------------------------------------------------===//

#ifndef TORCHLINT_UNITRUNNER_H
#define TORCHLINT_UNITRUNNER_H

#include "torchlint/frontend/Frontend.h"
#include "torchlint/report/Baseline.h"
#include "torchlint/report/Config.h"
#include "torchlint/report/Report.h"

#include <nlohmann/json.hpp>

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace torchlint {

/// A finding and the text clang printed for it (warning, caret, fix-it line,
/// notes).
struct RenderedFinding {
  FindingRecord Record;
  std::string Text;
};

/// Where a unit shows a project fact, and the note clang printed for it, to
/// follow the findings that the fact settles in other units.
struct RenderedSite {
  SiteRecord Record;
  std::string Text;
};

/// A file a unit read, as the result cache checks it: by content hash, or
/// by size and modification time.
struct InputStamp {
  std::string Path;
  bool ByContent = true;
  std::string Hash; ///< BLAKE3 of the content, hex (ByContent).
  uint64_t Size = 0;
  int64_t MTime = 0; ///< Nanoseconds since the epoch (!ByContent).
};

/// Everything a unit produced.
struct UnitResult {
  std::string File;
  bool Analysed = false;
  std::string Failure; ///< Why it was not analysed ("" if it was).
  /// Some may still depend on a project fact (FindingRecord::Needs).
  std::vector<RenderedFinding> Findings;
  /// Where the unit shows project facts (none under -verify).
  std::vector<RenderedSite> Sites;
  unsigned Suppressed = 0;        ///< Silenced by NOLINT comments.
  unsigned HeaderFiltered = 0;    ///< In headers the header filter excludes.
  std::string DiagText;           ///< Compiler diagnostics, rendered.
  std::vector<std::string> Notes; ///< torchlint notes for stderr.
  /// EffectiveConfig::Warnings of the unit's configuration: the host says
  /// each once per run, not once per unit.
  std::vector<std::string> ConfigWarnings;
  /// Wall time of the unit's analysis when it ran, also when this result
  /// comes from the result cache: the unit's cost, for balancing shards.
  double Seconds = 0;
  bool Cached = false; ///< Taken from the result cache.
  /// The files the unit read (for the result cache); not sent by workers.
  std::vector<InputStamp> Inputs;
  /// What the unit gives the project index and took from it.
  UnitSummaries Summaries;
};

/// How to analyse units; the same for every unit of a run.
struct UnitJob {
  ParseOptions Parse;
  ConfigOverrides Overrides;
  std::optional<std::string> ConfigFile;
  /// The changed lines of --diff or --line-filter: a finding tied to them
  /// gets an "introduced by the change" note. Decided here, where clang can
  /// still render the note, so text, JSON and SARIF agree.
  std::optional<LineFilter> Changes;
  /// Paths in the tie notes are relative to this.
  std::string SrcRoot;
  bool Color = false;
  /// The result cache folder ("" = none), its size bound, and the identity of
  /// this torchlint build (part of every key).
  std::string ResultCacheDir;
  uint64_t ResultCacheBytes = 0;
  std::string ToolId;
  /// The project index of the run's second phase (null in the first): the
  /// summaries of functions other units define. A unit's result cache key
  /// then holds what it imports (ToolId carries its digest).
  std::shared_ptr<const ProjectIndex> Index;
  /// The host sees one unit (the language server): see
  /// EngineConfig::IndexSettles.
  bool IndexSettles = false;
  /// The run has this one unit: EngineConfig::LintedAlone.
  bool Alone = false;
#ifdef TORCHLINT_TEST_HOOKS
  /// The isolation tests' hooks (test builds only): crash or hang on a unit
  /// whose path ends with this.
  std::string CrashOn, HangOn;
#endif
};

/// Analyses File in this process. Command is its compile command. With a
/// result cache in Job, the result is stored there.
UnitResult runUnit(llvm::StringRef File,
                   const std::vector<std::string> &Command, const UnitJob &Job,
                   ConfigProvider &Configs);

/// File's result from Job's result cache, when it holds a current one.
std::optional<UnitResult> cachedUnit(llvm::StringRef File,
                                     const std::vector<std::string> &Command,
                                     const UnitJob &Job,
                                     ConfigProvider &Configs);

/// Serialisation between a worker and its parent.
nlohmann::json unitResultToJson(const UnitResult &R);
llvm::Expected<UnitResult> unitResultFromJson(const nlohmann::json &J);

/// Under --verify: the first expected-warning, -error or -remark comment of
/// File whose message names no "[rule-id]" ("file:line: comment"), or "".
std::string expectationWithoutRuleId(llvm::StringRef File);

} // namespace torchlint

#endif
