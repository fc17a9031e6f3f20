//===- Unit.cpp - Parse one translation unit and run the engine -----------===//

#include "CudaStandIns.h"
#include "Preamble.h"
#include "ReadFence.h"
#include "torchlint/analysis/ProjectIndex.h"
#include "torchlint/core/LLVMCompat.h"
#include "torchlint/core/ProjectFacts.h"
#include "torchlint/core/SourceRanges.h"
#include "torchlint/frontend/Frontend.h"

#include "clang/AST/ASTConsumer.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/DiagnosticLex.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendAction.h"
#include "clang/Index/USRGeneration.h"
#include "clang/Lex/PPCallbacks.h"
#include "clang/Lex/Preprocessor.h"
#include "clang/Tooling/ArgumentsAdjusters.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/Config/llvm-config.h"
#include "llvm/Option/ArgList.h"
#include "llvm/Option/OptTable.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/VirtualFileSystem.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <chrono>
#include <set>

// The driver's option table: LLVM 22 moved it from clangDriver
// (clang/Driver/Options.h, clang::driver::options) to clang/Options
// (clang::options). Here rather than in LLVMCompat.h, which every layer
// includes, because only this file parses command lines.
#if LLVM_VERSION_MAJOR >= 22
#include "clang/Options/Options.h"
static const llvm::opt::OptTable &driverOptTable() {
  return clang::getDriverOptTable();
}
static constexpr unsigned UnknownOptionID = clang::options::OPT_UNKNOWN;
#else
#include "clang/Driver/Options.h"
static const llvm::opt::OptTable &driverOptTable() {
  return clang::driver::getDriverOptTable();
}
static constexpr unsigned UnknownOptionID =
    clang::driver::options::OPT_UNKNOWN;
#endif

#ifndef TORCHLINT_CLANG_RESOURCE_DIR
#define TORCHLINT_CLANG_RESOURCE_DIR ""
#endif

using namespace clang;

namespace torchlint {

namespace fs = llvm::sys::fs;

std::string defaultResourceDir() {
  if (auto Env = processEnv("TORCHLINT_RESOURCE_DIR"))
    return *Env;
  // The relocatable package (cpack's .tar.gz) carries Clang's builtin
  // headers in lib/torchlint/clang/<N> beside bin/torchlint, because the
  // machine it is unpacked on may have no Clang at all. Checked before the
  // build's folder, which may not exist there, or be another Clang's.
  std::string Exe = llvm::sys::fs::getMainExecutable(nullptr, nullptr);
  if (!Exe.empty()) {
    llvm::SmallString<256> Dir(
        llvm::sys::path::parent_path(llvm::sys::path::parent_path(Exe)));
    llvm::sys::path::append(Dir, "lib", "torchlint", "clang",
                            std::to_string(LLVM_VERSION_MAJOR));
    if (fs::is_directory(Dir + "/include"))
      return std::string(Dir);
  }
  return TORCHLINT_CLANG_RESOURCE_DIR;
}

std::string defaultCacheDir(const EnvLookup &Env) {
  llvm::SmallString<256> Dir;
  if (auto Xdg = Env("XDG_CACHE_HOME"))
    Dir = *Xdg;
  else if (auto Home = Env("HOME"))
    llvm::sys::path::append(Dir, *Home, ".cache");
  else
    return "";
  llvm::sys::path::append(Dir, "torchlint");
  return std::string(Dir);
}

static bool isLibTorchOrCaffe2Include(llvm::StringRef Name) {
  return Name.starts_with("torch/") || Name.starts_with("ATen/") ||
         Name.starts_with("c10/") || Name.starts_with("caffe2/");
}

namespace {

/// State shared by the pieces that watch one unit being parsed.
struct UnitState {
  UnitOutcome Outcome;
  bool PreambleRejected = false; ///< Clang refused the cached preamble.
  /// Where each compile error the unit counts is.
  std::vector<SourceLocation> ErrorLocs;
  bool Lenient() const { return !Outcome.MissingHeaders.empty(); }
};

/// Treats a missing third-party header as empty, so the LibTorch code of the
/// file is still analysed (a fatal "file not found" would stop Clang from
/// instantiating templates). Missing LibTorch headers are not skipped: without
/// them there is nothing to analyse.
class MissingIncludeHandler : public PPCallbacks {
public:
  explicit MissingIncludeHandler(UnitState &State) : State(State) {}
  bool FileNotFound(llvm::StringRef FileName) override {
    if (isLibTorchOrCaffe2Include(FileName)) {
      if (!State.Outcome.MissingLibTorch)
        State.Outcome.MissingLibTorchHeader = FileName.str();
      State.Outcome.MissingLibTorch = true;
      return false;
    }
    if (!llvm::is_contained(State.Outcome.MissingHeaders, FileName))
      State.Outcome.MissingHeaders.push_back(FileName.str());
    return true;
  }

  // Runs after FileNotFound for the same directive.
  void InclusionDirective(SourceLocation, const Token &, llvm::StringRef Name,
                          bool IsAngled, CharSourceRange,
                          OptionalFileEntryRef File, llvm::StringRef,
                          llvm::StringRef, TORCHLINT_INCLUSION_MODULE_PARAMS,
                          SrcMgr::CharacteristicKind) override {
    if (File || !llvm::is_contained(State.Outcome.MissingHeaders, Name))
      return;
    std::vector<std::string> &Angled = State.Outcome.MissingAngledOnly;
    if (!IsAngled)
      QuotedMissing.insert(Name.str());
    if (IsAngled && !QuotedMissing.count(Name.str()) &&
        !llvm::is_contained(Angled, Name))
      Angled.push_back(Name.str());
    else if (!IsAngled)
      // llvm::erase_value is gone in LLVM 19 and llvm::erase new in 18.
      Angled.erase(std::remove(Angled.begin(), Angled.end(), Name.str()),
                   Angled.end());
  }

private:
  UnitState &State;
  std::set<std::string> QuotedMissing;
};

/// Forwards diagnostics to the host's consumer, except compiler errors that a
/// skipped header explains, and all but the first few errors of a unit.
class UnitDiagnostics : public DiagnosticConsumer {
public:
  UnitDiagnostics(DiagnosticConsumer &Next, UnitState &State)
      : Next(Next), State(State) {}

  void BeginSourceFile(const LangOptions &LO, const Preprocessor *PP) override {
    Next.BeginSourceFile(LO, PP);
  }
  void EndSourceFile() override { Next.EndSourceFile(); }
  void finish() override { Next.finish(); }

  void HandleDiagnostic(DiagnosticsEngine::Level Level,
                        const Diagnostic &Info) override {
    if (Level == DiagnosticsEngine::Note) {
      if (ForwardNotes)
        Next.HandleDiagnostic(Level, Info);
      return;
    }
    ForwardNotes = false;
    if (Level >= DiagnosticsEngine::Error) {
      if (isMissingLibTorch(Info))
        return; // The frontend explains this in one line of its own.
      if (State.Outcome.UsedPreamble && isPreambleProblem(Info)) {
        // A header changed under the cached preamble, or the file is
        // damaged: the frontend rebuilds it and parses again.
        State.PreambleRejected = true;
        return;
      }
      if (State.Lenient())
        return; // Consequences of a skipped header.
      State.ErrorLocs.push_back(Info.getLocation());
      if (State.Outcome.FirstError.empty())
        State.Outcome.FirstError = describe(Info);
      if (++State.Outcome.CompileErrors > MaxShownErrors)
        return;
    }
    ForwardNotes = true;
    // Only shown errors are counted here: Clang prints "N errors generated"
    // from this count, and a warning count would print "N warnings
    // generated", which the host's summary already says.
    if (Level >= DiagnosticsEngine::Error)
      DiagnosticConsumer::HandleDiagnostic(Level, Info);
    Next.HandleDiagnostic(Level, Info);
  }

private:
  static bool isMissingLibTorch(const Diagnostic &Info) {
    if (Info.getID() != diag::err_pp_file_not_found || Info.getNumArgs() < 1 ||
        Info.getArgKind(0) != DiagnosticsEngine::ak_std_string)
      return false;
    return isLibTorchOrCaffe2Include(Info.getArgStdStr(0));
  }

  /// "file:line:col: message", as the user will look it up.
  static std::string describe(const Diagnostic &Info) {
    llvm::SmallString<128> Message;
    Info.FormatDiagnostic(Message);
    std::string Where;
    if (Info.hasSourceManager() && Info.getLocation().isValid()) {
      PresumedLoc P =
          Info.getSourceManager().getPresumedLoc(Info.getLocation());
      if (P.isValid())
        Where = std::string(P.getFilename()) + ":" +
                std::to_string(P.getLine()) + ":" +
                std::to_string(P.getColumn()) + ": ";
    }
    return Where + std::string(Message);
  }

  static bool isPreambleProblem(const Diagnostic &Info) {
    llvm::SmallString<128> Message;
    Info.FormatDiagnostic(Message);
    llvm::StringRef M(Message);
    return M.contains("precompiled header") || M.contains("PCH file") ||
           M.contains("AST file");
  }

  static constexpr unsigned MaxShownErrors = 3;
  DiagnosticConsumer &Next;
  UnitState &State;
  bool ForwardNotes = false;
};

/// The user functions with compile errors, which a unit is analysed
/// without (Clang's dataflow framework skips such functions too).
struct BrokenFunctions {
  /// Outermost functions with a body (a lambda's error is its function's).
  std::vector<const FunctionDecl *> Functions;
  /// False when an error lies outside every function: then a declaration
  /// the parser could not read may change everything after it.
  bool Trustworthy = true;

  bool holds(const SourceManager &SM, SourceLocation L) const {
    return llvm::any_of(Functions, [&](const FunctionDecl *FD) {
      return inFileRange(SM, FD->getSourceRange(), L);
    });
  }

  /// True for a top-level declaration that is one of Functions.
  bool isOneOf(const Decl *D) const {
    if (const auto *T = dyn_cast<FunctionTemplateDecl>(D))
      D = T->getTemplatedDecl();
    return llvm::is_contained(Functions, dyn_cast<FunctionDecl>(D));
  }

  /// Index without the summaries of Functions: a body with an error says
  /// nothing another file may rely on.
  ProjectIndex without(const ProjectIndex &Index) const {
    std::set<std::string> Broken;
    for (const FunctionDecl *FD : Functions) {
      llvm::SmallString<128> USR;
      if (!index::generateUSRForDecl(FD->getCanonicalDecl(), USR))
        Broken.insert(std::string(USR));
    }
    ProjectIndex Out;
    for (const auto &[Key, F] : Index.functions())
      if (!Broken.count(Key))
        Out.add(Key, F);
    return Out;
  }
};

/// The outermost user functions with a body in Decls, each once.
class FunctionCollector : public RecursiveASTVisitor<FunctionCollector> {
public:
  bool VisitFunctionDecl(FunctionDecl *FD) {
    if (FD->doesThisDeclarationHaveABody() && !FD->getParentFunctionOrMethod())
      Functions.push_back(FD);
    return true;
  }
  std::vector<const FunctionDecl *> Functions;
};

/// The functions of UserDecls that hold each of Errors.
BrokenFunctions brokenFunctions(const SourceManager &SM,
                                const std::vector<Decl *> &UserDecls,
                                const std::vector<SourceLocation> &Errors) {
  FunctionCollector Collector;
  for (Decl *D : UserDecls)
    Collector.TraverseDecl(D);
  BrokenFunctions Out;
  for (SourceLocation L : Errors) {
    auto It = llvm::find_if(Collector.Functions, [&](const FunctionDecl *FD) {
      return inFileRange(SM, FD->getSourceRange(), L);
    });
    if (It == Collector.Functions.end()) {
      Out.Trustworthy = false;
      Out.Functions.clear();
      return Out;
    }
    if (!llvm::is_contained(Out.Functions, *It))
      Out.Functions.push_back(*It);
  }
  return Out;
}

class AnalysisConsumer : public ASTConsumer {
public:
  AnalysisConsumer(CompilerInstance &CI, const Engine &E, FindingSink &Sink,
                   UnitState &State)
      : CI(CI), TheEngine(E), Sink(Sink), State(State) {}

  // Library bodies are never analysed, so they need not be parsed; the
  // user's own files and headers always are.
  bool shouldSkipFunctionBody(Decl *D) override {
    return isLibraryLocation(CI.getSourceManager(), D->getLocation());
  }

  bool HandleTopLevelDecl(DeclGroupRef Group) override {
    for (Decl *D : Group)
      if (!isLibraryLocation(CI.getSourceManager(), D->getLocation()))
        UserDecls.push_back(D);
    return true;
  }

  void HandleTranslationUnit(ASTContext &Ctx) override {
    Sink.unitRead(CI);
    if (State.Outcome.MissingLibTorch)
      return;
    if (CI.getDiagnostics().hasFatalErrorOccurred() && !State.Lenient()) {
      State.Outcome.Untrusted = "a fatal error stopped the parse";
      return;
    }
    // Compile errors inside function bodies leave the rest of the unit as
    // the user wrote it: the functions that hold them are left out, and so
    // is every finding, site and summary that touches them. An error
    // anywhere else leaves nothing to trust.
    BrokenFunctions Broken;
    std::vector<Decl *> Scope = UserDecls;
    if (State.Outcome.CompileErrors > 0 && !State.Lenient()) {
      Broken =
          brokenFunctions(Ctx.getSourceManager(), UserDecls, State.ErrorLocs);
      if (!Broken.Trustworthy) {
        State.Outcome.Untrusted =
            State.Outcome.CompileErrors == 1
                ? "the error is outside any function body, so nothing after "
                  "it can be trusted"
                : "an error is outside any function body, so nothing after "
                  "it can be trusted";
        keepCudaEvidence(Ctx, Broken);
        return;
      }
      llvm::erase_if(Scope, [&](Decl *D) { return Broken.isOneOf(D); });
      for (const FunctionDecl *FD : Broken.Functions)
        State.Outcome.SkippedFunctions.push_back(
            FD->getQualifiedNameAsString());
      State.Outcome.Partial = true;
    }
    auto Start = std::chrono::steady_clock::now();
    std::vector<ProjectSite> Sites;
    UnitSummaries Summaries;
    std::vector<Finding> Findings =
        TheEngine.analyze(Ctx, &Scope, Sink.seesProject() ? &Sites : nullptr,
                          Sink.seesProject() ? &Summaries : nullptr);
    if (State.Outcome.Partial) {
      const SourceManager &SM = Ctx.getSourceManager();
      llvm::erase_if(Findings, [&](const Finding &F) {
        return Broken.holds(SM, F.Loc) ||
               llvm::any_of(F.Notes, [&](const FindingNote &N) {
                 return Broken.holds(SM, N.Loc);
               });
      });
      llvm::erase_if(
          Sites, [&](const ProjectSite &S) { return Broken.holds(SM, S.Loc); });
      Summaries.Defined = Broken.without(Summaries.Defined);
    }
    State.Outcome.AnalysisSeconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - Start)
            .count();
    State.Outcome.Analysed = true;
    State.Outcome.Findings = Findings.size();
    Sink.consume(Findings, CI);
    if (!Sites.empty())
      Sink.projectSites(Sites, CI);
    if (Sink.seesProject())
      Sink.unitSummaries(std::move(Summaries));
  }

private:
  /// For a unit nothing of which is trusted: the sites that show the
  /// project needs CUDA (code that stops when CUDA is missing, in a
  /// function that compiled), and nothing else. They are evidence as
  /// written whatever broke elsewhere, and a project whose files that
  /// check CUDA do not compile here is still the CUDA-only project it says
  /// it is; findings, and the facts that would make other findings stand,
  /// need the whole unit.
  void keepCudaEvidence(ASTContext &Ctx, const BrokenFunctions &Broken) {
    if (!Sink.seesProject())
      return;
    std::vector<Decl *> Scope = UserDecls;
    llvm::erase_if(Scope, [&](Decl *D) { return Broken.isOneOf(D); });
    std::vector<ProjectSite> Sites;
    TheEngine.analyze(Ctx, &Scope, &Sites);
    const SourceManager &SM = Ctx.getSourceManager();
    llvm::erase_if(Sites, [&](const ProjectSite &S) {
      return S.Fact.kind() != FactKind::RequiresCuda || Broken.holds(SM, S.Loc);
    });
    if (!Sites.empty())
      Sink.projectSites(Sites, CI);
  }

  CompilerInstance &CI;
  const Engine &TheEngine;
  FindingSink &Sink;
  UnitState &State;
  std::vector<Decl *> UserDecls;
};

class AnalysisAction : public ASTFrontendAction {
public:
  AnalysisAction(const Engine &E, FindingSink &Sink, UnitState &State,
                 bool SkipBodies)
      : TheEngine(E), Sink(Sink), State(State), SkipBodies(SkipBodies) {}

  bool BeginSourceFileAction(CompilerInstance &CI) override {
    CI.getFrontendOpts().SkipFunctionBodies = SkipBodies;
    CI.getPreprocessor().addPPCallbacks(
        std::make_unique<MissingIncludeHandler>(State));
    return true;
  }

  std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance &CI,
                                                 llvm::StringRef) override {
    return std::make_unique<AnalysisConsumer>(CI, TheEngine, Sink, State);
  }

private:
  const Engine &TheEngine;
  FindingSink &Sink;
  UnitState &State;
  bool SkipBodies;
};

} // namespace

/// The text of File: its unsaved buffer, else the file on disk.
static llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>>
readSource(llvm::StringRef File, const ParseOptions &Options) {
  auto It = Options.UnsavedFiles.find(File.str());
  if (It != Options.UnsavedFiles.end())
    return llvm::MemoryBuffer::getMemBuffer(It->second, File);
  return llvm::MemoryBuffer::getFile(File);
}

/// Why the file cannot be C++ source at all, or "".
static std::string unusableContent(llvm::StringRef File,
                                   const ParseOptions &Options) {
  auto Buffer = readSource(File, Options);
  if (!Buffer)
    return "cannot read '" + File.str() + "': " + Buffer.getError().message();
  llvm::StringRef Text = (*Buffer)->getBuffer();
  if (Text.contains('\0'))
    return "'" + File.str() + "' is not C++ source (it contains binary data)";
  return "";
}

/// The command with its input file moved to the end (compile databases may
/// name it anywhere, relative to their directory), so that everything before
/// the last argument is flags.
static std::vector<std::string>
withInputLast(const std::vector<std::string> &Command, llvm::StringRef File) {
  std::string WorkDir;
  for (const std::string &A : Command)
    if (llvm::StringRef(A).starts_with("-working-directory="))
      WorkDir = A.substr(strlen("-working-directory="));
  std::vector<std::string> Out;
  for (size_t I = 0; I < Command.size(); ++I) {
    llvm::StringRef A = Command[I];
    // "--" ends the options; with the input moved last it must go.
    if (A == "--")
      continue;
    // A header opened in an editor is a unit of its own, named like one.
    if (I > 0 && !A.starts_with("-") &&
        (isCppSource(A) ||
         llvm::sys::path::filename(A) == llvm::sys::path::filename(File))) {
      llvm::SmallString<256> Abs(A);
      if (!llvm::sys::path::is_absolute(Abs) && !WorkDir.empty())
        compat::makeAbsolute(WorkDir, Abs);
      llvm::sys::path::remove_dots(Abs, true);
      if (Abs == File)
        continue;
    }
    Out.push_back(A.str());
  }
  Out.push_back(File.str());
  return Out;
}

/// True when `#include <Name>` (as leadingTorchIncludes writes it) finds a
/// LibTorch header first in the include folders of Args, searched in order.
static bool resolvesToLibTorch(llvm::StringRef Include,
                               const std::vector<std::string> &Args) {
  llvm::StringRef Name = Include.split('<').second.split('>').first;
  for (const std::string &Dir : includeDirsOf(Args)) {
    llvm::SmallString<256> Path(Dir);
    llvm::sys::path::append(Path, Name);
    if (llvm::sys::fs::exists(Path))
      return isLibTorchHeaderPath(Path);
  }
  // Not found in the flags' folders (a compiler default): LibTorch's name.
  return true;
}

/// Args without the options Clang's driver does not know (a compile database
/// written for GCC: -fno-canonical-system-headers, -fconcepts-diagnostics-
/// depth=2, ...): Clang would stop with "unknown argument" and analyse
/// nothing, though the options change nothing torchlint reads. Dropped ones
/// go to Dropped.
static std::vector<std::string>
withoutUnknownOptions(const std::vector<std::string> &Args,
                      std::vector<std::string> &Dropped) {
  if (Args.size() < 2)
    return Args;
  std::vector<const char *> Argv;
  for (size_t I = 1; I < Args.size(); ++I)
    Argv.push_back(Args[I].c_str());
  unsigned MissingIndex = 0, MissingCount = 0;
  const llvm::opt::OptTable &Table = driverOptTable();
  llvm::opt::InputArgList Parsed =
      Table.ParseArgs(Argv, MissingIndex, MissingCount);
  std::set<unsigned> Unknown;
  for (const llvm::opt::Arg *A :
       Parsed.filtered(UnknownOptionID))
    Unknown.insert(A->getIndex());
  if (Unknown.empty())
    return Args;
  std::vector<std::string> Out = {Args.front()};
  for (unsigned I = 0; I < Argv.size(); ++I) {
    if (Unknown.count(I))
      Dropped.push_back(Argv[I]);
    else
      Out.push_back(Argv[I]);
  }
  return Out;
}

static UnitOutcome
analyzeUnitImpl(llvm::StringRef File, const std::vector<std::string> &Command,
                const Engine &TheEngine, const ParseOptions &Options,
                FindingSink &Sink, DiagnosticConsumer &Diags);

/// Why a unit with compile errors was analysed only in part, or not at all:
/// the error that decided it, and the functions left out.
static std::string compileFailure(llvm::StringRef File,
                                  const UnitOutcome &Out) {
  std::string Errors = Out.CompileErrors == 1
                           ? "1 error: " + Out.FirstError
                           : std::to_string(Out.CompileErrors) +
                                 " errors, the first: " + Out.FirstError;
  if (!Out.Partial)
    return "'" + File.str() + "' does not compile (" + Errors +
           "); it was not analysed" +
           (Out.Untrusted.empty() ? "" : ": " + Out.Untrusted);
  std::string Names;
  for (size_t I = 0; I < Out.SkippedFunctions.size(); ++I)
    Names += (I == 0                                 ? "'"
              : I + 1 == Out.SkippedFunctions.size() ? " and '"
                                                     : ", '") +
             Out.SkippedFunctions[I] + "'";
  bool One = Out.SkippedFunctions.size() == 1;
  return "'" + File.str() + "' does not compile (" + Errors + "); " +
         (One ? "the function " : "the functions ") + Names +
         (One ? " that holds " : " that hold ") +
         (Out.CompileErrors == 1 ? "it" : "them") + (One ? " was" : " were") +
         " not analysed, the rest of the file was";
}

UnitOutcome analyzeUnit(llvm::StringRef File,
                        const std::vector<std::string> &Command,
                        const Engine &TheEngine, const ParseOptions &Options,
                        FindingSink &Sink, DiagnosticConsumer &Diags) {
  auto Started = std::chrono::steady_clock::now();
  UnitOutcome Out =
      analyzeUnitImpl(File, Command, TheEngine, Options, Sink, Diags);
  Out.TotalSeconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - Started)
          .count();
  // The benchmark reads this line to split parsing from analysis.
  if (Options.Verbose && Out.Analysed)
    llvm::errs() << "torchlint: timing: " << File << ": total "
                 << llvm::format("%.3f", Out.TotalSeconds) << " s, analysis "
                 << llvm::format("%.3f", Out.AnalysisSeconds) << " s\n";
  return Out;
}

static UnitOutcome
analyzeUnitImpl(llvm::StringRef File, const std::vector<std::string> &Command,
                const Engine &TheEngine, const ParseOptions &Options,
                FindingSink &Sink, DiagnosticConsumer &Diags) {
  UnitState State;
  if (std::string Why = unusableContent(File, Options); !Why.empty()) {
    State.Outcome.Failure = Why;
    return State.Outcome;
  }
  // An empty file is a valid unit with nothing in it, as clang-tidy,
  // cppcheck and ruff take it: analysed, no findings, no parse.
  if (auto Source = readSource(File, Options);
      Source && (*Source)->getBuffer().trim().empty()) {
    State.Outcome.Analysed = true;
    return State.Outcome;
  }
  // Clang parses a .cu file for the GPU first and needs the CUDA toolkit's
  // compiler setup for its host code, and a C++ preamble does not load into
  // a CUDA parse (each try threw the shared one away). Until host code is
  // parsed as CUDA, the file is said not analysed rather than counted as
  // analysed with nothing seen.
  if (llvm::sys::path::extension(File) == ".cu") {
    State.Outcome.NotAnalysed =
        "'" + File.str() +
        "' is CUDA source (.cu) and was not analysed: torchlint parses C++ "
        "units only; host code that uses LibTorch is analysed in .cpp files "
        "(docs/cuda.md)";
    return State.Outcome;
  }

  using namespace clang::tooling;
  CommandLineArguments Args = Command;
  for (const ArgumentsAdjuster &Adjust :
       {getClangSyntaxOnlyAdjuster(), getClangStripOutputAdjuster(),
        getClangStripDependencyFileAdjuster()})
    Args = Adjust(Args, File);
  Args = withInputLast(Args, File);
  std::vector<std::string> Unknown;
  Args = withoutUnknownOptions(Args, Unknown);
  if (Options.Verbose && !Unknown.empty()) {
    llvm::errs() << "torchlint: " << File
                 << ": dropped options Clang does not know:";
    for (const std::string &U : Unknown)
      llvm::errs() << " " << U;
    llvm::errs() << "\n";
  }
  // Compiler warnings are the compiler's business; torchlint's own findings
  // are custom diagnostics, which -w does not silence. No spelling
  // correction: after a missing third-party header, each unknown name would
  // be compared with every name of LibTorch's preamble (half of such a
  // unit's time), and a guessed name would put a declaration the user never
  // wrote into the analysed AST.
  CommandLineArguments Extra = {"-w", "-ferror-limit=0", "-fno-spell-checking"};
  if (!Options.ResourceDir.empty())
    Extra.push_back("-resource-dir=" + Options.ResourceDir);
  // Searched after every folder of the flags: a real CUDA toolkit or a CUDA
  // build of LibTorch that the flags reach is found first.
  Extra.insert(Extra.end(), {"-idirafter", cudaStandInDir().str()});
  Args.insert(Args.end() - 1, Extra.begin(), Extra.end());

  // What the parse may open, decided before anything of the command is read.
  std::vector<std::string> Roots =
      readableRoots(Options.ReadableRoots, Args, Options.ResourceDir);
  std::set<std::string> Refused;

  auto Source = readSource(File, Options);
  std::vector<std::string> Includes =
      leadingTorchIncludes(Source ? (*Source)->getBuffer() : "");
  // A project's own include/torch/helpers.h is the user's code: the shared
  // preamble stops before the first include that is not LibTorch's.
  for (size_t I = 0; I < Includes.size(); ++I)
    if (!resolvesToLibTorch(Includes[I], Args)) {
      Includes.resize(I);
      break;
    }
  // The project's preamble, which every unit of the run can share, when it
  // holds each of this file's own LibTorch includes; else (or when it cannot
  // be built) one of the file's own includes.
  std::vector<std::vector<std::string>> Candidates;
  std::vector<std::string> Project;
  for (const std::string &Inc : Options.ProjectPreamble)
    if (resolvesToLibTorch(Inc, Args))
      Project.push_back(Inc);
  if (!Project.empty()) {
    if (!Includes.empty()) {
      if (Project != Includes &&
          llvm::all_of(Includes, [&](const std::string &Inc) {
            return llvm::is_contained(Project, Inc);
          }))
        Candidates.push_back(std::move(Project));
    } else if (includesLibTorchIndirectly(
                   File, Source ? (*Source)->getBuffer() : "", Args)) {
      // LibTorch comes through the project's own headers: preloading it
      // first is what those headers do, a few lines later.
      Candidates.push_back(std::move(Project));
    }
  }
  Candidates.push_back(Includes);
  auto PreambleFor = [&]() -> std::optional<std::string> {
    for (size_t I = 0; I < Candidates.size(); ++I) {
      std::string Why;
      std::optional<std::string> Pch = obtainPreamble(
          Args, Candidates[I], Options.CacheDir, Options.SkipLibraryBodies,
          Options.Verbose, Options.CacheBytes, &Why, Roots);
      if (Pch)
        return Pch;
      // Going without the preamble costs seconds a unit: said whenever it
      // is a failure, not a file without LibTorch includes or --no-cache.
      if (!Options.Verbose && !Options.CacheDir.empty() &&
          I + 1 == Candidates.size() && !Candidates[I].empty())
        statusLine(File +
                   ": parsed without the shared LibTorch preamble "
                   "(slower): " +
                   Why);
      if (Options.Verbose && !Options.CacheDir.empty())
        llvm::errs() << "torchlint: " << File << ": "
                     << (I + 1 < Candidates.size()
                             ? "not using the project's shared preamble"
                             : "parsed without a shared preamble")
                     << ": " << Why << "\n";
    }
    return std::nullopt;
  };

  bool Ran = false;
  std::set<std::string> StandInsUsed;
  // A second attempt only when Clang rejected the cached preamble.
  for (int Attempt = 0; Attempt < 2; ++Attempt) {
    State = UnitState();
    CommandLineArguments RunArgs = Args;
    std::optional<std::string> Pch = PreambleFor();
    if (Pch) {
      RunArgs.insert(RunArgs.end() - 1, {"-include-pch", *Pch});
      State.Outcome.UsedPreamble = true;
      State.Outcome.PreamblePath = *Pch;
      if (Options.Verbose)
        llvm::errs() << "torchlint: " << File << ": using the preamble "
                     << *Pch << "\n";
    }
    // After the preamble, which does not depend on it.
    if (Options.Verify)
      RunArgs.insert(RunArgs.end() - 1, {"-Xclang", "-verify"});

    // Unsaved buffers shadow the disk for the driver, the preprocessor and
    // NOLINT lookups alike; the preamble holds LibTorch headers only, which
    // editors do not change.
    StandInsUsed.clear();
    auto FS = llvm::makeIntrusiveRefCnt<llvm::vfs::OverlayFileSystem>(
        withCudaStandIns(
            fencedFileSystem(llvm::vfs::getRealFileSystem(), Roots, &Refused),
            &StandInsUsed));
    if (!Options.UnsavedFiles.empty()) {
      auto Memory = llvm::makeIntrusiveRefCnt<llvm::vfs::InMemoryFileSystem>();
      for (const auto &[Path, Text] : Options.UnsavedFiles)
        Memory->addFile(Path, /*ModificationTime=*/0,
                        llvm::MemoryBuffer::getMemBufferCopy(Text, Path));
      FS->pushOverlay(Memory);
    }
    auto Files =
        llvm::makeIntrusiveRefCnt<FileManager>(FileSystemOptions(), FS);
    ToolInvocation Invocation(
        RunArgs,
        std::make_unique<AnalysisAction>(TheEngine, Sink, State,
                                         Options.SkipLibraryBodies),
        Files.get());
    UnitDiagnostics UnitDiags(Diags, State);
    Invocation.setDiagnosticConsumer(&UnitDiags);
    Ran = Invocation.run();
    if (!State.PreambleRejected || !Pch)
      break;
    if (Options.Verbose)
      llvm::errs() << "torchlint: the cached preamble " << *Pch
                   << " is stale or damaged; rebuilding it\n";
    llvm::sys::fs::remove(*Pch);
  }

  if (Options.Verbose && !StandInsUsed.empty()) {
    llvm::errs() << "torchlint: " << File
                 << ": no CUDA toolkit headers on the include path; parsed "
                    "with torchlint's stand-ins for";
    for (const std::string &H : StandInsUsed)
      llvm::errs() << " " << H;
    llvm::errs() << "\n";
  }
  UnitOutcome &Out = State.Outcome;
  Out.StandInHeaders.assign(StandInsUsed.begin(), StandInsUsed.end());
  llvm::StringRef Missing = Out.MissingLibTorchHeader;
  if (Out.MissingLibTorch &&
      (Missing.contains("/cuda/") || Missing.contains("/cudnn/")))
    // The LibTorch found is a CPU build (Debian's is): its CUDA headers are
    // absent or incomplete. Installing libtorch-dev would change nothing.
    Out.Failure = "LibTorch's CUDA header '" + Missing.str() +
                  "' was not found while parsing '" + File.str() +
                  "': the LibTorch in use has no CUDA headers; point torchlint "
                  "at a CUDA build of LibTorch (Torch_DIR, "
                  "TORCH_INSTALL_PREFIX or -p with a compile_commands.json)";
  else if (Out.MissingLibTorch)
    Out.Failure = "LibTorch headers not found while parsing '" + File.str() +
                  "'; install libtorch-dev, set TORCH_INSTALL_PREFIX or "
                  "Torch_DIR, or pass -p with a compile_commands.json";
  else if (Out.CompileErrors > 0 && Options.Verify)
    Out.Failure = "'" + File.str() +
                  "' failed verification: the diagnostics differ from its "
                  "expected-* comments";
  else if (Out.CompileErrors > 0 && !State.Lenient())
    Out.Failure = compileFailure(File, Out);
  else if (!Ran && !Out.Analysed)
    Out.Failure = "clang could not process '" + File.str() + "'";
  // Only a compile failure leaves part of a unit analysed; a verification
  // fails as a whole.
  if (Options.Verify ||
      Out.Failure.find("does not compile") == std::string::npos)
    Out.Partial = false;
  if (!Refused.empty()) {
    Out.RefusedReads.assign(Refused.begin(), Refused.end());
    Out.MissingHeaders.clear();
    Out.Failure = refusedReadReason(File, *Refused.begin());
    Out.Analysed = false;
    Out.Partial = false;
  }
  return Out;
}

} // namespace torchlint
