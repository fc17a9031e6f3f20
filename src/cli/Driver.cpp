//===- Driver.cpp - The torchlint command line ----------------------------===//

#include "Driver.h"

#include "torchlint/Engine.h"
#include "torchlint/Fixes.h"
#include "torchlint/Frontend.h"
#include "torchlint/Report.h"

#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/TextDiagnosticPrinter.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/raw_ostream.h"

#include <CLI/CLI.hpp>

#include <chrono>

#ifndef TORCHLINT_VERSION
#define TORCHLINT_VERSION "0.0.0"
#endif

using namespace clang;

namespace torchlint {
namespace {

/// Everything the command line says.
struct Settings {
  std::vector<std::string> Inputs;
  std::optional<std::vector<std::string>> ExtraFlags;
  std::string BuildPath;
  std::string Checks = "torch-*";
  std::string CacheDir;
  bool NoCache = false;
  bool NoSkipBodies = false;
  bool ListRules = false;
  bool Version = false;
  bool Quiet = false;
  bool Verbose = false;
  bool Fix = false;
  bool FixErrors = false;
  bool Verify = false;
  std::string Color = "auto";
};

/// Prints findings as clang diagnostics and keeps them as records.
class DriverSink : public FindingSink {
public:
  std::vector<FindingRecord> Records;
  void consume(const std::vector<Finding> &Findings,
               CompilerInstance &CI) override {
    for (const Finding &F : Findings) {
      Severity Level = F.Rule->DefaultSeverity;
      emitDiagnostic(F, Level, CI.getDiagnostics());
      Records.push_back(
          toRecord(F, Level, CI.getSourceManager(), CI.getLangOpts()));
    }
  }
};

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

void note(const llvm::Twine &Message) {
  llvm::errs() << "torchlint: note: " << Message << "\n";
}

int run(Settings &S) {
  if (S.Version) {
    llvm::outs() << "torchlint " << TORCHLINT_VERSION << " (clang "
                 << LLVM_VERSION_STRING << ")\n";
    return ExitClean;
  }
  if (S.ListRules) {
    printRules(llvm::outs());
    return ExitClean;
  }
  if (S.Inputs.empty()) {
    error("no input files; run 'torchlint --help' for usage");
    return ExitError;
  }

  EngineConfig Config;
  Config.Checks = S.Checks;
  Engine TheEngine(Config);
  if (TheEngine.enabledRules().empty()) {
    error("--checks='" + S.Checks + "' enables no rule; see --list-rules");
    return ExitError;
  }

  bool Failed = false;
  ExpandedInputs Inputs = expandInputs(S.Inputs);
  for (const std::string &E : Inputs.Errors) {
    error(E);
    Failed = true;
  }

  std::optional<TorchIncludes> Torch;
  if (!S.ExtraFlags && S.BuildPath.empty()) {
    Torch = locateTorch(processEnv);
    if (S.Verbose) {
      if (Torch) {
        note("LibTorch headers from " + Torch->Origin + ":");
        for (const std::string &D : Torch->Dirs)
          note("  " + D);
      } else {
        note("LibTorch headers not found; only compile databases and flags "
             "after -- will locate them");
      }
    }
  }
  CommandResolver Resolver(S.BuildPath.empty()
                               ? std::nullopt
                               : std::optional<std::string>(S.BuildPath),
                           S.ExtraFlags, Torch);
  if (llvm::Error E = Resolver.init()) {
    error("compile database: " + llvm::toString(std::move(E)));
    return ExitError;
  }

  ParseOptions Parse;
  Parse.ResourceDir = defaultResourceDir();
  Parse.CacheDir = S.NoCache ? ""
                             : (S.CacheDir.empty() ? defaultCacheDir(processEnv)
                                                   : S.CacheDir);
  Parse.SkipLibraryBodies = !S.NoSkipBodies;
  Parse.Verify = S.Verify;
  Parse.Verbose = S.Verbose;

  auto DiagOpts = llvm::makeIntrusiveRefCnt<DiagnosticOptions>();
  DiagOpts->ShowColors =
      S.Color == "always" ||
      (S.Color == "auto" && llvm::sys::Process::StandardOutIsDisplayed());
  TextDiagnosticPrinter Printer(llvm::outs(), DiagOpts.get());
  DriverSink Sink;

  auto Start = std::chrono::steady_clock::now();
  unsigned Analysed = 0, WithFindings = 0;
  std::set<std::string> Unfixable;
  for (const std::string &File : Inputs.Files) {
    auto Command = Resolver.commandFor(File);
    if (!Command) {
      error(File + ": " + llvm::toString(Command.takeError()));
      Failed = true;
      Unfixable.insert(File);
      continue;
    }
    if (S.Verbose) {
      std::string Line;
      for (const std::string &A : *Command)
        Line += " " + A;
      std::string From = Resolver.sourceOf(File);
      note(File + ": command from " + (From.empty() ? "defaults" : From) + ":" +
           Line);
    }
    UnitOutcome Out =
        analyzeUnit(File, *Command, TheEngine, Parse, Sink, Printer);
    llvm::outs().flush();
    for (const std::string &H : Out.MissingHeaders)
      note(File + ": '" + H +
           "' was not found; the file was analysed without it");
    if (!Out.Failure.empty()) {
      error(Out.Failure);
      Failed = true;
      Unfixable.insert(File);
      continue;
    }
    ++Analysed;
    WithFindings += Out.Findings > 0;
  }

  if (S.Fix) {
    std::vector<FindingRecord> Fixable;
    for (const FindingRecord &R : Sink.Records)
      if (S.FixErrors || !Unfixable.count(R.Loc.File))
        Fixable.push_back(R);
    FixOutcome Fixed = applyFixes(Fixable);
    for (const std::string &P : Fixed.Problems)
      error(P);
    if (!S.Quiet)
      note("applied " + llvm::Twine(Fixed.EditsApplied) + " fix-its in " +
           llvm::Twine(Fixed.FilesChanged) + " files");
  }

  if (!S.Quiet) {
    double Seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - Start)
            .count();
    llvm::errs() << "torchlint: " << Sink.Records.size() << " finding"
                 << (Sink.Records.size() == 1 ? "" : "s") << " in "
                 << WithFindings << " of " << Analysed << " analysed file"
                 << (Analysed == 1 ? "" : "s");
    size_t NotAnalysed = Inputs.Files.size() - Analysed;
    if (NotAnalysed)
      llvm::errs() << " (" << NotAnalysed << " not analysed)";
    llvm::errs() << " in " << llvm::format("%.1f", Seconds) << " s\n";
  }
  if (Failed)
    return ExitError;
  // Under --verify the findings are the expected ones: success is silence.
  if (S.Verify)
    return ExitClean;
  return Sink.Records.empty() ? ExitClean : ExitFindings;
}

} // namespace

int runDriver(int Argc, const char **Argv) {
  Settings S;
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
  App.footer("Usage: torchlint [options] <file|dir>... [-- <compiler flags>]\n"
             "Exit status: 0 no findings, 1 findings, 2 usage or input "
             "errors.");
  App.add_option("inputs", S.Inputs, "C++ sources or directories to analyse");
  App.add_option("-p,--build-path", S.BuildPath,
                 "Folder holding compile_commands.json (or the file)");
  App.add_option("--checks", S.Checks,
                 "Rules to run, as clang-tidy globs: '-*,torch-discarded-move'")
      ->capture_default_str();
  App.add_flag("--list-rules", S.ListRules, "List every rule and exit");
  App.add_flag("--version", S.Version, "Print the version and exit");
  App.add_flag("-q,--quiet", S.Quiet, "Print findings only, no summary");
  App.add_flag("-v,--verbose", S.Verbose,
               "Say which headers, commands and caches are used");
  App.add_flag("--fix", S.Fix, "Apply fix-its in place (atomically)");
  App.add_flag("--fix-errors", S.FixErrors,
               "Apply fix-its even in files that did not compile");
  App.add_option("--cache-dir", S.CacheDir,
                 "Where shared LibTorch preambles are kept "
                 "(default: $XDG_CACHE_HOME/torchlint)");
  App.add_flag("--no-cache", S.NoCache, "Parse LibTorch headers every time");
  App.add_option("--color", S.Color, "auto, always or never")
      ->check(CLI::IsMember({"auto", "always", "never"}));
  App.add_flag("--no-skip-bodies", S.NoSkipBodies,
               "Parse function bodies of library headers too")
      ->group("");
  App.add_flag("--verify", S.Verify,
               "Check expected-warning comments (clang -verify); for tests")
      ->group("");
  try {
    std::reverse(Args.begin(), Args.end());
    App.parse(Args);
  } catch (const CLI::ParseError &E) {
    int RC = App.exit(E);
    return RC == 0 ? ExitClean : ExitError;
  }
  return run(S);
}

} // namespace torchlint
