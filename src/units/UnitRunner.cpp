//===- UnitRunner.cpp - One unit, analysed, filtered and rendered ---------===//

#include "torchlint/units/UnitRunner.h"

#include "torchlint/units/ResultCache.h"

#include "torchlint/core/LLVMCompat.h"
#include "torchlint/report/Formats.h"
#include "torchlint/report/Nolint.h"
#include "torchlint/report/RuleDocs.h"

#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/TextDiagnostic.h"
#include "clang/Frontend/TextDiagnosticPrinter.h"
#include "clang/Lex/HeaderSearch.h"
#include "clang/Lex/Preprocessor.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Regex.h"
#include "llvm/Support/raw_ostream.h"

#include <csignal>
#include <map>
#include <set>
#include <thread>

using namespace clang;

namespace torchlint {

/// The first expected-warning, -error or -remark comment of File whose
/// message names no rule ("file:line: comment"), or "". clang's -verify
/// matches a message by substring, and every finding ends in "[rule-id]":
/// an expectation without it would pass with the finding moved to another
/// rule.
std::string expectationWithoutRuleId(llvm::StringRef File) {
  auto Buffer = llvm::MemoryBuffer::getFile(File);
  if (!Buffer)
    return "";
  static const llvm::Regex Expectation(
      "expected-(warning|error|remark)(-re)?(@[-+]?[0-9]+)?( +[0-9]+)? *"
      "\\{\\{(.*)\\}\\}");
  llvm::SmallVector<llvm::StringRef, 256> Lines;
  (*Buffer)->getBuffer().split(Lines, '\n');
  for (size_t I = 0; I < Lines.size(); ++I) {
    llvm::StringRef Line = Lines[I];
    llvm::SmallVector<llvm::StringRef, 6> Parts;
    // One comment may hold several expectations: each up to its "}}".
    while (Expectation.match(Line, &Parts)) {
      llvm::StringRef From = Line.substr(Parts[0].data() - Line.data());
      size_t Body = From.find("{{") + 2;
      size_t Close = From.find("}}", Body);
      if (!From.slice(Body, Close).contains("[torch-"))
        return (File + ":" + llvm::Twine(I + 1) + ": " +
                From.substr(0, Close == llvm::StringRef::npos ? Close
                                                              : Close + 2))
            .str();
      if (Close == llvm::StringRef::npos)
        break;
      Line = From.substr(Close + 2);
    }
  }
  return "";
}

namespace {

/// Filters findings by NOLINT comments and the header filter while the
/// SourceManager is alive, then renders the survivors through clang's
/// DiagnosticsEngine and detaches them. Filtering here, before any output,
/// makes text, JSON and SARIF agree.
class FilteringSink : public FindingSink {
public:
  FilteringSink(const EffectiveConfig &Config, const UnitJob &Job,
                std::string &Rendered, llvm::raw_string_ostream &OS,
                DiagnosticConsumer &Printer, UnitResult &Result)
      : Config(Config), Job(Job), Rendered(Rendered), OS(OS), Printer(Printer),
        Result(Result) {
    if (!Config.HeaderFilterRegex.empty() && !Config.HeaderFilterMatchesNothing)
      HeaderFilter.emplace(Config.HeaderFilterRegex);
  }

  void consume(const std::vector<Finding> &Findings,
               CompilerInstance &CI) override {
    SourceManager &SM = CI.getSourceManager();
    NolintFilter Nolint(SM);
    std::vector<NolintProblem> Problems;
    for (const Finding &F : Findings) {
      SourceLocation FL = SM.getFileLoc(F.Loc);
      FileID FID = SM.getFileID(FL);
      if (FID != SM.getMainFileID() &&
          (HeaderFilter || Config.HeaderFilterMatchesNothing)) {
        OptionalFileEntryRef Entry = SM.getFileEntryRefForID(FID);
        if (Entry &&
            (!HeaderFilter || !HeaderFilter->match(Entry->getName()))) {
          ++Result.HeaderFiltered;
          continue;
        }
      }
      // The finding's own location, macro expansions included: clang-tidy
      // looks for NOLINT at each level of the expansion.
      Severity Configured = configuredSeverity(*F.Rule, Config.Options);
      bool Silenced =
          Nolint.suppresses(F.Loc, F.Rule->Id, Configured, Problems);
      // Unmatched NOLINTBEGIN/END are errors of their own, before the
      // finding whose lookup found them, as clang-tidy orders them.
      for (const NolintProblem &P : Problems)
        reportNolintProblem(P, CI);
      Problems.clear();
      if (Silenced) {
        ++Result.Suppressed;
        continue;
      }
      Severity Level = effectiveSeverity(*F.Rule, Config);
      emit(F, Level, CI, Level != Configured);
    }
  }

  /// Under -verify the unit is all the project there is: the engine then
  /// settles project facts from the unit alone.
  bool seesProject() const override { return !Job.Parse.Verify; }

  void unitSummaries(UnitSummaries Summaries) override {
    Result.Summaries = std::move(Summaries);
  }

  void projectSites(const std::vector<ProjectSite> &Sites,
                    CompilerInstance &CI) override {
    SourceManager &SM = CI.getSourceManager();
    auto DiagOpts = compat::makeDiagOpts();
    DiagOpts->ShowColors = Job.Color;
    for (const ProjectSite &S : Sites) {
      // Printed after findings of other units: a note with nothing before
      // it, which TextDiagnostic renders as clang would within a diagnostic.
      std::string Text;
      llvm::raw_string_ostream Out(Text);
      if (!S.Message.empty()) {
        TextDiagnostic TD(Out, CI.getLangOpts(), compat::diagOpts(DiagOpts));
        TD.emitDiagnostic(FullSourceLoc(S.Loc, SM), DiagnosticsEngine::Note,
                          S.Message, {}, {});
      }
      Out.flush();
      Result.Sites.push_back(
          {{S.Fact, toPlainNote(SM, S.Loc, S.Message), "", ""},
           std::move(Text)});
    }
  }

  /// Records every file the preprocessor read, for the result cache: the
  /// user's files by content, system and LibTorch headers by size and time.
  /// A unit that does not compile records them too: its failure is as
  /// reusable as findings are.
  void unitRead(CompilerInstance &CI) override {
    if (Job.ResultCacheDir.empty())
      return;
    // A stale preamble makes the unit run twice; the last run counts.
    Result.Inputs.clear();
    SourceManager &SM = CI.getSourceManager();
    HeaderSearch &HS = CI.getPreprocessor().getHeaderSearchInfo();
    std::set<std::string> Done;
    for (auto It = SM.fileinfo_begin(), End = SM.fileinfo_end(); It != End;
         ++It) {
      auto File = It->first;
      llvm::StringRef Name = compat::realPathName(File);
      if (Name.empty())
        Name = compat::fileName(File);
      if (!Done.insert(Name.str()).second)
        continue;
      bool User = HS.getFileDirFlavor(File) == SrcMgr::C_User &&
                  !isLibTorchHeaderPath(Name);
      Result.Inputs.push_back(stampOf(Name, User));
    }
  }

  /// Under --diff or --line-filter: F with one more note saying which change
  /// ties it to the diff, and Record's IntroducedBy set to the same note;
  /// none when no line of F's provenance changed. Decided here, while clang
  /// can render the note, so that text, JSON and SARIF agree; the parent
  /// reports only tied findings.
  std::optional<Finding> tieToChange(const Finding &F, FindingRecord &Record,
                                     SourceManager &SM) const {
    if (!Job.Changes)
      return std::nullopt;
    std::optional<ChangeTie> Tie = Job.Changes->tieOf(Record);
    if (!Tie)
      return std::nullopt;
    std::string LineText;
    SourceLocation Where;
    if (Tie->Index == 0) {
      Where = F.Loc;
      LineText = Record.LineText;
    } else if (Tie->Index <= F.Notes.size()) {
      Where = F.Notes[Tie->Index - 1].Loc;
      LineText = Record.Notes[Tie->Index - 1].LineText;
    } else if (auto File =
                   SM.getFileManager().getOptionalFileRef(Tie->Loc.File)) {
      // Deleted lines: the note points at the line now where they were.
      Where = SM.translateFileLineCol(&File->getFileEntry(), Tie->Loc.Line, 1);
      if (Where.isValid())
        Tie->Loc = toPlain(SM, Where);
    }
    std::string Message = introducedMessage(*Tie, Job.SrcRoot);
    Record.IntroducedBy = PlainNote{Tie->Loc, Message, LineText};
    Finding Tied = F;
    Tied.Notes.push_back({Where.isValid() ? Where : F.Loc, Message});
    return Tied;
  }

  void reportNolintProblem(const NolintProblem &P, CompilerInstance &CI) {
    SourceManager &SM = CI.getSourceManager();
    auto File = SM.getFileManager().getOptionalFileRef(P.File);
    if (!File)
      return;
    FileID FID = SM.translateFile(*File);
    if (FID.isInvalid())
      return;
    Finding F;
    F.Rule = &nolintRule();
    F.Loc = SM.getLocForStartOfFile(FID).getLocWithOffset(P.Offset);
    F.Message = P.Message;
    emit(F, Severity::Error, CI);
  }

  void emit(const Finding &F, Severity Level, CompilerInstance &CI,
            bool WarningAsError = false) {
    FindingRecord Record =
        toRecord(F, Level, CI.getSourceManager(), CI.getLangOpts());
    std::optional<Finding> Tied = tieToChange(F, Record, CI.getSourceManager());
    OS.flush();
    size_t Begin = Rendered.size();
    const Finding &Shown = Tied ? *Tied : F;
    emitDiagnostic(Shown, Level, diagnosticsFor(CI), WarningAsError);
    OS.flush();
    // clang names a file by the path it was reached by ("dir/./include/x.h"
    // from CMake's -I); the text names it as the records do.
    SourceManager &SM = CI.getSourceManager();
    std::vector<std::string> Raw;
    auto AddRaw = [&](SourceLocation L) {
      PresumedLoc P = SM.getPresumedLoc(SM.getFileLoc(L), false);
      if (P.isValid())
        Raw.push_back(P.getFilename());
    };
    AddRaw(Shown.Loc);
    for (const auto &N : Shown.Notes)
      AddRaw(N.Loc);
    Result.Findings.push_back(
        {std::move(Record),
         withNormalFileNames(Rendered.substr(Begin), Raw)});
    // The finding's text lives in the finding; the unit's own diagnostics
    // stay in the shared buffer.
    Rendered.resize(Begin);
  }

  /// Findings are printed through an engine of their own that shares the
  /// unit's SourceManager and printer: the unit's engine counts every error
  /// as a compile error, and an error-level finding (warnings-as-errors) is
  /// not one. Under -verify they must reach the unit's verifying consumer.
  DiagnosticsEngine &diagnosticsFor(CompilerInstance &CI) {
    if (Job.Parse.Verify)
      return CI.getDiagnostics();
    if (!Own) {
      Own = std::make_unique<DiagnosticsEngine>(
          CI.getDiagnostics().getDiagnosticIDs(),
          compat::diagOpts(CI.getDiagnosticOpts()), &Printer,
          /*ShouldOwnClient=*/false);
      Own->setSourceManager(&CI.getSourceManager());
    }
    return *Own;
  }

  const EffectiveConfig &Config;
  const UnitJob &Job;
  std::string &Rendered;
  llvm::raw_string_ostream &OS;
  DiagnosticConsumer &Printer;
  UnitResult &Result;
  std::unique_ptr<DiagnosticsEngine> Own;
  std::optional<llvm::Regex> HeaderFilter;
};

} // namespace

/// The folders whose change could make a header the unit did not find
/// appear, so that the result cache notices it: for each missing header
/// and each folder it was searched in (the command's include folders and
/// the system's; for a quoted include also the folders of the user's files),
/// the deepest folder of its path that exists now. A folder's time changes
/// when an entry is added to it; reports written next to the sources do not
/// invalidate a unit that only misses <opencv2/...>. Headers taken from the
/// CUDA stand-ins count as missing: a toolkit installed later replaces them.
static std::vector<std::string> missingHeaderFolders(
    llvm::StringRef File, const std::vector<std::string> &Command,
    const UnitOutcome &Out, const std::vector<InputStamp> &Read) {
  std::vector<std::string> Missing = Out.MissingHeaders;
  if (!Out.MissingLibTorchHeader.empty())
    Missing.push_back(Out.MissingLibTorchHeader);
  Missing.insert(Missing.end(), Out.StandInHeaders.begin(),
                 Out.StandInHeaders.end());
  if (Missing.empty())
    return {};
  std::vector<std::string> Angled = includeDirsOf(Command);
  Angled.insert(Angled.end(), {"/usr/include", "/usr/local/include"});
  std::vector<std::string> Quoted = Angled;
  Quoted.push_back(llvm::sys::path::parent_path(File).str());
  // The preamble's own header includes LibTorch only; its folder, where
  // preambles come and go, is not one a missing header is looked up in.
  llvm::StringRef PreambleDir = llvm::sys::path::parent_path(Out.PreamblePath);
  for (const InputStamp &S : Read)
    if (S.ByContent && llvm::sys::path::parent_path(S.Path) != PreambleDir)
      Quoted.push_back(llvm::sys::path::parent_path(S.Path).str());
  std::set<std::string> Folders;
  for (const std::string &Name : Missing) {
    bool AngledOnly = Name == Out.MissingLibTorchHeader ||
                      llvm::is_contained(Out.MissingAngledOnly, Name) ||
                      llvm::is_contained(Out.StandInHeaders, Name);
    for (const std::string &Root : AngledOnly ? Angled : Quoted) {
      llvm::SmallString<256> P(Root);
      llvm::sys::path::append(P, Name);
      llvm::StringRef Dir = llvm::sys::path::parent_path(P);
      while (!Dir.empty() && !llvm::sys::fs::is_directory(Dir) &&
             Dir.size() > Root.size())
        Dir = llvm::sys::path::parent_path(Dir);
      if (llvm::sys::fs::is_directory(Dir))
        Folders.insert(Dir.str());
    }
  }
  return {Folders.begin(), Folders.end()};
}

/// Parses and analyses File once with Command. The result cache keys on
/// KeyCommand (the command the caller looks the unit up with); a result that
/// a retry may still replace (MayRetry) is not stored.
static UnitResult runUnitOnce(llvm::StringRef File,
                              const std::vector<std::string> &Command,
                              const std::vector<std::string> &KeyCommand,
                              bool MayRetry, const UnitJob &Job,
                              ConfigProvider &Configs) {
  UnitResult Result;
  Result.File = File.str();
#ifdef TORCHLINT_TEST_HOOKS
  if (!Job.CrashOn.empty() && File.ends_with(Job.CrashOn)) {
    // A real fault, not raise(): LLVM's handler returns after printing the
    // stack, and only a faulting instruction then kills the process.
    volatile int *Null = nullptr;
    *Null = 1;
  }
  if (!Job.HangOn.empty() && File.ends_with(Job.HangOn))
    for (;;)
      std::this_thread::sleep_for(std::chrono::seconds(1));
#endif

  auto FileConfig = Configs.configFor(File);
  if (!FileConfig) {
    Result.Failure = "configuration: " + llvm::toString(FileConfig.takeError());
    return Result;
  }
  EffectiveConfig Config = resolveConfig(*FileConfig, Job.Overrides);
  if (Job.Parse.Verbose)
    Result.Notes.push_back(File.str() + ": " + Config.ChecksSource +
                           (Job.Overrides.Checks ? ", then --checks" : ""));
  Result.ConfigWarnings = Config.Warnings;
  // A file's value that does not compile is read as clang-tidy reads it
  // (resolveConfig); one given to this run directly is the caller's error.
  if (Job.Overrides.HeaderFilterRegex && !Config.HeaderFilterRegex.empty()) {
    std::string Why;
    if (!llvm::Regex(Config.HeaderFilterRegex).isValid(Why)) {
      Result.Failure =
          "invalid header filter '" + Config.HeaderFilterRegex + "': " + Why;
      return Result;
    }
  }
  std::optional<std::string> CacheKey =
      ResultCache::keyOf(File, KeyCommand, Config, Job);
  EngineConfig EC;
  EC.Checks = Config.Checks;
  EC.Options = Config.Options;
  EC.Index = Job.Index;
  EC.IndexSettles = Job.IndexSettles;
  EC.LintedAlone = Job.Alone;
  Engine TheEngine(EC);

  auto DiagOpts = compat::makeDiagOpts();
  DiagOpts->ShowColors = Job.Color;
  std::string Rendered;
  llvm::raw_string_ostream OS(Rendered);
  TextDiagnosticPrinter Printer(OS, compat::diagOpts(DiagOpts));
  FilteringSink Sink(Config, Job, Rendered, OS, Printer, Result);
  UnitOutcome Out =
      analyzeUnit(File, Command, TheEngine, Job.Parse, Sink, Printer);
  OS.flush();
  Result.DiagText = Rendered;
  for (const std::string &H : Out.MissingHeaders)
    Result.Notes.push_back(File.str() + ": '" + H +
                           "' was not found; the file was analysed without it");
  // A unit whose compile errors all lie in function bodies is analysed
  // without those functions: a failure, with findings that count.
  Result.Analysed =
      (Out.Failure.empty() || Out.Partial) && Out.NotAnalysed.empty();
  Result.Failure = Out.Failure;
  if (!Out.NotAnalysed.empty())
    Result.Notes.push_back(Out.NotAnalysed);
  if (!Out.RefusedReads.empty()) {
    // Nothing rendered from this parse may leave the unit: a caret line or
    // a finding's line could be text of the refused file.
    Result.DiagText.clear();
    Result.Findings.clear();
    Result.Sites.clear();
  }
  if (Job.Parse.Verify && Result.Analysed) {
    std::string Missing = expectationWithoutRuleId(File);
    if (!Missing.empty()) {
      Result.Analysed = false;
      Result.Failure = "'" + File.str() +
                       "' failed verification: an expectation names no "
                       "[rule-id]: " +
                       Missing;
    }
  }
  Result.Seconds = Out.TotalSeconds;
  // Findings, compile errors and LibTorch headers that are not there depend
  // only on the files read and the folders searched, so they are reused; a
  // unit clang could not process at all is tried again next time.
  bool Reusable =
      Result.Analysed || Out.CompileErrors > 0 || Out.MissingLibTorch;
  if (MayRetry && Out.CompileErrors > 0)
    Reusable = false;
  if (CacheKey && Reusable && !Result.Inputs.empty()) {
    if (!Out.PreamblePath.empty())
      Result.Inputs.push_back(stampOf(Out.PreamblePath, /*ByContent=*/false));
    for (const std::string &Dir :
         missingHeaderFolders(File, Command, Out, Result.Inputs))
      Result.Inputs.push_back(stampOf(Dir, /*ByContent=*/false));
    ResultCache(Job.ResultCacheDir, Job.ResultCacheBytes)
        .store(*CacheKey, Result);
  }
  return Result;
}

/// True for a command that parses with torchlint's default standard,
/// -std=c++17, and no compile database (which would name the project's own).
static bool usesDefaultStandard(const std::vector<std::string> &Command) {
  bool Default = false;
  for (llvm::StringRef A : Command) {
    if (A.starts_with("-working-directory="))
      return false; // From a compile database.
    if (A.starts_with("-std=") || A.starts_with("--std"))
      Default = A == "-std=c++17";
  }
  return Default;
}

/// True when File's text uses what C++17 lacks: the C++20 headers, concepts,
/// requires-clauses, ranges and views, coroutines, consteval, <=>.
static bool looksLikeCxx20(llvm::StringRef File, const UnitJob &Job) {
  std::string Text;
  auto Unsaved = Job.Parse.UnsavedFiles.find(File.str());
  if (Unsaved != Job.Parse.UnsavedFiles.end()) {
    Text = Unsaved->second;
  } else if (auto Buffer = llvm::MemoryBuffer::getFile(File)) {
    Text = (*Buffer)->getBuffer().str();
  }
  static const llvm::Regex Cxx20(
      "#[ \t]*include[ \t]*<(ranges|concepts|span|format|coroutine|compare|"
      "numbers|bit|source_location|version)>|"
      "(^|[^A-Za-z0-9_])(concept|requires|consteval|constinit|co_await|"
      "co_yield|co_return)[^A-Za-z0-9_]|"
      "std::(ranges|views|span)[^A-Za-z0-9_]|<=>",
      llvm::Regex::Newline);
  return Cxx20.match(Text);
}

UnitResult runUnit(llvm::StringRef File,
                   const std::vector<std::string> &Command, const UnitJob &Job,
                   ConfigProvider &Configs) {
  // With no compile database to name the project's standard, a file that
  // does not compile as C++17 and uses C++20 is parsed again as C++20; the
  // retry stands only if it compiles.
  bool MayRetry = usesDefaultStandard(Command) && looksLikeCxx20(File, Job);
  UnitResult First = runUnitOnce(File, Command, Command, MayRetry, Job, Configs);
  if (!MayRetry || First.Failure.find("does not compile") == std::string::npos)
    return First;
  std::vector<std::string> Cxx20 = Command;
  for (std::string &A : Cxx20)
    if (A == "-std=c++17")
      A = "-std=c++20";
  // Only a retry that compiles is cached (under the command the unit is
  // looked up with); a file that fails both ways is tried both ways again.
  UnitResult Retry =
      runUnitOnce(File, Cxx20, Command, /*MayRetry=*/true, Job, Configs);
  if (!Retry.Analysed || !Retry.Failure.empty())
    return First;
  if (Job.Parse.Verbose)
    Retry.Notes.push_back(File.str() +
                          ": does not compile as C++17 and uses C++20; "
                          "analysed with -std=c++20 (no compile database "
                          "names the project's standard)");
  return Retry;
}

std::optional<UnitResult> cachedUnit(llvm::StringRef File,
                                     const std::vector<std::string> &Command,
                                     const UnitJob &Job,
                                     ConfigProvider &Configs) {
  if (Job.ResultCacheDir.empty())
    return std::nullopt;
  auto FileConfig = Configs.configFor(File);
  if (!FileConfig) {
    llvm::consumeError(FileConfig.takeError());
    return std::nullopt;
  }
  EffectiveConfig Config = resolveConfig(*FileConfig, Job.Overrides);
  std::optional<std::string> Key =
      ResultCache::keyOf(File, Command, Config, Job);
  if (!Key)
    return std::nullopt;
  std::optional<UnitResult> Hit =
      ResultCache(Job.ResultCacheDir, Job.ResultCacheBytes).lookup(*Key);
  if (Hit)
    Hit->ConfigWarnings = Config.Warnings;
  return Hit;
}

/// A unit's summaries as JSON: the index of what it defines (llvm::json's
/// text, read back by nlohmann) and what it imports.
static nlohmann::json summariesToJson(const UnitSummaries &S) {
  std::string Text;
  llvm::raw_string_ostream OS(Text);
  OS << S.Defined.toJSON();
  OS.flush();
  return {{"defined", nlohmann::json::parse(Text)}, {"imports", S.Imports}};
}

static llvm::Expected<UnitSummaries>
summariesFromJson(const nlohmann::json &J) {
  UnitSummaries S;
  if (J.is_null())
    return S;
  llvm::Expected<llvm::json::Value> Defined =
      llvm::json::parse(J.at("defined").dump());
  if (!Defined)
    return Defined.takeError();
  llvm::Expected<ProjectIndex> Index = ProjectIndex::fromJSON(*Defined);
  if (!Index)
    return Index.takeError();
  S.Defined = std::move(*Index);
  S.Imports = J.at("imports").get<std::set<std::string>>();
  return S;
}

nlohmann::json unitResultToJson(const UnitResult &R) {
  nlohmann::json Findings = nlohmann::json::array();
  for (const RenderedFinding &F : R.Findings) {
    nlohmann::json J = recordToJson(F.Record);
    J["rendered"] = F.Text;
    Findings.push_back(J);
  }
  nlohmann::json Sites = nlohmann::json::array();
  for (const RenderedSite &S : R.Sites) {
    nlohmann::json J = noteToJson(S.Record.Note);
    J["fact"] = S.Record.Fact.str();
    J["rendered"] = S.Text;
    Sites.push_back(J);
  }
  // Paths and source lines need not be UTF-8; the bytes travel as they are.
  return withBytesKept({{"file", R.File},
                        {"analysed", R.Analysed},
                        {"failure", R.Failure},
                        {"findings", Findings},
                        {"sites", Sites},
                        {"suppressed", R.Suppressed},
                        {"header_filtered", R.HeaderFiltered},
                        {"diag_text", R.DiagText},
                        {"notes", R.Notes},
                        {"config_warnings", R.ConfigWarnings},
                        {"seconds", R.Seconds},
                        {"summaries", summariesToJson(R.Summaries)}});
}

llvm::Expected<UnitResult> unitResultFromJson(const nlohmann::json &Doc) {
  nlohmann::json J = withBytesRestored(Doc);
  UnitResult R;
  try {
    R.File = J.at("file").get<std::string>();
    R.Analysed = J.at("analysed").get<bool>();
    R.Failure = J.at("failure").get<std::string>();
    R.Suppressed = J.at("suppressed").get<unsigned>();
    R.HeaderFiltered = J.at("header_filtered").get<unsigned>();
    R.DiagText = J.at("diag_text").get<std::string>();
    R.Notes = J.at("notes").get<std::vector<std::string>>();
    R.ConfigWarnings = J.value("config_warnings", std::vector<std::string>());
    R.Seconds = J.value("seconds", 0.0);
    for (const nlohmann::json &F : J.at("findings")) {
      auto Record = recordFromJson(F);
      if (!Record)
        return Record.takeError();
      R.Findings.push_back({*Record, F.at("rendered").get<std::string>()});
    }
    for (const nlohmann::json &S : J.value("sites", nlohmann::json::array())) {
      std::string Text = S.at("fact").get<std::string>();
      ProjectFact Fact = ProjectFact::parse(Text);
      if (Fact.empty())
        return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                       "unknown project fact '" + Text + "'");
      R.Sites.push_back({{std::move(Fact), noteFromJson(S), "", ""},
                         S.at("rendered").get<std::string>()});
    }
    llvm::Expected<UnitSummaries> Summaries =
        summariesFromJson(J.value("summaries", nlohmann::json()));
    if (!Summaries)
      return Summaries.takeError();
    R.Summaries = std::move(*Summaries);
  } catch (const nlohmann::json::exception &E) {
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   "malformed worker result: %s", E.what());
  }
  return R;
}

} // namespace torchlint
