//===- Frontend.h - From files and flags to parsed translation units -*- C++
//-*-===//
//
// The frontend turns what the user names (files, directories, a compile
// database, flags after --) into compiler command lines, parses each unit with
// Clang, and hands the AST to the engine. It knows nothing about output
// formats: each unit's findings go to a FindingSink while the AST is alive.
//
//===----------------------------------------------------------------------===//

#ifndef TORCHLINT_FRONTEND_H
#define TORCHLINT_FRONTEND_H

#include "torchlint/engine/Engine.h"

#include "clang/Basic/Diagnostic.h"
#include "clang/Tooling/CompilationDatabase.h"
#include "llvm/Support/Error.h"

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace clang {
class CompilerInstance;
}

namespace torchlint {

/// Where LibTorch's headers were found, and how.
struct TorchIncludes {
  std::vector<std::string> Dirs;
  std::string Origin; ///< "TORCH_INSTALL_PREFIX", "python3 torch", ...
  std::string Version = ""; ///< From torch/version.h ("2.13.0"), or empty.
};

/// Reads an environment variable; injectable for tests.
using EnvLookup = std::function<std::optional<std::string>(llvm::StringRef)>;

/// The process environment.
std::optional<std::string> processEnv(llvm::StringRef Name);

/// Finds LibTorch's include directories as users install it, first found
/// wins: Torch_DIR, CMAKE_PREFIX_PATH, TORCH_INSTALL_PREFIX and LIBTORCH
/// (a pytorch.org zip, a CMake install, a pip package folder), the active
/// virtual environment (VIRTUAL_ENV) and conda environment (CONDA_PREFIX),
/// a pip install of torch for each python3 and python on PATH (when
/// TryPython is set; each costs a process), pytorch.org's zip unpacked as
/// ~/libtorch, /opt/libtorch or /usr/local/libtorch, then Debian's
/// libtorch-dev. The release is read from the headers found.
std::optional<TorchIncludes> locateTorch(const EnvLookup &Env,
                                         bool TryPython = true);

/// The include directories of a LibTorch install prefix, or none. A prefix
/// whose include/ is the compiler's own (/usr, /usr/local) contributes only
/// torch/csrc/api/include: adding /usr/include again would break libstdc++'s
/// #include_next.
std::optional<std::vector<std::string>>
torchIncludesUnder(llvm::StringRef Prefix);

/// The LibTorch release whose headers Dirs hold ("2.13.0"), read from the
/// TORCH_VERSION_MAJOR/MINOR/PATCH macros of torch/version.h (which 2.x
/// forwards to torch/headeronly/version.h); empty when none is found.
std::string torchVersionIn(llvm::ArrayRef<std::string> Dirs);

/// Inputs expanded to C++ sources, with a message for each input that is not
/// usable.
struct ExpandedInputs {
  std::vector<std::string> Files;
  std::vector<std::string> Errors;
};

/// True for the extensions torchlint analyses (.cpp, .cc, .cxx, .cu, ...).
bool isCppSource(llvm::StringRef Path);

/// Expands directories (recursively, skipping build and hidden folders) and
/// checks that files exist; files come back absolute, sorted, deduplicated.
ExpandedInputs expandInputs(const std::vector<std::string> &Inputs);

/// True for files named like C++ headers (.h, .hpp, .hh, .hxx, .cuh, ...).
bool isHeaderPath(llvm::StringRef File);

/// The include folders a compile command names with the given flags (by
/// default -I, -isystem, -iquote, -idirafter), in the order they appear.
std::vector<std::string> includeDirsOf(llvm::ArrayRef<std::string> Args,
                                       llvm::ArrayRef<llvm::StringRef> Flags = {
                                           "-isystem", "-iquote", "-idirafter",
                                           "-I"});

/// True when one of the include folders in Flags holds torch/torch.h.
bool reachesTorchHeaders(llvm::ArrayRef<std::string> Flags);

/// A compile command that parses File, a header given as an input, as C++
/// source (as the code of a unit of its own) instead of precompiling it;
/// other files' commands come back unchanged.
std::vector<std::string> analyseHeaderAsSource(std::vector<std::string> Line,
                                               llvm::StringRef File);

/// Finds the compile command of each file: -p, flags after --, the nearest
/// compile_commands.json above the file (in a folder or its build/ folder,
/// as clangd looks), or defaults with LibTorch found.
class CommandResolver {
public:
  CommandResolver(std::optional<std::string> BuildPath,
                  std::optional<std::vector<std::string>> FixedFlags,
                  std::optional<TorchIncludes> Torch,
                  std::vector<std::string> ReadableRoots = {});

  /// Loads the -p database; an error when it is missing or broken.
  llvm::Error init();

  /// The command line for File: argv[0] is the compiler, File is last.
  llvm::Expected<std::vector<std::string>> commandFor(llvm::StringRef File);

  /// Which database served File ("" for defaults); for --verbose.
  std::string sourceOf(llvm::StringRef File) const;

private:
  llvm::Expected<clang::tooling::CompilationDatabase *>
  databaseAbove(llvm::StringRef File);

  std::optional<std::string> BuildPath;
  std::optional<std::vector<std::string>> FixedFlags;
  std::optional<TorchIncludes> Torch;
  /// Folders whose response files (@file) a database may read; empty: any.
  std::vector<std::string> ReadableRoots;
  std::unique_ptr<clang::tooling::CompilationDatabase> Explicit;
  /// The databases found without -p, by the folder whose walk found them,
  /// and the compile_commands.json each was read from.
  std::map<std::string, std::unique_ptr<clang::tooling::CompilationDatabase>>
      ByDir;
  std::map<std::string, std::string> Sources;
  /// For every folder a walk went through, the ByDir key of the database
  /// that serves its files ("" for none).
  std::map<std::string, std::string> NearestOf;
};

/// Receives a unit's findings while its AST and SourceManager are alive.
class FindingSink {
public:
  virtual ~FindingSink() = default;
  virtual void consume(const std::vector<Finding> &Findings,
                       clang::CompilerInstance &CI) = 0;
  /// Called once the whole unit was read, before consume() and also when
  /// compile errors keep the engine from running: every file the unit read
  /// is then in CI's SourceManager.
  virtual void unitRead(clang::CompilerInstance &CI) {}
  /// True for a sink whose host sees the whole project: it then gets the
  /// findings that depend on project facts this unit does not show
  /// (Finding::Needs), and the unit's own sites through projectSites().
  virtual bool seesProject() const { return false; }
  /// Where the unit shows project facts, after consume().
  virtual void projectSites(const std::vector<ProjectSite> &Sites,
                            clang::CompilerInstance &CI) {}
  /// What the unit gives the project index and took from it (a sink that
  /// sees the project only).
  virtual void unitSummaries(UnitSummaries Summaries) {}
};

/// How one unit went.
struct UnitOutcome {
  bool Analysed = false;      ///< The engine ran on a usable AST.
  unsigned Findings = 0;      ///< Findings handed to the sink.
  unsigned CompileErrors = 0; ///< Errors clang reported (not ignored ones).
  /// The first of them, "file:line:col: message".
  std::string FirstError;
  /// Analysed without the functions that hold the compile errors (their
  /// qualified names): every error lies in a function body. Failure then
  /// says so, and the findings of the rest still count.
  bool Partial = false;
  std::vector<std::string> SkippedFunctions;
  /// Why compile errors left nothing of the unit to analyse, if they did.
  std::string Untrusted;
  std::vector<std::string> MissingHeaders; ///< Skipped non-LibTorch includes.
  /// Those of MissingHeaders named only in <...>, which the includer's own
  /// folder cannot provide.
  std::vector<std::string> MissingAngledOnly;
  bool MissingLibTorch = false;
  /// The first LibTorch include that was not found ("c10/cuda/...").
  std::string MissingLibTorchHeader;
  /// The CUDA headers the parse took from torchlint's stand-ins
  /// ("cuda_runtime_api.h"): missing on disk, so a toolkit installed later
  /// changes the unit.
  std::vector<std::string> StandInHeaders;
  bool UsedPreamble = false;
  std::string PreamblePath; ///< The precompiled preamble used, if any.
  std::string Failure; ///< Why the unit could not be analysed, if it couldn't.
  /// Files outside ParseOptions::ReadableRoots the parse tried to open: the
  /// unit is not analysed and no text of its parse may be reported.
  std::vector<std::string> RefusedReads;
  /// Why a unit that failed nothing was still not analysed (a CUDA source):
  /// counted as not analysed and said, without failing the run.
  std::string NotAnalysed;
  double TotalSeconds = 0;    ///< Wall time of the whole unit.
  double AnalysisSeconds = 0; ///< Wall time of the engine (dataflow + rules).
};

/// Options of the parsing step.
struct ParseOptions {
  std::string ResourceDir; ///< Clang's builtin headers.
  std::string CacheDir;    ///< Where shared preambles live; "" = none.
  /// Bound of the preamble cache in bytes (0: unbounded).
  uint64_t CacheBytes = 0;
  /// The project's preamble (projectPreambleIncludes of the run's files):
  /// every unit whose leading LibTorch includes it holds uses it. Empty: each
  /// unit's own leading includes (the language server, single files).
  std::vector<std::string> ProjectPreamble;
  bool SkipLibraryBodies = true;
  bool Verify = false; ///< Check expected-* comments (tests).
  bool Verbose = false;
  /// Unsaved editor buffers by absolute path: parsed instead of the files on
  /// disk (the language server analyses what the user is typing).
  std::map<std::string, std::string> UnsavedFiles;
  /// The project's folders a parse may read (the repository, the build
  /// folder, the inputs' folders, the preamble cache); with the system's and
  /// LibTorch's include folders, the only files a parse opens. Empty: no
  /// such bound (tests, tools that parse trusted code only).
  std::vector<std::string> ReadableRoots;
};

/// Sends the lines a user must see while a unit runs (waiting for another
/// process's preamble build, building it, going without it) to FD: a
/// worker's own stderr goes to its log, which is read only once it ends.
/// Until set, they go to stderr.
void setStatusDescriptor(int FD);

/// Parses one unit and runs the engine on it. Compiler diagnostics go to
/// Diags (a text printer in the CLI).
UnitOutcome analyzeUnit(llvm::StringRef File,
                        const std::vector<std::string> &Command,
                        const Engine &Engine, const ParseOptions &Options,
                        FindingSink &Sink, clang::DiagnosticConsumer &Diags);

/// The LibTorch includes of a whole project's shared preamble: torch/torch.h
/// and the union of the leading LibTorch includes of Files, torch/torch.h and
/// torch/script.h first, then the rest sorted.
std::vector<std::string>
projectPreambleIncludes(const std::vector<std::string> &Files);

/// Removes from the preamble cache CacheDir the preambles unused for 30
/// days, those that a later preamble of the same flags supersedes (it holds
/// all their includes) once unused for ten minutes, then the least recently
/// used until the preambles take at most MaxBytes (0: no size bound).
/// Returns how many it removed.
unsigned trimPreambleCache(llvm::StringRef CacheDir, uint64_t MaxBytes);

/// Clang's resource directory for this build (builtin headers).
std::string defaultResourceDir();

/// The default cache directory ($XDG_CACHE_HOME/torchlint or ~/.cache/...).
std::string defaultCacheDir(const EnvLookup &Env);

/// Writes the CUDA stand-in headers torchlint parses with on machines with no
/// CUDA toolkit into Dir, for hosts that take include folders only (clang-tidy
/// with the plugin, clangd): `-idirafter Dir`. Files already there with the
/// same text are kept; any other file in the way stops it before it writes.
llvm::Error writeCudaStandIns(llvm::StringRef Dir);

} // namespace torchlint

#endif
