//===- Driver.cpp - The torchlint command line ----------------------------===//
//
// A thin host: it turns options into a run (inputs, configuration, filters),
// hands units to the worker pool, and writes the outputs. The work itself is
// in UnitRunner, Audit, WorkerPool and src/report.
//
//===----------------------------------------------------------------------===//

#include "Driver.h"

#include "Audit.h"
#include "FromError.h"
#include "Git.h"
#include "Merge.h"
#include "OrderedDelivery.h"
#include "Shard.h"
#include "torchlint/report/Config.h"
#include "torchlint/report/Formats.h"
#include "torchlint/report/RuleDocs.h"
#include "torchlint/units/LspOptions.h"
#include "torchlint/units/Progress.h"
#include "torchlint/units/ResultCache.h"
#include "torchlint/units/UnitRunner.h"
#include "torchlint/units/WorkerPool.h"

#include "torchlint/engine/Engine.h"
#include "torchlint/report/Fixes.h"

#include "torchlint/frontend/Frontend.h"
#include "torchlint/core/Paths.h"
#include "torchlint/report/Report.h"

#include <map>
#include <set>

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/Regex.h"
#include "llvm/Support/Signals.h"
#include "llvm/Support/Threading.h"
#include "llvm/Support/raw_ostream.h"

#include <CLI/CLI.hpp>

#include <algorithm>
#include <chrono>
#include <csignal>
#include <unistd.h>

#ifndef TORCHLINT_VERSION
#define TORCHLINT_VERSION "0.0.0"
#endif

using namespace clang;

namespace torchlint {

int exitStatus(const RunOutcome &O) {
  if (O.Failed)
    return ExitError;
  // Recording a baseline accepts today's findings.
  if (O.WroteBaseline)
    return ExitClean;
  // Under --verify the findings are the expected ones: success is silence.
  if (O.Verify || O.ExitZero)
    return ExitClean;
  return O.Findings == 0 ? ExitClean : ExitFindings;
}

namespace {

/// ": <the first compiler error>" from a unit's rendered diagnostics, or "".
std::string firstError(llvm::StringRef DiagText) {
  llvm::SmallVector<llvm::StringRef, 16> Lines;
  DiagText.split(Lines, '\n');
  for (llvm::StringRef L : Lines)
    if (L.contains(": error: "))
      return ": " + L.trim().str();
  return "";
}

/// Everything the command line says.
struct Settings {
  std::vector<std::string> Inputs;
  std::optional<std::vector<std::string>> ExtraFlags;
  std::string BuildPath;
  std::optional<std::string> Checks;
  std::optional<std::string> WarningsAsErrors;
  std::optional<std::string> HeaderFilter;
  std::optional<std::string> ConfigFile;
  bool DumpConfig = false;
  std::string Explain;
  std::string CacheDir;
  bool NoCache = false;
  bool NoSkipBodies = false;
  bool ListRules = false;
  bool Version = false;
  std::string WriteCudaStandIns;
  bool Quiet = false;
  bool Verbose = false;
  bool Fix = false;
  /// --exit-zero: findings do not fail the run (errors still do).
  bool ExitZero = false;
  bool FixErrors = false;
  bool Verify = false;
  std::string Color = "auto";
  std::string Format = "text";
  std::string OutputFile;
  std::string ExportFixes;
  std::string SrcRoot;
  std::string DiffRef;
  std::string LineFilterJson;
  std::string BaselineFile;
  std::string WriteBaselineFile;
  unsigned Jobs = 0;
  unsigned UnitTimeout = 900;
  bool NoIsolate = false;
  std::string CrashOn, HangOn;
  std::string UnitMemory = "auto";
  bool Lsp = false;
  LanguageServer Serve = nullptr; ///< Not an option: main.cpp's server.
  std::string CacheSize = "2G";
  std::string ResultCacheDir;
  std::string ResultCacheSize = "1G";
  std::string Shard;
  std::string ShardCosts;
  bool Merge = false;
  std::string ProjectScope = "run";
  std::string FromError;
  /// --untrusted / --no-untrusted; neither: on where a CI system says so
  /// (untrustedRun).
  bool Untrusted = false;
  bool NoUntrusted = false;
};

/// Bytes from "1G", "512M", "64K" or a plain number.
std::optional<uint64_t> parseSize(llvm::StringRef Text) {
  uint64_t Scale = 1;
  if (Text.ends_with_insensitive("k"))
    Scale = 1ULL << 10;
  else if (Text.ends_with_insensitive("m"))
    Scale = 1ULL << 20;
  else if (Text.ends_with_insensitive("g"))
    Scale = 1ULL << 30;
  if (Scale != 1)
    Text = Text.drop_back();
  uint64_t N;
  if (Text.empty() || Text.getAsInteger(10, N) || N == 0 ||
      N > UINT64_MAX / Scale)
    return std::nullopt;
  return N * Scale;
}

void printRules(llvm::raw_ostream &OS) {
  OS << "torchlint rules (id, category, default severity, fix-it):\n";
  for (const RuleInfo &R : allRules()) {
    OS << "  " << R.Id;
    OS.indent(R.Id.size() < 30 ? 30 - R.Id.size() : 1);
    OS << R.Category << ", " << severityName(R.DefaultSeverity) << ", "
       << fixKindName(R.Fix) << "\n      " << R.Summary << "\n";
  }
}

void error(const llvm::Twine &Message) {
  llvm::errs() << "torchlint: error: " << Message << "\n";
}

void warning(const llvm::Twine &Message) {
  llvm::errs() << "torchlint: warning: " << Message << "\n";
}

void note(const llvm::Twine &Message) {
  llvm::errs() << "torchlint: note: " << Message << "\n";
}

/// Names the LibTorch release of the headers in use (-v), from their
/// torch/version.h; rules whose facts differ between releases key on it.
void noteTorchRelease(llvm::StringRef Version) {
  note("LibTorch release: " +
       (Version.empty() ? llvm::StringRef("unknown (no torch/version.h)")
                        : Version));
}

/// Writes Text to Path, or stdout for "" or "-".
bool writeOutput(llvm::StringRef Path, llvm::StringRef Text) {
  if (Path.empty() || Path == "-") {
    llvm::outs() << Text;
    llvm::outs().flush();
    return true;
  }
  std::error_code EC;
  llvm::raw_fd_ostream OS(Path, EC);
  if (EC) {
    error("cannot write '" + Path + "': " + EC.message());
    return false;
  }
  OS << Text;
  return true;
}

/// An error whose message is Why.
llvm::Error failure(const llvm::Twine &Why) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), Why);
}

std::string currentDir() {
  llvm::SmallString<256> Dir;
  llvm::sys::fs::current_path(Dir);
  return std::string(Dir);
}

/// The summary table printed on stderr at the end of a run; Fixed of the
/// findings were fixed by --fix.
void printSummary(llvm::raw_ostream &OS, const std::vector<FindingRecord> &R,
                  const RunSummary &Summary, size_t Units, double Seconds,
                  size_t Fixed = 0) {
  unsigned WithFindings = 0;
  std::set<std::string> Files;
  for (const FindingRecord &F : R)
    Files.insert(F.Loc.File);
  WithFindings = Files.size();
  unsigned Analysed = Summary.FilesAnalysed;
  unsigned Cached = 0;
  for (const UnitInfo &U : Summary.Units)
    Cached += U.Cached;
  OS << "torchlint: " << R.size() << " finding" << (R.size() == 1 ? "" : "s");
  if (Fixed)
    OS << " (" << Fixed << " fixed)";
  OS << " in " << WithFindings << " of " << Analysed << " analysed file"
     << (Analysed == 1 ? "" : "s");
  size_t NotAnalysed = Units - Analysed;
  if (NotAnalysed)
    OS << " (" << NotAnalysed << " not analysed)";
  if (Cached)
    OS << " (" << Cached << " from the result cache)";
  OS << " in " << llvm::format("%.1f", Seconds) << " s\n";
  OS << "torchlint: suppressed " << Summary.Suppressed << " by NOLINT";
  if (Summary.OutsideFilter)
    OS << ", " << Summary.OutsideFilter << " outside the line/header filter";
  if (Summary.InBaseline)
    OS << ", " << Summary.InBaseline << " in the baseline";
  OS << "\n";
  auto ByRule = findingsByRule(R);
  if (ByRule.empty() && Summary.Failures.empty())
    return;
  OS << "  rule                              findings\n";
  for (const auto &[Id, N] : ByRule) {
    OS << "  " << Id;
    OS.indent(Id.size() < 34 ? 34 - Id.size() : 1);
    OS << N << "\n";
  }
  OS << "  files analysed " << Analysed << ", failed "
     << Summary.Failures.size() << ", suppressed " << Summary.Suppressed
     << ", time " << formatDuration(Seconds) << "\n";
  for (const UnitFailure &F : Summary.Failures) {
    bool Partly = llvm::any_of(Summary.Units, [&](const UnitInfo &U) {
      return U.File == F.File && U.Analysed;
    });
    OS << (Partly ? "  partly analysed: " : "  not analysed: ") << F.File
       << "\n";
  }
}

/// How every unit of the run is parsed and configured.
std::string srcRootOf(const Settings &S);

/// Whether the run bounds what a parse reads (docs/ci.md, untrusted pull
/// requests): --untrusted or --no-untrusted, else on in CI. The bound is
/// for jobs whose code and compile database come from strangers and whose
/// logs are published, which run in CI; on a developer's machine it would
/// refuse ordinary projects (an include folder in a Conan or vcpkg cache,
/// /opt, a sibling checkout) and protect nothing the user cannot read.
bool untrustedRun(const Settings &S) {
  if (S.Untrusted || S.NoUntrusted)
    return S.Untrusted;
  // What CI systems set: GitHub Actions, GitLab, Buildkite, Azure
  // Pipelines, Jenkins, and most others' CI=true.
  for (const char *Name :
       {"GITHUB_ACTIONS", "GITLAB_CI", "BUILDKITE", "TF_BUILD", "JENKINS_URL"})
    if (std::optional<std::string> V = processEnv(Name); V && !V->empty())
      return true;
  std::optional<std::string> CI = processEnv("CI");
  return CI && !CI->empty() && *CI != "false" && *CI != "0";
}

/// The project's folders a parse may read: the repository (or --srcroot,
/// or the current folder), the -p build folder, each input's folder and
/// the preamble cache. Text of any other file but the system's and
/// LibTorch's headers never reaches a report (docs/ci.md). None (no bound)
/// outside an untrusted run.
std::vector<std::string> readableRootsOf(const Settings &S,
                                         llvm::StringRef CacheDir) {
  if (!untrustedRun(S))
    return {};
  std::vector<std::string> Roots = {srcRootOf(S)};
  auto FolderOf = [](llvm::StringRef P) {
    std::string Abs = absolutePath(P);
    return llvm::sys::fs::is_directory(Abs)
               ? Abs
               : llvm::sys::path::parent_path(Abs).str();
  };
  if (!S.BuildPath.empty())
    Roots.push_back(FolderOf(S.BuildPath));
  for (const std::string &In : S.Inputs) {
    Roots.push_back(FolderOf(In));
    // A file named on the command line that is a link (Bazel's sandbox
    // links each source to the checkout) is read where it points: that
    // folder is the user's too. Files found by walking a folder, or named
    // by a compile database, do not widen the fence.
    llvm::SmallString<256> Real;
    if (!llvm::sys::fs::is_directory(In) &&
        !llvm::sys::fs::real_path(In, Real) && Real != absolutePath(In))
      Roots.push_back(llvm::sys::path::parent_path(Real).str());
  }
  if (!CacheDir.empty())
    Roots.push_back(absolutePath(CacheDir));
  // Flags after -- are the user's own, like the inputs: their folders and
  // the files they force-include are readable.
  if (S.ExtraFlags) {
    const std::vector<std::string> &F = *S.ExtraFlags;
    for (size_t I = 0; I < F.size(); ++I) {
      llvm::StringRef A = F[I];
      for (llvm::StringRef Flag :
           {"-isystem", "-idirafter", "-iquote", "-include", "-I"}) {
        std::string Value;
        if (A == Flag && I + 1 < F.size())
          Value = F[I + 1];
        else if (A.starts_with(Flag) && A.size() > Flag.size())
          Value = A.drop_front(Flag.size()).str();
        if (Value.empty())
          continue;
        Roots.push_back(Flag == "-include" ? FolderOf(Value)
                                           : absolutePath(Value));
        break;
      }
    }
  }
  // Ten thousand files of one folder are one root: the fence checks every
  // file a parse opens against each.
  std::sort(Roots.begin(), Roots.end());
  Roots.erase(std::unique(Roots.begin(), Roots.end()), Roots.end());
  return Roots;
}

UnitJob unitJobOf(const Settings &S) {
  UnitJob Job;
  Job.Parse.ResourceDir = defaultResourceDir();
  Job.Parse.CacheDir =
      S.NoCache
          ? ""
          : (S.CacheDir.empty() ? defaultCacheDir(processEnv) : S.CacheDir);
  Job.Parse.SkipLibraryBodies = !S.NoSkipBodies;
  Job.Parse.Verify = S.Verify;
  Job.Parse.Verbose = S.Verbose;
  Job.Parse.ReadableRoots = readableRootsOf(S, Job.Parse.CacheDir);
  Job.Overrides = {S.Checks, S.WarningsAsErrors, S.HeaderFilter};
  Job.ConfigFile = S.ConfigFile;
#ifdef TORCHLINT_TEST_HOOKS
  Job.CrashOn = S.CrashOn;
  Job.HangOn = S.HangOn;
#endif
  return Job;
}

/// The language server's options: the same units, flags and caches as a run.
LspOptions lspOptionsOf(const Settings &S) {
  LspOptions O;
  O.Job = unitJobOf(S);
  if (!S.BuildPath.empty())
    O.BuildPath = S.BuildPath;
  O.ExtraFlags = S.ExtraFlags;
  O.UnitTimeout = S.UnitTimeout;
  O.Verbose = S.Verbose;
  return O;
}

/// The line filter of the run: --line-filter, or the lines --diff changed
/// plus every line of the files git does not track yet. A git failure is an
/// error, never an empty filter: that would drop every finding and pass.
llvm::Expected<std::optional<LineFilter>> lineFilterOf(const Settings &S) {
  if (!S.LineFilterJson.empty()) {
    auto F = LineFilter::fromJson(S.LineFilterJson);
    if (!F)
      return F.takeError();
    return std::optional<LineFilter>(std::move(*F));
  }
  if (S.DiffRef.empty())
    return std::nullopt;
  auto Top = gitWorkTreeTop(currentDir());
  if (!Top)
    return failure("--diff: " + llvm::toString(Top.takeError()));
  auto Diff = gitDiff(*Top, S.DiffRef);
  if (!Diff)
    return failure("git diff " + S.DiffRef + ": " +
                   llvm::toString(Diff.takeError()));
  LineFilter Filter = LineFilter::fromGitDiff(*Diff, *Top);
  auto Untracked = gitUntrackedFiles(*Top);
  if (!Untracked)
    return failure("git ls-files (untracked files for --diff): " +
                   llvm::toString(Untracked.takeError()));
  for (const std::string &File : *Untracked)
    Filter.addWholeFile(File, *Top);
  return std::optional<LineFilter>(std::move(Filter));
}

/// --merge: one report from the reports of shards or separate runs.
int runMerge(const Settings &S) {
  if (S.Inputs.empty()) {
    error("--merge: name the reports to merge");
    return ExitError;
  }
  std::string Kind;
  for (const std::string &Path : S.Inputs) {
    auto K = reportKindOf(Path);
    if (!K) {
      error("--merge: " + llvm::toString(K.takeError()));
      return ExitError;
    }
    if (!Kind.empty() && *K != Kind) {
      error("--merge: '" + Path + "' is " + *K + " but '" + S.Inputs.front() +
            "' is " + Kind + "; merge reports of one format");
      return ExitError;
    }
    Kind = *K;
  }
  if (Kind == "sarif") {
    // SARIF keeps paths relative to each run's root and no unit order: it
    // merges into SARIF only.
    if (S.Format != "sarif") {
      error("--merge: SARIF reports merge into --format=sarif only; merge the "
            "shards' JSON reports for text or JSON");
      return ExitError;
    }
    std::string Root = S.SrcRoot.empty() ? "" : absolutePath(S.SrcRoot);
    auto Doc = mergeSarifReports(S.Inputs, Root);
    if (!Doc) {
      error("--merge: " + llvm::toString(Doc.takeError()));
      return ExitError;
    }
    if (!writeOutput(S.OutputFile, *Doc))
      return ExitError;
    auto Parsed = nlohmann::json::parse(*Doc);
    const nlohmann::json &Run = Parsed["runs"][0];
    bool Failed = !Run["invocations"][0].value("executionSuccessful", true);
    if (Failed)
      return ExitError;
    return Run["results"].empty() ? ExitClean : ExitFindings;
  }
  auto Merged = mergeJsonReports(S.Inputs);
  if (!Merged) {
    error("--merge: " + llvm::toString(Merged.takeError()));
    return ExitError;
  }
  std::string SrcRoot = S.SrcRoot.empty() ? Merged->Summary.SrcRoot : S.SrcRoot;
  Merged->Summary.SrcRoot = SrcRoot;
  bool Written = true;
  if (S.Format == "json")
    Written = writeOutput(S.OutputFile,
                          renderJson(Merged->Findings, Merged->Summary));
  else if (S.Format == "sarif")
    Written = writeOutput(
        S.OutputFile, renderSarif(Merged->Findings, Merged->Summary, SrcRoot));
  else if (S.Format == "github")
    Written =
        writeOutput(S.OutputFile, renderGithub(Merged->Findings, SrcRoot));
  else
    Written = writeOutput(S.OutputFile, renderText(Merged->Findings));
  if (!S.ExportFixes.empty())
    Written &= writeOutput(S.ExportFixes,
                           renderExportFixes(Merged->Findings, currentDir()));
  if (!S.Quiet)
    printSummary(llvm::errs(), Merged->Findings, Merged->Summary,
                 Merged->Summary.Units.size(), Merged->Summary.Seconds);
  if (!Written || !Merged->Summary.Failures.empty())
    return ExitError;
  return Merged->Findings.empty() || S.ExitZero ? ExitClean : ExitFindings;
}

/// --fix: applies the reported fix-its whose files still compile with them.
/// False when a fix was refused or could not be written: a failed run.
bool applyVerifiedFixes(
    const Settings &S, const Audit &TheAudit,
    const std::map<std::string, std::set<size_t>> &UnitsEditing,
    const std::vector<std::string> &Files,
    const std::vector<std::vector<std::string>> &Commands, const UnitJob &Job,
    ConfigProvider &Configs, size_t &Left) {
  // Never edit a file that did not compile: its findings are unreliable
  // and its text may not be what the compiler saw.
  std::vector<FindingRecord> Fixable;
  Left = 0;
  for (const FindingRecord &R : TheAudit.Reported) {
    bool Editable = S.FixErrors || !TheAudit.FailedFiles.count(R.Loc.File);
    if (Editable)
      Fixable.push_back(R);
    // A finding whose fix is refused fails the run, so only those with no
    // fix to apply are left when every fix went in.
    if (!Editable || R.Edits.empty())
      ++Left;
  }
  auto EditorsOf = [&](const std::string &File) -> const std::set<size_t> & {
    static const std::set<size_t> None;
    auto It = UnitsEditing.find(File);
    return It == UnitsEditing.end() ? None : It->second;
  };
  // A fix must not break the build: each unit that edits a file is parsed
  // again in memory with every fixed text, before anything is written, and
  // a file whose fixes add a compile error is left as it was.
  FixVerifier Verify = [&](const std::map<std::string, std::string> &NewTexts) {
    std::map<std::string, std::string> Rejected;
    std::set<size_t> Units;
    for (const auto &[File, Text] : NewTexts)
      for (size_t I : EditorsOf(File))
        Units.insert(I);
    for (size_t I : Units) {
      UnitJob Check = Job;
      Check.Changes.reset();
      Check.ResultCacheDir.clear();
      Check.Parse.UnsavedFiles = NewTexts;
      UnitResult R = runUnit(Files[I], Commands[I], Check, Configs);
      if (R.Failure.empty())
        continue;
      std::string Why = "with them '" + Files[I] + "' would not compile" +
                        firstError(R.DiagText);
      for (const auto &[File, Text] : NewTexts)
        if (EditorsOf(File).count(I))
          Rejected.emplace(File, Why);
    }
    return Rejected;
  };
  FixOutcome Fixed = applyFixes(Fixable, Verify);
  for (const std::string &P : Fixed.Problems)
    error(P);
  if (!S.Quiet)
    note("applied " + llvm::Twine(Fixed.EditsApplied) + " fix-it" +
         (Fixed.EditsApplied == 1 ? "" : "s") + " in " +
         llvm::Twine(Fixed.FilesChanged) + " file" +
         (Fixed.FilesChanged == 1 ? "" : "s"));
  return Fixed.Problems.empty();
}

/// Writes the run's documents: --export-fixes, and the JSON or SARIF report
/// (text went out as units were delivered). False when one cannot be written.
bool writeReports(const Settings &S, const Audit &TheAudit,
                  llvm::StringRef SrcRoot) {
  bool Written = true;
  // Every document is attempted even after one fails, as before: a bad
  // --export-fixes path must not also lose the report.
  if (!S.ExportFixes.empty() &&
      !writeOutput(S.ExportFixes,
                   renderExportFixes(TheAudit.Reported, currentDir())))
    Written = false;
  if (S.Format == "json" &&
      !writeOutput(S.OutputFile,
                   renderJson(TheAudit.Reported, TheAudit.Summary)))
    Written = false;
  if (S.Format == "sarif" &&
      !writeOutput(S.OutputFile, renderSarif(TheAudit.Reported,
                                             TheAudit.Summary, SrcRoot)))
    Written = false;
  if (S.Format == "github" &&
      !writeOutput(S.OutputFile, renderGithub(TheAudit.Reported, SrcRoot)))
    Written = false;
  return Written;
}

/// Whether text on stdout is coloured (--color, or whether stdout is a
/// terminal).
bool colorOf(const Settings &S) {
  return S.Color == "always" ||
         (S.Color == "auto" && llvm::sys::Process::StandardOutIsDisplayed());
}

/// --dump-config: prints the effective configuration, as clang-tidy does:
/// that of the first input, or of a file in the current directory.
int dumpConfig(const Settings &S) {
  ConfigOverrides Overrides{S.Checks, S.WarningsAsErrors, S.HeaderFilter};
  ConfigProvider Configs(S.ConfigFile);
  llvm::SmallString<256> Probe(S.Inputs.empty() ? currentDir()
                                                : S.Inputs.front());
  llvm::sys::fs::make_absolute(Probe);
  if (S.Inputs.empty() || llvm::sys::fs::is_directory(Probe))
    llvm::sys::path::append(Probe, "dummy.cpp");
  auto C = Configs.configFor(Probe);
  if (!C) {
    error(llvm::toString(C.takeError()));
    return ExitError;
  }
  EffectiveConfig E = resolveConfig(*C, Overrides);
  for (const std::string &W : E.Warnings)
    warning(W);
  TidyConfig Shown = *C;
  Shown.Options.Checks = E.Checks;
  Shown.Options.WarningsAsErrors = E.WarningsAsErrors;
  Shown.Options.HeaderFilterRegex = E.HeaderFilterRegex;
  llvm::outs() << dumpTidyConfig(Shown);
  return ExitClean;
}

/// Runs the modes that analyse no unit themselves (--version, --list-rules,
/// --write-cuda-stand-ins, --explain, --dump-config, --lsp, --merge,
/// --from-error) and returns their exit status; none for an analysis run.
std::optional<int> runInfoMode(const Settings &S) {
  if (S.Version) {
    llvm::outs() << "torchlint " << TORCHLINT_VERSION << " (clang "
                 << LLVM_VERSION_STRING << ")\n";
    return ExitClean;
  }
  if (S.ListRules) {
    printRules(llvm::outs());
    return ExitClean;
  }
  if (!S.WriteCudaStandIns.empty()) {
    if (llvm::Error E = writeCudaStandIns(S.WriteCudaStandIns)) {
      error(llvm::toString(std::move(E)));
      return ExitError;
    }
    llvm::outs() << "torchlint: CUDA stand-in headers written to "
                 << S.WriteCudaStandIns << "; pass -idirafter "
                 << S.WriteCudaStandIns
                 << " to clang-tidy or clangd on machines with no CUDA "
                    "toolkit\n";
    return ExitClean;
  }
  if (!S.Explain.empty()) {
    const RuleInfo *R = findRule(S.Explain);
    if (!R) {
      error("no rule '" + S.Explain + "'; see --list-rules");
      return ExitError;
    }
    llvm::outs() << ruleHelp(*R);
    return ExitClean;
  }
  if (S.DumpConfig)
    return dumpConfig(S);
  if (S.Lsp) {
    if (!S.Serve) {
      error("--lsp: this build has no language server");
      return ExitError;
    }
    return S.Serve(lspOptionsOf(S));
  }
  if (S.Merge)
    return runMerge(S);
  if (!S.FromError.empty())
    return runFromError({S.FromError, S.Inputs, S.ExtraFlags, S.BuildPath,
                         S.Checks, S.Format, S.OutputFile, S.CacheDir,
                         S.NoCache, S.SrcRoot, S.Quiet, S.Verbose, colorOf(S),
                         readableRootsOf(S, unitJobOf(S).Parse.CacheDir)});
  return std::nullopt;
}

/// The analysis run that the command line asks for, decided before any unit
/// is analysed.
struct RunPlan {
  /// What SARIF paths, fingerprints and baselines are relative to.
  std::string SrcRoot;
  std::optional<Baseline> Base;
  /// The inputs this run (or shard) analyses; its Errors are reported.
  ExpandedInputs Inputs;
  /// The program of every input, of this shard or not.
  Programs Progs;
  std::optional<ShardInfo> Shard;
  std::optional<CommandResolver> Resolver;
  /// How every unit is parsed and configured (Job.Changes: the line filter).
  UnitJob Job;
  ConfigProvider Configs;
  /// Workers in parallel, and each one's memory bound (0: none).
  unsigned Jobs = 0;
  uint64_t UnitMemory = 0;
  /// Where the text goes (null: nowhere, a document is on stdout), and the
  /// file that holds it under --format=text -o.
  llvm::raw_ostream *Text = nullptr;
  std::unique_ptr<llvm::raw_fd_ostream> TextFile;
};

/// The root of the run: --srcroot, else the git top level, else the current
/// directory; absolute.
std::string srcRootOf(const Settings &S) {
  return absolutePath(S.SrcRoot.empty()
                          ? gitTopLevel(currentDir()).value_or(currentDir())
                          : S.SrcRoot);
}

/// Keeps in Files the units of --shard I/N and returns which shard this is
/// (none without --shard).
llvm::Expected<std::optional<ShardInfo>>
splitShard(const Settings &S, std::vector<std::string> &Files,
           llvm::StringRef SrcRoot) {
  if (S.Shard.empty())
    return std::nullopt;
  auto Spec = parseShard(S.Shard);
  if (!Spec)
    return Spec.takeError();
  std::map<std::string, double> Costs;
  if (!S.ShardCosts.empty()) {
    auto C = readShardCosts(S.ShardCosts);
    if (!C)
      return C.takeError();
    Costs = std::move(*C);
  }
  ShardPlan Plan = planShard(Files, *Spec, Costs, SrcRoot);
  if (S.Verbose)
    note("shard " + S.Shard + ": " + llvm::Twine(Plan.Files.size()) + " of " +
         llvm::Twine(Plan.UnitsTotal) + " units (split " + Plan.Digest + ")");
  Files = std::move(Plan.Files);
  return ShardInfo{Spec->Index, Spec->Count, Plan.Digest, Plan.UnitsTotal};
}

/// The compile commands of the run: -p, the databases above each file, or
/// the flags after -- with the LibTorch headers found on this machine.
llvm::Expected<CommandResolver> commandResolverOf(const Settings &S) {
  std::optional<TorchIncludes> Torch;
  // With flags after --, the detected folders are added only when those
  // flags do not reach LibTorch themselves (CommandResolver decides); then
  // nothing is looked for, since asking python3 costs a process per run.
  bool FlagsReachTorch = S.ExtraFlags && reachesTorchHeaders(*S.ExtraFlags);
  if (S.BuildPath.empty() && !FlagsReachTorch) {
    Torch = locateTorch(processEnv);
    if (S.Verbose) {
      if (Torch) {
        // Only for commands that name no LibTorch folder of their own (no
        // compile database, or a file it does not list and cannot infer);
        // each unit's line below says which headers its command reaches.
        note("LibTorch headers for commands that name none, from " +
             Torch->Origin + ":");
        for (const std::string &D : Torch->Dirs)
          note("  " + D);
        noteTorchRelease(Torch->Version);
      } else {
        note("LibTorch headers not found; only compile databases and flags "
             "after -- will locate them");
      }
    }
  } else if (S.BuildPath.empty() && S.Verbose) {
    note("LibTorch headers from the flags after --");
    noteTorchRelease(torchVersionIn(includeDirsOf(*S.ExtraFlags)));
  }
  CommandResolver Resolver(S.BuildPath.empty()
                               ? std::nullopt
                               : std::optional<std::string>(S.BuildPath),
                           S.ExtraFlags, Torch, readableRootsOf(S, ""));
  if (llvm::Error E = Resolver.init())
    return failure("compile database: " + llvm::toString(std::move(E)));
  return Resolver;
}

/// The bytes of a size option (--cache-size, --result-cache-size).
llvm::Expected<uint64_t> sizeOption(llvm::StringRef Option,
                                    llvm::StringRef Text) {
  if (std::optional<uint64_t> Bytes = parseSize(Text))
    return *Bytes;
  return failure("--" + Option + " '" + Text +
                 "': expected a size such as 512M or 2G");
}

/// Sets the run's bounds: of the preamble cache, the workers and their
/// memory, and the result cache.
llvm::Error setLimits(const Settings &S, RunPlan &Plan) {
  auto CacheBytes = sizeOption("cache-size", S.CacheSize);
  if (!CacheBytes)
    return CacheBytes.takeError();
  Plan.Job.Parse.CacheBytes = *CacheBytes;
  Plan.Jobs =
      S.Jobs ? S.Jobs : llvm::hardware_concurrency().compute_thread_count();
  if (S.UnitMemory == "auto") {
    Plan.UnitMemory = defaultUnitMemory(Plan.Jobs);
  } else if (S.UnitMemory != "none") {
    std::optional<uint64_t> Bytes = parseSize(S.UnitMemory);
    if (!Bytes)
      return failure("--unit-memory '" + S.UnitMemory +
                     "': expected auto, none or a size such as 4G");
    Plan.UnitMemory = *Bytes;
  }
  // Checked whether or not a result cache is used: a typo is a typo.
  auto ResultBytes = sizeOption("result-cache-size", S.ResultCacheSize);
  if (!ResultBytes)
    return ResultBytes.takeError();
  if (!S.ResultCacheDir.empty()) {
    Plan.Job.ResultCacheDir = S.ResultCacheDir;
    Plan.Job.ResultCacheBytes = *ResultBytes;
    Plan.Job.ToolId = toolIdentity();
  }
  return llvm::Error::success();
}

/// Sets where the findings' text goes, and whether it is coloured.
llvm::Error openTextOutput(const Settings &S, RunPlan &Plan) {
  Plan.Job.Color = colorOf(S);
  // Text goes to stdout unless a document does; with --format=text, -o
  // sends the text to a file.
  bool DocumentOnStdout =
      S.Format != "text" && (S.OutputFile.empty() || S.OutputFile == "-");
  Plan.Text = DocumentOnStdout ? nullptr : &llvm::outs();
  if (S.Format == "text" && !S.OutputFile.empty() && S.OutputFile != "-") {
    std::error_code EC;
    Plan.TextFile = std::make_unique<llvm::raw_fd_ostream>(S.OutputFile, EC);
    if (EC)
      return failure("cannot write '" + S.OutputFile + "': " + EC.message());
    Plan.Job.Color = false;
    Plan.Text = Plan.TextFile.get();
  }
  return llvm::Error::success();
}

/// The globs of a --checks list that match no rule of the table (a typo),
/// '*' and '-*' aside.
std::vector<std::string> globsMatchingNoRule(llvm::StringRef Checks) {
  llvm::SmallVector<llvm::StringRef, 8> Items;
  Checks.split(Items, ',', -1, /*KeepEmpty=*/false);
  std::vector<std::string> Out;
  for (llvm::StringRef Item : Items) {
    Item = Item.trim();
    llvm::StringRef Pattern = Item;
    Pattern.consume_front("-");
    if (Pattern.empty() || Pattern == "*")
      continue;
    GlobList One(Pattern);
    if (llvm::none_of(allRules(),
                      [&](const RuleInfo &R) { return One.contains(R.Id); }))
      Out.push_back(Item.str());
  }
  return Out;
}

/// Plans the analysis run: its root, line filter and baseline, its inputs
/// and shard, their commands, the unit job and the text output. Input errors
/// are reported here and leave the run going; an error returned stops it.
llvm::Expected<RunPlan> planRun(const Settings &S) {
  if (S.Inputs.empty())
    return failure("no input files; run 'torchlint --help' for usage");
  {
    // A glob list that enables nothing is a mistake worth stopping for.
    EngineConfig Probe;
    Probe.Checks = "torch-*," + S.Checks.value_or("");
    if (Engine(Probe).enabledRules().empty())
      return failure("--checks='" + *S.Checks +
                     "' enables no rule; see --list-rules");
  }
  // A typo beside a valid rule would leave the rest of the list working and
  // the mistyped rule silently off.
  if (S.Checks)
    for (const std::string &Glob : globsMatchingNoRule(*S.Checks))
      llvm::errs() << "torchlint: warning: --checks: '" << Glob
                   << "' matches no rule; see --list-rules\n";
  // A header filter typed for this run is checked once, here, not per unit.
  if (S.HeaderFilter && !S.HeaderFilter->empty()) {
    std::string Why;
    if (!llvm::Regex(*S.HeaderFilter).isValid(Why))
      return failure("--header-filter='" + *S.HeaderFilter +
                     "' is not a POSIX extended regular expression: " + Why);
  }
  RunPlan Plan;
  Plan.SrcRoot = srcRootOf(S);
  auto Filter = lineFilterOf(S);
  if (!Filter)
    return Filter.takeError();
  if (!S.BaselineFile.empty()) {
    auto B = readBaseline(S.BaselineFile);
    if (!B)
      return B.takeError();
    Plan.Base = std::move(*B);
  }

  Plan.Inputs = expandInputs(S.Inputs);
  for (const std::string &E : Plan.Inputs.Errors)
    error(E);
  // One preamble for the whole project (all shards of it alike), whatever
  // include lines each file has.
  std::vector<std::string> ProjectPreamble =
      projectPreambleIncludes(Plan.Inputs.Files);
  // Which units make up which program, for findings that depend on the
  // project; every shard of a matrix sees the same.
  Plan.Progs = Programs(Plan.Inputs.Files);
  // The split is decided before anything is parsed, from what every shard
  // sees alike, so the shards of a matrix never overlap or miss a unit.
  // A run of one file lints it alone (EngineConfig::LintedAlone), as an
  // editor or a pre-commit hook on one file does.
  bool Alone = Plan.Inputs.Files.size() == 1;
  auto Shard = splitShard(S, Plan.Inputs.Files, Plan.SrcRoot);
  if (!Shard)
    return Shard.takeError();
  Plan.Shard = std::move(*Shard);

  auto Resolver = commandResolverOf(S);
  if (!Resolver)
    return Resolver.takeError();
  Plan.Resolver.emplace(std::move(*Resolver));

  Plan.Job = unitJobOf(S);
  Plan.Job.Alone = Alone;
  Plan.Job.Parse.ProjectPreamble = std::move(ProjectPreamble);
  Plan.Job.Changes = std::move(*Filter);
  Plan.Job.SrcRoot = Plan.SrcRoot;
  Plan.Configs = ConfigProvider(S.ConfigFile);
  if (llvm::Error E = setLimits(S, Plan))
    return E;
  // A unit linted alone may be reported differently: its own cache entry.
  if (Plan.Job.Alone && !Plan.Job.ToolId.empty())
    Plan.Job.ToolId += "+alone";
  if (llvm::Error E = openTextOutput(S, Plan))
    return E;
  return Plan;
}

/// What an analysis run gathers from its units for its reports.
struct RunState {
  /// Starts the run's clock; the audit takes the plan's baseline.
  explicit RunState(RunPlan &Plan)
      : TheAudit(Plan.SrcRoot, Plan.Job.Changes.has_value(),
                 std::move(Plan.Base)),
        Failed(!Plan.Inputs.Errors.empty()) {
    TheAudit.Summary.SrcRoot = Plan.SrcRoot;
    TheAudit.Summary.Shard = Plan.Shard;
    TheAudit.ProgramMap = &Plan.Progs;
  }
  Audit TheAudit;
  /// The units whose commands resolved, in input order, and their commands.
  std::vector<std::string> Files;
  std::vector<std::vector<std::string>> Commands;
  /// Which units edit which files, to check the fixed files with them.
  std::map<std::string, std::set<size_t>> UnitsEditing;
  /// The configuration warnings already printed.
  std::set<std::string> ConfigWarned;
  /// An input, a unit, a fix or a report failed.
  bool Failed;
  std::chrono::steady_clock::time_point Start =
      std::chrono::steady_clock::now();
};

/// Names the LibTorch headers File's command actually reaches (-v): a
/// compile database's command names its own, which may not be those found
/// for commands that name none.
void noteUnitTorchHeaders(llvm::StringRef File,
                          const std::vector<std::string> &Command) {
  std::vector<std::string> Dirs = includeDirsOf(Command);
  for (const std::string &Dir : Dirs) {
    llvm::SmallString<256> Probe(Dir);
    llvm::sys::path::append(Probe, "torch", "torch.h");
    if (!llvm::sys::fs::exists(Probe))
      continue;
    std::string Version = torchVersionIn(Dirs);
    note(File + ": LibTorch headers " + Dir + " (release " +
         (Version.empty() ? "unknown" : Version) + ")");
    return;
  }
}

/// Resolves each input's compile command, here and once, so that workers
/// only parse; an input without one is reported and listed as not analysed.
void resolveCommands(const Settings &S, RunPlan &Plan, RunState &State) {
  for (const std::string &File : Plan.Inputs.Files) {
    auto Command = Plan.Resolver->commandFor(File);
    if (!Command) {
      std::string Why = File + ": " + llvm::toString(Command.takeError());
      error(Why);
      State.Failed = true;
      // Not analysed like any unit that failed: listed in every report.
      State.TheAudit.FailedFiles.insert(File);
      State.TheAudit.Summary.Failures.push_back({File, Why});
      continue;
    }
    if (S.Verbose) {
      std::string Line;
      for (const std::string &A : *Command)
        Line += " " + A;
      std::string From = Plan.Resolver->sourceOf(File);
      note(File + ": command from " + (From.empty() ? "defaults" : From) + ":" +
           Line);
      noteUnitTorchHeaders(File, *Command);
    }
    // The folder of the compile database found above the file is its
    // build folder: generated headers live there.
    // (sourceOf says "" for defaults, "flags after --" for flags.)
    std::string Source = Plan.Resolver->sourceOf(File);
    if (std::string From = absolutePath(Source);
        !Plan.Job.Parse.ReadableRoots.empty() && !Source.empty() &&
        !S.ExtraFlags && llvm::sys::fs::exists(From)) {
      std::string Dir = llvm::sys::fs::is_directory(From)
                            ? From
                            : llvm::sys::path::parent_path(From).str();
      if (!llvm::is_contained(Plan.Job.Parse.ReadableRoots, Dir))
        Plan.Job.Parse.ReadableRoots.push_back(Dir);
    }
    State.Files.push_back(File);
    State.Commands.push_back(std::move(*Command));
  }
}

/// Takes unit I's settled result into the run: the files it edits, what its
/// worker printed, its notes, its findings and its failure.
void deliverUnit(const Settings &S, const RunPlan &Plan, RunState &State,
                 size_t I, UnitResult &R, llvm::StringRef Log) {
  for (const RenderedFinding &F : R.Findings)
    for (const PlainEdit &E : F.Record.Edits)
      State.UnitsEditing[E.File].insert(I);
  // Clang's errors go to stderr with the line that says what they stopped,
  // whatever the format: stdout holds the report (findings) only, and JSON
  // or SARIF there must stay a document.
  llvm::errs() << R.DiagText;
  if (!Log.empty() &&
      (S.Verbose || !R.Failure.empty() || Log.contains("error")))
    llvm::errs() << Log;
  // A configuration's warning concerns the file, not the unit: said once.
  for (const std::string &W : R.ConfigWarnings)
    if (State.ConfigWarned.insert(W).second)
      warning(W);
  for (const std::string &N : R.Notes)
    note(N);
  if (!R.Failure.empty()) {
    error(R.Failure);
    State.Failed = true;
  }
  State.TheAudit.add(R, Plan.Text);
}

/// Analyses the units: those whose result cache entry is current are not
/// parsed at all, the others are in this process (--no-isolate) or in the
/// worker pool, and every result goes to Delivery in input order. An error
/// when the pool fails.
/// Analyses the units Which of the run, each with its job (JobOf), taking
/// current results from the result cache; Results and Logs receive them.
llvm::Error runUnits(const Settings &S, RunPlan &Plan, const RunState &State,
                     const std::vector<size_t> &Which,
                     const std::function<const UnitJob &(size_t)> &JobOf,
                     std::vector<UnitResult> &Results,
                     std::vector<std::string> &Logs,
                     llvm::StringRef Phase = "") {
  const std::vector<std::string> &Files = State.Files;
  const std::vector<std::vector<std::string>> &Commands = State.Commands;
  std::vector<size_t> Misses;
  for (size_t I : Which) {
    if (std::optional<UnitResult> Hit =
            cachedUnit(Files[I], Commands[I], JobOf(I), Plan.Configs)) {
      Results[I] = std::move(*Hit);
      Logs[I].clear();
      if (S.Verbose)
        note(Files[I] + ": result from the result cache");
    } else {
      Misses.push_back(I);
    }
  }
  if (Misses.empty())
    return llvm::Error::success();
  if (S.NoIsolate) {
    for (size_t I : Misses) {
      Results[I] = runUnit(Files[I], Commands[I], JobOf(I), Plan.Configs);
      Logs[I].clear();
    }
    return llvm::Error::success();
  }
  std::vector<std::string> MissFiles;
  for (size_t I : Misses)
    MissFiles.push_back(Files[I]);
  Progress P(llvm::errs(), llvm::sys::Process::StandardErrIsDisplayed(),
             !S.Quiet, MissFiles.size());
  P.setPhase(Phase);
  WorkerPool Pool(Plan.Jobs, S.UnitTimeout, P, Plan.UnitMemory);
  return Pool.run(
      MissFiles,
      [&](size_t K) {
        size_t I = Misses[K];
        return runUnit(Files[I], Commands[I], JobOf(I), Plan.Configs);
      },
      [&](size_t K, UnitResult &R, llvm::StringRef Log) {
        Results[Misses[K]] = std::move(R);
        Logs[Misses[K]] = Log.str();
      });
}

/// The project index the units' summaries make together.
/// A unit's exported summaries are recorded as using the files that define
/// what it imported, so that a kept index drops them when those change.
ProjectIndex linkSummaries(const std::vector<UnitResult> &Results) {
  ProjectIndex Index;
  for (const UnitResult &R : Results)
    Index.merge(R.Summaries.Defined);
  for (const UnitResult &R : Results) {
    std::set<std::string> Paths;
    for (const std::string &Key : R.Summaries.Imports)
      for (const FunctionSummary *F : Index.resolve(Key))
        Paths.insert(F->Path);
    if (!Paths.empty())
      for (const auto &[Key, F] : R.Summaries.Defined.functions())
        Index.noteUses(Key, Paths);
  }
  return Index;
}

/// The second phase: links the units' summaries into the project index and
/// analyses again, against it, each unit that imports a function the index
/// summarises, until no unit's imports change (a function returning what
/// another file's function returns changes its own summary), three rounds
/// at most. A unit's result against the index is cached under the digest
/// of what it imported, so an unchanged project answers from the cache.
/// Returns the final index.
llvm::Expected<ProjectIndex> checkAgainstIndex(const Settings &S,
                                               RunPlan &Plan,
                                               const RunState &State,
                                               std::vector<UnitResult> &Results,
                                               std::vector<std::string> &Logs) {
  ProjectIndex Index = linkSummaries(Results);
  // The digest each unit was last analysed against ("" : none).
  std::vector<std::string> Against(Results.size());
  for (unsigned Round = 1; Round <= 3 && !Index.empty(); ++Round) {
    auto Shared = std::make_shared<const ProjectIndex>(Index);
    std::vector<size_t> Redo;
    std::vector<UnitJob> Jobs(Results.size());
    for (size_t I = 0; I < Results.size(); ++I) {
      const std::set<std::string> &Imports = Results[I].Summaries.Imports;
      bool Answered = llvm::any_of(Imports, [&](const std::string &Key) {
        return llvm::any_of(Index.resolve(Key), [](const FunctionSummary *F) {
          return !F->empty();
        });
      });
      if (!Answered)
        continue;
      std::string Digest = Index.digest(Imports);
      if (Digest == Against[I])
        continue;
      Against[I] = Digest;
      Jobs[I] = Plan.Job;
      Jobs[I].Index = Shared;
      Jobs[I].ToolId += "+index:" + Digest;
      Redo.push_back(I);
    }
    if (Redo.empty())
      break;
    if (S.Verbose)
      note("project index: " + llvm::Twine(Index.size()) +
           " function summaries; round " + llvm::Twine(Round) + " checks " +
           llvm::Twine(Redo.size()) + " unit(s) that call them again");
    // A second progress bar after the first reached its end needs saying.
    if (!S.Quiet)
      llvm::errs() << "torchlint: phase 2"
                   << (Round > 1 ? ", round " + std::to_string(Round) : "")
                   << ": analysing " << Redo.size() << " of " << Results.size()
                   << (Results.size() == 1 ? " unit" : " units")
                   << " again, with what the functions they call from other "
                      "files return (the project index)\n";
    if (llvm::Error E = runUnits(
            S, Plan, State, Redo,
            [&](size_t I) -> const UnitJob & { return Jobs[I]; }, Results, Logs,
            "phase 2 (project index)"))
      return E;
    ProjectIndex Next = linkSummaries(Results);
    if (Next == Index)
      break;
    Index = std::move(Next);
  }
  return Index;
}

/// Records in Index what the run showed of the project's facts, for the
/// hosts that see one file: the first site of each fact in each program,
/// chosen as the run's own findings were settled (ProjectFacts), and the
/// program of each file the run analysed. A run that decides each unit on
/// its own (--project-scope unit) records none.
void recordProjectFacts(const Settings &S, const RunPlan &Plan,
                        const RunState &State,
                        const std::vector<UnitResult> &Results,
                        ProjectIndex &Index) {
  if (S.ProjectScope == "unit")
    return;
  ProjectFacts Facts(Plan.Progs);
  for (const UnitResult &R : Results) {
    if (R.File.empty())
      continue;
    UnitResult Sites; // Only what learn() reads.
    Sites.File = R.File;
    Sites.Sites = R.Sites;
    Facts.learn(Sites);
  }
  std::vector<SiteRecord> Records = Facts.sites();
  // The first unit in path order wins among related programs, as
  // ProjectFacts::siteFor picks it; the index keeps them in that order.
  llvm::stable_sort(Records, [](const SiteRecord &A, const SiteRecord &B) {
    return A.Unit < B.Unit;
  });
  std::vector<IndexedSite> Sites;
  for (const SiteRecord &R : Records) {
    if (R.Note.Loc.File.empty())
      continue;
    Sites.push_back({R.Fact, R.Program, absolutePath(R.Note.Loc.File),
                     R.Note.Loc.Line, R.Note.Loc.Column, R.Note.Message});
  }
  std::map<std::string, std::string> ProgramOf;
  for (const std::string &F : State.Files)
    ProgramOf[absolutePath(F)] = Plan.Progs.of(F);
  Index.setProjectFacts(std::move(Sites), std::move(ProgramOf));
}

/// Keeps the project index for the hosts that see one file at a time (the
/// clang-tidy plugin, the language server): in the cache folder, one file
/// per project root, as clangd keeps its background index. The summaries and
/// fact sites of the files this run analysed replace theirs; the others
/// stay (a run over some files of the project does not forget the rest). A
/// shard sees part of the project and keeps nothing. With --result-cache,
/// the run's own index is also written there.
void keepIndex(const Settings &S, const RunPlan &Plan, const RunState &State,
               const std::vector<UnitResult> &Results, ProjectIndex Index) {
  recordProjectFacts(S, Plan, State, Results, Index);
  Index.stampFiles();
  auto Store = [&](const std::string &Path, const ProjectIndex &What) {
    if (llvm::Error E = storeProjectIndex(Path, What)) {
      if (S.Verbose)
        note("project index: not written to " + Path + ": " +
             llvm::toString(std::move(E)));
      llvm::consumeError(std::move(E));
      return;
    }
    if (S.Verbose)
      note("project index: " + llvm::Twine(What.size()) +
           " function summaries written to " + Path);
  };
  bool Something = !Index.empty() || !Index.sites().empty();
  if (!Plan.Job.ResultCacheDir.empty() && Something) {
    llvm::SmallString<256> Path(Plan.Job.ResultCacheDir);
    llvm::sys::path::append(Path, "project-index.json");
    Store(std::string(Path), Index);
  }
  const std::string &CacheDir = Plan.Job.Parse.CacheDir;
  if (CacheDir.empty() || Plan.Shard || Plan.SrcRoot.empty())
    return;
  std::string Path = projectIndexPath(CacheDir, Plan.SrcRoot);
  std::set<std::string> Analysed;
  for (const std::string &F : State.Files)
    Analysed.insert(absolutePath(F));
  // The files not analysed this run keep what an earlier run said of them;
  // an unreadable index is replaced.
  ProjectIndex Kept;
  llvm::Expected<ProjectIndex> Old = readProjectIndex(Path);
  if (Old) {
    for (const auto &[Key, F] : Old->functions())
      if (!Analysed.count(F.Path))
        Kept.add(Key, F);
  } else {
    llvm::consumeError(Old.takeError());
  }
  if (Kept.empty() && !Something)
    return;
  Kept.merge(Index);
  if (Index.hasProjectFacts()) {
    Kept.setProjectFacts(Index.sites(), Index.programs());
    if (Old)
      Kept.keepProjectFactsOf(*Old);
  }
  Kept.stampFiles();
  Store(Path, Kept);
}

llvm::Error analyzeUnits(const Settings &S, RunPlan &Plan,
                         const RunState &State, OrderedDelivery &Delivery) {
  size_t N = State.Files.size();
  std::vector<UnitResult> Results(N);
  std::vector<std::string> Logs(N);
  std::vector<size_t> All(N);
  for (size_t I = 0; I < N; ++I)
    All[I] = I;
  // Interrupted: the units that finished (in phase 2, every unit has its
  // phase-1 result at least) are delivered, decided on what they show.
  auto DeliverFinished = [&](llvm::Error E) {
    for (size_t I = 0; I < N; ++I)
      if (!Results[I].File.empty())
        Delivery.arrive(I, Results[I], Logs[I]);
    Delivery.allIn();
    return E;
  };
  // The first phase: every unit on its own, exporting its summaries.
  if (llvm::Error E = runUnits(
          S, Plan, State, All,
          [&](size_t) -> const UnitJob & { return Plan.Job; }, Results, Logs))
    return DeliverFinished(std::move(E));
  llvm::Expected<ProjectIndex> Index =
      checkAgainstIndex(S, Plan, State, Results, Logs);
  if (!Index)
    return DeliverFinished(Index.takeError());
  keepIndex(S, Plan, State, Results, std::move(*Index));
  for (size_t I = 0; I < N; ++I)
    Delivery.arrive(I, Results[I], Logs[I]);
  Delivery.allIn();
  return llvm::Error::success();
}

/// Trims the result cache to its bound, least recently used entries first.
void trimResultCache(const Settings &S, const UnitJob &Job) {
  if (Job.ResultCacheDir.empty())
    return;
  unsigned Removed =
      ResultCache(Job.ResultCacheDir, Job.ResultCacheBytes).trim();
  if (S.Verbose && Removed)
    note("result cache: removed " + llvm::Twine(Removed) +
         " least recently used entries to stay under " + S.ResultCacheSize);
}

/// Trims the preamble cache: old, superseded and least recently used
/// preambles go, also on runs that build none.
void trimPreambles(const Settings &S, const UnitJob &Job) {
  if (Job.Parse.CacheDir.empty())
    return;
  unsigned Removed =
      trimPreambleCache(Job.Parse.CacheDir, Job.Parse.CacheBytes);
  if (S.Verbose && Removed)
    note("preamble cache: removed " + llvm::Twine(Removed) +
         " preamble(s) unused for 30 days, superseded by a newer one of "
         "their flags, or over --cache-size");
}

/// Ends the analysis run: trims the result cache, records the baseline,
/// applies --fix, writes the reports and the summary, and returns the exit
/// status.
int finishRun(const Settings &S, RunPlan &Plan, RunState &State) {
  Audit &TheAudit = State.TheAudit;
  trimResultCache(S, Plan.Job);
  trimPreambles(S, Plan.Job);
  if (Plan.Text)
    Plan.Text->flush();

  double Seconds = std::chrono::duration<double>(
                       std::chrono::steady_clock::now() - State.Start)
                       .count();
  TheAudit.Summary.Seconds = Seconds;

  if (!S.WriteBaselineFile.empty()) {
    if (llvm::Error E =
            writeBaseline(S.WriteBaselineFile, TheAudit.All, Plan.SrcRoot)) {
      error(llvm::toString(std::move(E)));
      return ExitError;
    }
    if (!S.Quiet)
      note("recorded " + llvm::Twine(TheAudit.All.size()) +
           " findings in the baseline '" + S.WriteBaselineFile + "'");
  }

  // With --fix, what the status reports is what is left to do, as ruff's
  // does: a run that fixed everything exits 0.
  size_t Findings = TheAudit.Reported.size();
  size_t Fixed = 0;
  if (S.Fix) {
    // Left counts the findings with no fix only when every fix went in.
    if (applyVerifiedFixes(S, TheAudit, State.UnitsEditing, State.Files,
                           State.Commands, Plan.Job, Plan.Configs, Findings))
      Fixed = TheAudit.Reported.size() - Findings;
    else
      State.Failed = true;
  }

  if (!writeReports(S, TheAudit, Plan.SrcRoot))
    State.Failed = true;

  if (!S.Quiet)
    printSummary(llvm::errs(), TheAudit.Reported, TheAudit.Summary,
                 Plan.Inputs.Files.size(), Seconds, Fixed);
  return exitStatus({State.Failed, !S.WriteBaselineFile.empty(), S.Verify,
                     Findings, S.ExitZero});
}

/// The torchlint process the user started; its workers, forked from it,
/// inherit onInterrupt.
pid_t MainPid = 0;
/// The signal that stopped the worker pool (SIGINT, SIGTERM), or 0.
volatile std::sig_atomic_t InterruptSignal = 0;

/// SIGINT (Ctrl-C) and SIGTERM: the temporary files LLVM was told of (a
/// preamble being built) go, then the run says that it was interrupted and
/// exits with 128 + the signal (130 for Ctrl-C), the status a shell gives a
/// job that the signal ended. Nothing stays that the next run waits on:
/// preamble locks are the kernel's, and the workers end with their parent
/// (WorkerPool). A worker ends by the signal itself, as before, and says
/// nothing: its parent speaks for the run.
void onInterrupt(int Sig) {
  // The first signal while workers run stops the pool: the parent then
  // reports the units that finished and exits as below (run()). A second
  // one, or one at any other moment, ends the run at once.
  if (::getpid() == MainPid && poolCanStop()) {
    InterruptSignal = Sig;
    requestPoolStop();
    return;
  }
  llvm::sys::RunInterruptHandlers();
  if (::getpid() != MainPid) {
    ::signal(Sig, SIG_DFL);
    ::raise(Sig);
    return;
  }
  // Over a progress bar on a terminal: clear its line first.
  if (::isatty(STDERR_FILENO))
    (void)!::write(STDERR_FILENO, "\r\x1b[K", 4);
  static const char Interrupted[] = "torchlint: interrupted\n";
  static const char Terminated[] = "torchlint: terminated\n";
  if (Sig == SIGINT)
    (void)!::write(STDERR_FILENO, Interrupted, sizeof(Interrupted) - 1);
  else
    (void)!::write(STDERR_FILENO, Terminated, sizeof(Terminated) - 1);
  ::_exit(128 + Sig);
}

/// Installs onInterrupt for the run. After InitLLVM's handlers, which it
/// replaces for these two signals and runs itself (RunInterruptHandlers).
void handleInterrupts() {
  MainPid = ::getpid();
  struct sigaction Action = {};
  Action.sa_handler = onInterrupt;
  sigemptyset(&Action.sa_mask);
  for (int Sig : {SIGINT, SIGTERM})
    ::sigaction(Sig, &Action, nullptr);
}

/// Ends a run that a signal stopped while its units ran: the findings of the
/// units that finished were printed as they were delivered; says how many
/// and what was not done, and exits as a shell reports the signal.
int finishInterrupted(const Settings &S, RunPlan &Plan, RunState &State) {
  if (Plan.Text)
    Plan.Text->flush();
  llvm::outs().flush();
  size_t Done = State.TheAudit.Summary.Units.size();
  if (Done > 0) {
    std::string Line = std::to_string(Done) + " of " +
                       std::to_string(State.Files.size()) +
                       " files finished before the signal; ";
    if (Plan.Text)
      Line += "their findings are above (one that a file not analysed "
              "would decide may be missing)";
    else
      Line += "their findings are not written";
    if (S.Format != "text" || S.Fix || !S.WriteBaselineFile.empty())
      Line += "; no report, fix or baseline was written: it would look "
              "complete";
    note(Line);
  }
  llvm::errs() << (InterruptSignal == SIGINT ? "torchlint: interrupted\n"
                                             : "torchlint: terminated\n");
  return 128 + InterruptSignal;
}

int run(Settings &S, const char *Argv0) {
  // The language server ends on its client's word, not on a terminal's.
  if (!S.Lsp)
    handleInterrupts();
  if (std::optional<int> Status = runInfoMode(S))
    return *Status;
  llvm::Expected<RunPlan> Plan = planRun(S);
  if (!Plan) {
    error(llvm::toString(Plan.takeError()));
    return ExitError;
  }
  RunState State(*Plan);
  resolveCommands(S, *Plan, State);
  OrderedDelivery Delivery(
      Plan->Progs,
      S.ProjectScope == "unit" ? ProjectScope::Unit : ProjectScope::Run,
      Plan->Shard.has_value(),
      [&](size_t I, UnitResult &R, llvm::StringRef Log) {
        deliverUnit(S, *Plan, State, I, R, Log);
      });
  if (llvm::Error E = analyzeUnits(S, *Plan, State, Delivery)) {
    std::string Why = llvm::toString(std::move(E));
    // The pool stopped for a signal (onInterrupt): not an error.
    if (InterruptSignal)
      return finishInterrupted(S, *Plan, State);
    error(Why);
    return ExitError;
  }
  // --merge decides the shard's undecided findings with every shard's sites.
  if (Plan->Shard)
    State.TheAudit.Summary.Sites = Delivery.sites();
  return finishRun(S, *Plan, State);
}

} // namespace

/// Args with clang-tidy's spellings of options made the ones CLI11 reads:
/// clang-tidy (LLVM's cl) takes long options after one dash and a value
/// after '=' everywhere, so users and scripts write `-checks=...` and
/// `-p=build`.
static std::vector<std::string>
withLongOptionSpellings(CLI::App &App, std::vector<std::string> Args) {
  for (std::string &A : Args) {
    llvm::StringRef Arg(A);
    if (Arg.consume_front("-p=")) {
      A = "--build-path=" + Arg.str();
      continue;
    }
    if (!Arg.consume_front("-") || Arg.starts_with("-"))
      continue;
    llvm::StringRef Name = Arg.split('=').first;
    if (Name.size() > 1 && App.get_option_no_throw("--" + Name.str()))
      A = "-" + A;
  }
  return Args;
}

int runDriver(int Argc, const char **Argv, LanguageServer Serve) {
  Settings S;
  S.Serve = Serve;
  // Everything after "--" is compiler flags, as with clang-tidy.
  std::vector<std::string> Args;
  for (int I = 1; I < Argc; ++I) {
    if (llvm::StringRef(Argv[I]) == "--") {
      S.ExtraFlags.emplace(Argv + I + 1, Argv + Argc);
      break;
    }
    Args.push_back(Argv[I]);
  }

  CLI::App App{"torchlint: finds LibTorch device-placement bugs before they "
               "reach a GPU",
               "torchlint"};
  App.footer(
      "Usage: torchlint [options] <file|dir>... [-- <compiler flags>]\n"
      "Configuration: .clang-tidy files (Checks, WarningsAsErrors,\n"
      "HeaderFilterRegex, CheckOptions) are read from each file upward.\n"
      "Exit status: 0 no findings, 1 findings (warnings or errors),\n"
      "2 usage, input or analysis errors.");
  App.add_option("inputs", S.Inputs, "C++ sources or directories to analyse");
  App.add_option("-p,--build-path", S.BuildPath,
                 "Folder holding compile_commands.json (or the file)");
  App.add_option("--checks", S.Checks,
                 "Rules to run, as clang-tidy globs: '-*,torch-discarded-move'"
                 " (applied after .clang-tidy)");
  App.add_option("--warnings-as-errors", S.WarningsAsErrors,
                 "Rules whose findings are errors, as globs");
  App.add_option("--header-filter", S.HeaderFilter,
                 "Report findings in headers only when the path matches "
                 "this regex (default: every user header)");
  App.add_option("--config-file", S.ConfigFile,
                 "Read this .clang-tidy-style file instead of looking up");
  App.add_flag("--dump-config", S.DumpConfig,
               "Print the effective configuration and exit");
  App.add_option("--explain", S.Explain, "Print a rule's documentation");
  App.add_flag("--list-rules", S.ListRules, "List every rule and exit");
  App.add_flag("--version", S.Version, "Print the version and exit");
  App.add_option("--write-cuda-stand-ins", S.WriteCudaStandIns,
                 "Write the CUDA stand-in headers to a folder (for clang-tidy "
                 "and clangd, -idirafter DIR) and exit");
  App.add_flag("--lsp", S.Lsp,
               "Run as a language server on stdin/stdout (docs/editors.md)");
  App.add_option("--format", S.Format,
                 "text, json, sarif, or github (GitHub Actions annotations)")
      ->check(CLI::IsMember({"text", "json", "sarif", "github"}))
      ->capture_default_str();
  App.add_option("-o,--output", S.OutputFile,
                 "Write the report to this file ('-': stdout); with "
                 "--format json, sarif or github the text diagnostics "
                 "still go to stdout");
  App.add_option("--export-fixes", S.ExportFixes,
                 "Write fix-its as clang-tidy YAML for "
                 "clang-apply-replacements");
  App.add_option("--srcroot", S.SrcRoot,
                 "Root that SARIF paths and fingerprints are relative to "
                 "(default: git top level, else the current directory)");
  App.add_option("--diff", S.DiffRef,
                 "Report only findings introduced since this git ref: on a "
                 "changed or untracked line, or with a note there");
  App.add_option("--line-filter", S.LineFilterJson,
                 "Report only findings on these lines or with a note there, "
                 "in clang-tidy's JSON form");
  App.add_option("--baseline", S.BaselineFile,
                 "Report only findings not recorded in this baseline");
  App.add_option("--write-baseline", S.WriteBaselineFile,
                 "Record every finding of this run in a baseline file");
  App.add_option("-j,--jobs", S.Jobs,
                 "Units analysed in parallel (default: number of cores)");
  App.add_option("--unit-timeout", S.UnitTimeout,
                 "Seconds after which a unit is stopped and reported")
      ->capture_default_str();
  App.add_option("--unit-memory", S.UnitMemory,
                 "Memory bound of each worker: auto (3/4 of RAM shared by the "
                 "jobs, at least 2G), none, or a size such as 4G");
  App.add_flag("-q,--quiet", S.Quiet, "Print findings only, no summary");
  App.add_flag("-v,--verbose", S.Verbose,
               "Say which headers, commands and caches are used");
  App.add_flag("--fix", S.Fix,
               "Apply fix-its in place (atomically); the exit status then "
               "counts the findings left");
  App.add_flag("--exit-zero", S.ExitZero,
               "Exit 0 even with findings (errors still exit 2)");
  App.add_flag("--fix-errors", S.FixErrors,
               "Apply fix-its even in files that did not compile");
  App.add_option("--cache-dir", S.CacheDir,
                 "Where shared LibTorch preambles are kept "
                 "(default: $XDG_CACHE_HOME/torchlint)");
  App.add_flag("--no-cache", S.NoCache, "Parse LibTorch headers every time");
  App.add_option("--cache-size", S.CacheSize,
                 "Bound of the preamble cache, e.g. 2G (default 2G; least "
                 "recently used preambles go first)");
  App.add_option("--color", S.Color, "auto, always or never")
      ->check(CLI::IsMember({"auto", "always", "never"}));
  App.add_flag("--no-skip-bodies", S.NoSkipBodies,
               "Parse function bodies of library headers too")
      ->group("");
  App.add_flag("--verify", S.Verify,
               "Check expected-warning comments (clang -verify); for tests")
      ->group("");
  auto *Untrusted = App.add_flag(
      "--untrusted", S.Untrusted,
      "Parse only files under the repository, the build folder and the "
      "system and LibTorch include folders, for pull requests from "
      "strangers (default: on when CI, GITHUB_ACTIONS, GITLAB_CI, "
      "BUILDKITE, TF_BUILD or JENKINS_URL is set)");
  App.add_flag("--no-untrusted", S.NoUntrusted,
               "Parse without that bound, also in CI (trusted code)")
      ->excludes(Untrusted);
  App.add_flag("--no-isolate", S.NoIsolate,
               "Analyse units in this process (for debuggers)")
      ->group("");
  App.add_option("--result-cache", S.ResultCacheDir,
                 "Reuse unit results stored in this folder (may be shared by "
                 "machines and concurrent runs)");
  App.add_option("--result-cache-size", S.ResultCacheSize,
                 "Bound of the result cache, e.g. 512M or 2G (default 1G)");
  App.add_option("--project-scope", S.ProjectScope,
                 "What the project is for findings that depend on the whole "
                 "project: every unit of the run (run, default) or each unit "
                 "alone (unit, as clang-tidy sees it)")
      ->check(CLI::IsMember({"run", "unit"}));
  App.add_option("--shard", S.Shard,
                 "Analyse shard I of N of the units (I/N), for a CI matrix");
  App.add_option("--shard-costs", S.ShardCosts,
                 "Balance shards by the unit costs of this earlier JSON "
                 "report");
  App.add_flag("--merge", S.Merge,
               "Merge the JSON or SARIF reports given as inputs into one");
  App.add_option("--from-error", S.FromError,
                 "Read PyTorch device/dtype runtime errors from this log ('-':"
                 " stdin) and report the call sites in the inputs that "
                 "explain them, best first (docs/from-error.md); exit 1 when "
                 "one does");
#ifdef TORCHLINT_TEST_HOOKS
  App.add_option("--crash-on", S.CrashOn,
                 "Crash on the unit whose path ends so (isolation tests)")
      ->group("");
  App.add_option("--hang-on", S.HangOn,
                 "Hang on the unit whose path ends so (isolation tests)")
      ->group("");
#endif
  Args = withLongOptionSpellings(App, std::move(Args));
  try {
    std::reverse(Args.begin(), Args.end());
    App.parse(Args);
  } catch (const CLI::ParseError &E) {
    int RC = App.exit(E);
    return RC == 0 ? ExitClean : ExitError;
  }
  return run(S, Argv[0]);
}

} // namespace torchlint
