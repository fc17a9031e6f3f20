//===- FromError.cpp - torchlint --from-error -----------------------------===//
//
// Reads the log, analyses every unit of the inputs in this process (the
// findings of one unit feed the ranking while its AST is alive), and prints
// the answers to each error as ordinary diagnostics, best first.
//
//===----------------------------------------------------------------------===//

#include "FromError.h"

#include "Driver.h"
#include "torchlint/report/Formats.h"
#include "torchlint/units/ErrorAnswers.h"

#include "torchlint/frontend/Frontend.h"
#include "torchlint/report/Report.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <chrono>
#include <map>

namespace torchlint {

namespace {

void printError(const llvm::Twine &Message) {
  llvm::errs() << "torchlint: error: " << Message << "\n";
}

} // namespace

int runFromError(const FromErrorOptions &O) {
  auto Buffer = llvm::MemoryBuffer::getFileOrSTDIN(O.Log);
  if (!Buffer) {
    printError("--from-error: cannot read '" + O.Log +
               "': " + Buffer.getError().message());
    return ExitError;
  }
  std::vector<RuntimeError> Errors =
      parseRuntimeErrors((*Buffer)->getBuffer());
  if (O.Inputs.empty()) {
    printError("--from-error: name the sources to search after the log");
    return ExitError;
  }
  if (Errors.empty()) {
    llvm::errs() << "torchlint: no device or dtype runtime error in '"
                 << O.Log << "'; nothing to explain\n";
    return ExitClean;
  }

  bool Failed = false;
  ExpandedInputs Inputs = expandInputs(O.Inputs);
  for (const std::string &E : Inputs.Errors) {
    printError(E);
    Failed = true;
  }
  std::optional<TorchIncludes> Torch;
  if (O.BuildPath.empty() &&
      !(O.ExtraFlags && reachesTorchHeaders(*O.ExtraFlags)))
    Torch = locateTorch(processEnv);
  CommandResolver Resolver(O.BuildPath.empty()
                               ? std::nullopt
                               : std::optional<std::string>(O.BuildPath),
                           O.ExtraFlags, Torch, O.ReadableRoots);
  if (llvm::Error E = Resolver.init()) {
    printError("compile database: " + llvm::toString(std::move(E)));
    return ExitError;
  }
  ParseOptions Parse;
  Parse.ResourceDir = defaultResourceDir();
  Parse.CacheDir = O.NoCache ? ""
                             : (O.CacheDir.empty() ? defaultCacheDir(processEnv)
                                                   : O.CacheDir);
  Parse.ProjectPreamble = projectPreambleIncludes(Inputs.Files);
  Parse.Verbose = O.Verbose;
  Parse.ReadableRoots = O.ReadableRoots;
  EngineConfig EC;
  if (O.Checks)
    EC.Checks = "torch-*," + *O.Checks;
  Engine TheEngine(EC);

  auto Start = std::chrono::steady_clock::now();
  std::vector<ErrorAnswer> Answers;
  RunSummary Summary;
  for (const std::string &File : Inputs.Files) {
    auto Command = Resolver.commandFor(File);
    if (!Command) {
      printError(File + ": " + llvm::toString(Command.takeError()));
      Summary.Failures.push_back({File, "no compile command"});
      Failed = true;
      continue;
    }
    // The folder of the compile database found above the file is its build
    // folder: generated headers live there.
    std::string Source = Resolver.sourceOf(File);
    if (!Parse.ReadableRoots.empty() && !O.ExtraFlags && !Source.empty() &&
        llvm::sys::fs::exists(Source)) {
      std::string Dir = llvm::sys::fs::is_directory(Source)
                            ? Source
                            : llvm::sys::path::parent_path(Source).str();
      if (!llvm::is_contained(Parse.ReadableRoots, Dir))
        Parse.ReadableRoots.push_back(Dir);
    }
    std::string DiagText;
    UnitOutcome Out = explainUnit(File, *Command, TheEngine, Parse, Errors,
                                  O.Color, Answers, DiagText);
    Summary.Units.push_back({File, Out.Failure.empty(), false,
                             Out.TotalSeconds});
    if (!Out.Failure.empty()) {
      llvm::errs() << DiagText;
      printError(File + ": " + Out.Failure);
      Summary.Failures.push_back({File, Out.Failure});
      Failed = true;
      continue;
    }
    ++Summary.FilesAnalysed;
  }
  Summary.Seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - Start)
          .count();

  std::string SrcRoot = O.SrcRoot;
  if (SrcRoot.empty()) {
    llvm::SmallString<256> Dir;
    llvm::sys::fs::current_path(Dir);
    SrcRoot = std::string(Dir);
  }
  Summary.SrcRoot = SrcRoot;

  // Text goes to stdout (or -o); the lines that introduce each error go
  // with it in text, and to stderr beside a JSON or SARIF document.
  std::string Text;
  llvm::raw_string_ostream TextOS(Text);
  llvm::raw_ostream &Heads =
      O.Format == "text" ? static_cast<llvm::raw_ostream &>(TextOS)
                         : llvm::errs();
  std::vector<FindingRecord> Records;
  bool Explained = false;
  for (size_t I = 0; I < Errors.size(); ++I) {
    const RuntimeError &E = Errors[I];
    std::vector<const ErrorAnswer *> Ranked = answersTo(I, Answers);
    Heads << "torchlint: runtime error on line " << E.Line << " of the log: "
          << E.Message << "\n";
    if (Ranked.empty()) {
      Heads << "torchlint: no call site in the given paths fits this error"
            << (E.Op.empty() ? "" : " (no call reaches '" + E.Op + "')")
            << "\n";
      continue;
    }
    Explained = true;
    unsigned FromAnalysis = 0;
    for (const ErrorAnswer *A : Ranked) {
      TextOS << A->Text;
      Records.push_back(A->Record);
      FromAnalysis += !A->fromError();
    }
    Heads << "torchlint: " << Ranked.size() << " candidate"
          << (Ranked.size() == 1 ? "" : "s") << " (" << FromAnalysis
          << " found by the analysis, " << Ranked.size() - FromAnalysis
          << " suggested by the error alone)\n";
  }
  TextOS.flush();
  Heads.flush();

  std::string Document;
  if (O.Format == "json")
    Document = renderJson(Records, Summary);
  else if (O.Format == "sarif")
    Document = renderSarif(Records, Summary, SrcRoot);
  else if (O.Format == "github")
    Document = renderGithub(Records, SrcRoot);
  else
    Document = Text;
  if (O.OutputFile.empty() || O.OutputFile == "-") {
    llvm::outs() << Document;
    llvm::outs().flush();
  } else {
    std::error_code EC;
    llvm::raw_fd_ostream OS(O.OutputFile, EC);
    if (EC) {
      printError("cannot write '" + O.OutputFile + "': " + EC.message());
      return ExitError;
    }
    OS << Document;
  }
  if (Failed)
    return ExitError;
  return Explained ? ExitFindings : ExitClean;
}

} // namespace torchlint
