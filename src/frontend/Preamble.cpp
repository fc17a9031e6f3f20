//===- Preamble.cpp - Shared precompiled LibTorch preambles ---------------===//
//
// Parsing torch/torch.h costs about 11 s per translation unit; loading a
// precompiled header of it costs about 1 s. Units whose flags agree share one
// preamble, keyed by the flags, the clang version, the include lines and the
// size and time of the headers they name. Clang itself validates every input
// file of a PCH when it loads one, so a header changed deeper down is caught
// there and the preamble is rebuilt.
//
//===----------------------------------------------------------------------===//

#include "Preamble.h"
#include "CudaStandIns.h"
#include "ReadFence.h"
#include "torchlint/Frontend.h"
#include "torchlint/LLVMCompat.h"

#include "clang/Basic/Version.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendActions.h"
#include "clang/Lex/PPCallbacks.h"
#include "clang/Lex/Preprocessor.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/SHA1.h"
#include "llvm/Support/Signals.h"
#include "llvm/Support/VirtualFileSystem.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <cstring>
#include <fcntl.h>
#include <optional>
#include <set>
#include <sys/file.h>
#include <sys/stat.h>
#include <thread>
#include <unistd.h>

namespace torchlint {

namespace fs = llvm::sys::fs;
namespace path = llvm::sys::path;

namespace {
/// One #include line: the name and whether it was written with quotes.
struct IncludeLine {
  std::string Name;
  bool Quoted;
};
} // namespace

/// The include a directive names (Directive follows the '#'), or none when
/// it is not an #include of a "name" or <name>.
static std::optional<IncludeLine> includeDirective(llvm::StringRef Directive) {
  if (!Directive.consume_front("include"))
    return std::nullopt;
  Directive = Directive.ltrim();
  if (Directive.size() < 2 || (Directive[0] != '<' && Directive[0] != '"'))
    return std::nullopt;
  char Close = Directive[0] == '<' ? '>' : '"';
  return IncludeLine{Directive.drop_front().split(Close).first.str(),
                     Close == '"'};
}

static bool isLibTorchInclude(llvm::StringRef Name) {
  return Name.starts_with("torch/") || Name.starts_with("ATen/") ||
         Name.starts_with("c10/");
}

std::vector<std::string> leadingTorchIncludes(llvm::StringRef Source) {
  std::vector<std::string> Out;
  bool InBlockComment = false;
  std::string Guard;
  bool GuardDefined = false;
  while (!Source.empty()) {
    llvm::StringRef Line;
    std::tie(Line, Source) = Source.split('\n');
    Line = Line.trim();
    if (InBlockComment) {
      size_t End = Line.find("*/");
      if (End == llvm::StringRef::npos)
        continue;
      InBlockComment = false;
      Line = Line.drop_front(End + 2).trim();
    }
    if (Line.empty() || Line.starts_with("//"))
      continue;
    if (Line.starts_with("/*")) {
      if (!Line.contains("*/"))
        InBlockComment = true;
      continue;
    }
    if (!Line.consume_front("#"))
      break;
    Line = Line.ltrim();
    if (Line.starts_with("pragma"))
      continue;
    // A header's include guard, "#ifndef G" then "#define G" and nothing
    // else, means nothing to LibTorch; any other conditional stops the scan.
    if (Guard.empty() && Out.empty() && Line.consume_front("ifndef")) {
      Guard = Line.trim().str();
      continue;
    }
    if (!Guard.empty() && !GuardDefined) {
      if (!Line.consume_front("define") || Line.trim() != Guard)
        return {};
      GuardDefined = true;
      continue;
    }
    // A guard closed at once (`#ifndef G`, `#define G`, `#endif`, as Qt
    // Creator's templates leave a header) guards nothing.
    if (GuardDefined && Out.empty() && Line.starts_with("endif")) {
      Guard = "\n"; // No name: a second guard is a real condition.
      continue;
    }
    // Macros only Windows' headers read, which change nothing in LibTorch
    // or the C++ library on the platforms this runs on.
    if (Line.starts_with("define")) {
      llvm::StringRef Name = Line.drop_front(6).trim();
      if (llvm::is_contained(
              llvm::ArrayRef<llvm::StringRef>{"_USE_MATH_DEFINES", "NOMINMAX",
                                              "WIN32_LEAN_AND_MEAN",
                                              "_CRT_SECURE_NO_WARNINGS"},
              Name))
        continue;
    }
    // Qt's keyword macros, taken back before LibTorch (whose headers use
    // `slots` as a name): the preloaded LibTorch comes before any Qt header,
    // where they are not defined, which is what the #undef asks for.
    if (Line.consume_front("undef") &&
        llvm::is_contained(llvm::ArrayRef<llvm::StringRef>{"slots", "signals",
                                                           "emit", "foreach"},
                           Line.trim()))
      continue;
    std::optional<IncludeLine> Inc = includeDirective(Line);
    if (!Inc)
      break;
    if (isLibTorchInclude(Inc->Name))
      Out.push_back("#include <" + Inc->Name + ">");
  }
  return Out;
}

/// Every #include line of Source, wherever it is.
static std::vector<IncludeLine> includeLines(llvm::StringRef Source) {
  std::vector<IncludeLine> Out;
  while (!Source.empty()) {
    llvm::StringRef Line;
    std::tie(Line, Source) = Source.split('\n');
    Line = Line.ltrim();
    if (!Line.consume_front("#"))
      continue;
    if (std::optional<IncludeLine> Inc = includeDirective(Line.ltrim()))
      Out.push_back(std::move(*Inc));
  }
  return Out;
}

bool includesLibTorchIndirectly(llvm::StringRef File, llvm::StringRef Source,
                                const std::vector<std::string> &Args) {
  // The project's folders: -I and -iquote, not system folders, whose
  // headers are not the project's.
  std::vector<std::string> Folders = includeDirsOf(Args, {"-iquote", "-I"});
  std::set<std::string> Seen;
  std::vector<std::pair<std::string, std::string>> Work = {
      {File.str(), Source.str()}};
  // A bound on the headers read: a LibTorch include is usually one or two
  // levels down.
  while (!Work.empty() && Seen.size() < 200) {
    auto [Path, Text] = std::move(Work.back());
    Work.pop_back();
    bool Root = Path == File;
    for (const IncludeLine &Inc : includeLines(Text)) {
      // The file itself names LibTorch after other code (a #define first):
      // its author's order stands, nothing is preloaded.
      if (isLibTorchInclude(Inc.Name))
        return !Root;
      std::vector<std::string> Candidates;
      if (Inc.Quoted) {
        llvm::SmallString<256> Beside(path::parent_path(Path));
        path::append(Beside, Inc.Name);
        Candidates.push_back(std::string(Beside));
      }
      for (const std::string &Dir : Folders) {
        llvm::SmallString<256> P(Dir);
        path::append(P, Inc.Name);
        Candidates.push_back(std::string(P));
      }
      for (const std::string &C : Candidates) {
        if (!fs::is_regular_file(C))
          continue;
        llvm::SmallString<256> Real(C);
        fs::make_absolute(Real);
        path::remove_dots(Real, true);
        if (Seen.insert(std::string(Real)).second)
          if (auto Buffer = llvm::MemoryBuffer::getFile(Real))
            Work.push_back({std::string(Real), (*Buffer)->getBuffer().str()});
        break;
      }
    }
  }
  return false;
}

/// Size and modification time of each header named in Includes, looked up in
/// the -I/-isystem directories of Args.
static void hashHeaderStamps(llvm::SHA1 &Hash,
                             const std::vector<std::string> &Args,
                             const std::vector<std::string> &Includes) {
  std::vector<std::string> Dirs = includeDirsOf(Args);
  Dirs.push_back("/usr/include");
  for (const std::string &Inc : Includes) {
    llvm::StringRef Name = llvm::StringRef(Inc).split('<').second.rtrim('>');
    for (const std::string &Dir : Dirs) {
      llvm::SmallString<256> P(Dir);
      path::append(P, Name);
      fs::file_status St;
      if (!fs::status(P, St) && fs::is_regular_file(St)) {
        Hash.update(P);
        Hash.update(std::to_string(St.getSize()));
        Hash.update(std::to_string(
            St.getLastModificationTime().time_since_epoch().count()));
        break;
      }
    }
  }
}

namespace {
/// Builds the PCH with every function body skipped: the preamble holds only
/// library headers, whose bodies the rules never read. Records every file
/// the build reads, to tell whether the project's own folders took part.
class PreambleAction : public clang::GeneratePCHAction {
public:
  PreambleAction(bool SkipBodies, std::vector<std::string> &Read)
      : SkipBodies(SkipBodies), Read(Read) {}
  bool BeginSourceFileAction(clang::CompilerInstance &CI) override {
    CI.getFrontendOpts().SkipFunctionBodies = SkipBodies;
    CI.getPreprocessor().addPPCallbacks(
        std::make_unique<ReadFiles>(CI.getSourceManager(), Read));
    return GeneratePCHAction::BeginSourceFileAction(CI);
  }

private:
  class ReadFiles : public clang::PPCallbacks {
  public:
    ReadFiles(clang::SourceManager &SM, std::vector<std::string> &Read)
        : SM(SM), Read(Read) {}
    void FileChanged(clang::SourceLocation Loc, FileChangeReason Reason,
                     clang::SrcMgr::CharacteristicKind,
                     clang::FileID) override {
      if (Reason != EnterFile)
        return;
      if (auto Entry = SM.getFileEntryRefForID(SM.getFileID(Loc)))
        Read.push_back(Entry->getName().str());
    }

  private:
    clang::SourceManager &SM;
    std::vector<std::string> &Read;
  };

  bool SkipBodies;
  std::vector<std::string> &Read;
};

/// Counts errors and prints nothing: a preamble that fails is dropped.
class CountingConsumer : public clang::DiagnosticConsumer {
public:
  std::string FirstError;
  void HandleDiagnostic(clang::DiagnosticsEngine::Level Level,
                        const clang::Diagnostic &Info) override {
    DiagnosticConsumer::HandleDiagnostic(Level, Info);
    if (Level >= clang::DiagnosticsEngine::Error && FirstError.empty()) {
      llvm::SmallString<128> Msg;
      Info.FormatDiagnostic(Msg);
      FirstError = std::string(Msg);
    }
  }
};
} // namespace

/// True when Dir holds LibTorch's own headers (or shadows them).
static bool holdsLibTorch(llvm::StringRef Dir) {
  for (const char *Sub : {"torch", "ATen", "c10", "caffe2"}) {
    llvm::SmallString<256> P(Dir);
    path::append(P, Sub);
    if (fs::is_directory(P))
      return true;
  }
  return false;
}

/// Path made absolute as the command Args sees it: relative to its
/// -working-directory, else to this process's.
static std::string absoluteFor(const std::vector<std::string> &Args,
                               llvm::StringRef Path) {
  llvm::SmallString<256> Abs(Path);
  for (const std::string &A : Args)
    if (llvm::StringRef(A).starts_with("-working-directory=")) {
      compat::makeAbsolute(A.substr(strlen("-working-directory=")), Abs);
      break;
    }
  fs::make_absolute(Abs);
  path::remove_dots(Abs, true);
  return std::string(Abs);
}

/// Args without the project's own include folders (-I and -iquote folders
/// that hold no LibTorch headers), which cannot change what LibTorch's
/// headers mean unless LibTorch includes something from them; those folders
/// go to Dropped.
static std::vector<std::string>
withoutProjectFolders(const std::vector<std::string> &Args,
                      std::vector<std::string> &Dropped) {
  auto Absolute = [&](llvm::StringRef Dir) { return absoluteFor(Args, Dir); };
  std::vector<std::string> Out;
  for (size_t I = 0; I < Args.size(); ++I) {
    llvm::StringRef A = Args[I];
    std::optional<std::string> Dir;
    bool Split = false;
    for (llvm::StringRef Flag : {"-iquote", "-I"})
      if (A.starts_with(Flag)) {
        Split = A == Flag;
        if (Split && I + 1 < Args.size())
          Dir = Args[I + 1];
        else if (!Split)
          Dir = A.drop_front(Flag.size()).str();
        break;
      }
    if (Dir && !holdsLibTorch(Absolute(*Dir))) {
      Dropped.push_back(Absolute(*Dir));
      I += Split;
      continue;
    }
    Out.push_back(Args[I]);
  }
  return Out;
}

static std::string preambleKey(const std::vector<std::string> &Args,
                               const std::vector<std::string> &KeyArgs,
                               const std::vector<std::string> &Includes,
                               bool SkipBodies) {
  llvm::SHA1 Hash;
  Hash.update(clang::getClangFullVersion());
  Hash.update(SkipBodies ? "skip-bodies" : "bodies");
  for (size_t I = 0; I + 1 < KeyArgs.size(); ++I) {
    Hash.update(KeyArgs[I]);
    Hash.update(llvm::StringRef("\0", 1));
  }
  for (const std::string &Inc : Includes)
    Hash.update(Inc + "\n");
  hashHeaderStamps(Hash, Args, Includes);
  return llvm::toHex(Hash.final(), /*LowerCase=*/true).substr(0, 24);
}

/// Marks the preamble Pch as used now, in a file of its own: the PCH's own
/// time must stay its build time, which result cache entries record.
static void markUsed(llvm::StringRef Pch) {
  std::string Used = Pch.drop_back(4).str() + ".used";
  int FD;
  if (!fs::openFileForWrite(Used, FD, fs::CD_OpenAlways)) {
    fs::setLastAccessAndModificationTime(FD, std::chrono::system_clock::now());
    llvm::sys::Process::SafelyCloseFileDescriptor(FD);
  }
}

/// Age of Path, or none when it does not exist.
static std::optional<std::chrono::seconds> ageOf(llvm::StringRef Path) {
  fs::file_status St;
  if (fs::status(Path, St))
    return std::nullopt;
  return std::chrono::duration_cast<std::chrono::seconds>(
      std::chrono::system_clock::now() - St.getLastModificationTime());
}

/// Removes the least recently used preambles (and their headers) until the
/// folder's preambles take at most MaxBytes; Keep is never removed.
static void trimPreambles(llvm::StringRef CacheDir, uint64_t MaxBytes,
                          llvm::StringRef Keep) {
  struct Entry {
    std::string Path;
    uint64_t Size;
    llvm::sys::TimePoint<> Used;
  };
  std::vector<Entry> Entries;
  uint64_t Total = 0;
  std::error_code EC;
  for (fs::directory_iterator It(CacheDir, EC), End; It != End && !EC;
       It.increment(EC)) {
    llvm::StringRef Name = path::filename(It->path());
    if (!Name.starts_with("preamble-") || !Name.ends_with(".pch"))
      continue;
    fs::file_status St, Mark;
    if (fs::status(It->path(), St))
      continue;
    llvm::sys::TimePoint<> Used = St.getLastModificationTime();
    if (!fs::status(llvm::StringRef(It->path()).drop_back(4) + ".used", Mark))
      Used = std::max(Used, Mark.getLastModificationTime());
    Entries.push_back({It->path(), St.getSize(), Used});
    Total += St.getSize();
  }
  if (Total <= MaxBytes)
    return;
  std::sort(Entries.begin(), Entries.end(), [](const Entry &A, const Entry &B) {
    return std::tie(A.Used, A.Path) < std::tie(B.Used, B.Path);
  });
  for (const Entry &E : Entries) {
    if (Total <= MaxBytes)
      break;
    if (E.Path == Keep)
      continue;
    // A unit that already opened it keeps reading it; one about to open it
    // sees it missing and builds it again.
    if (!fs::remove(E.Path)) {
      Total -= E.Size;
      fs::remove(llvm::StringRef(E.Path).drop_back(4).str() + ".h");
      fs::remove(llvm::StringRef(E.Path).drop_back(4).str() + ".used");
    }
  }
}

/// The descriptor of statusLine(); -1: stderr.
static int StatusFD = -1;

void setStatusDescriptor(int FD) { StatusFD = FD; }

void statusLine(const llvm::Twine &Message) {
  int FD = StatusFD >= 0 ? StatusFD : STDERR_FILENO;
  std::string Line = ("torchlint: " + Message + "\n").str();
  // Over a progress bar on a terminal: clear its line first.
  if (::isatty(FD))
    Line = "\r\x1b[K" + Line;
  (void)!::write(FD, Line.data(), Line.size());
}

namespace {

/// A preamble's build lock: an flock on its .lock file, which the kernel
/// releases when the process ends however it ends.
class BuildLock {
public:
  explicit BuildLock(std::string Path) : Path(std::move(Path)) {}
  BuildLock(const BuildLock &) = delete;
  BuildLock &operator=(const BuildLock &) = delete;
  ~BuildLock() {
    if (FD < 0)
      return;
    if (Held)
      fs::remove(Path);
    ::close(FD);
  }

  /// Takes the lock if no live process holds it.
  bool tryTake() {
    if (Held)
      return true;
    if (FD < 0)
      FD = ::open(Path.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0644);
    if (FD < 0 || ::flock(FD, LOCK_EX | LOCK_NB) != 0)
      return false;
    // The holder that just let go may have removed the file: a lock on it
    // guards nothing; the next try opens the one at the path.
    struct stat Open, Named;
    if (::fstat(FD, &Open) != 0 || ::stat(Path.c_str(), &Named) != 0 ||
        Open.st_ino != Named.st_ino || Open.st_dev != Named.st_dev) {
      ::close(FD);
      FD = -1;
      return false;
    }
    Held = true;
    std::string Pid = std::to_string(::getpid()) + "\n";
    if (::ftruncate(FD, 0) == 0)
      (void)!::pwrite(FD, Pid.data(), Pid.size(), 0);
    return true;
  }

  bool held() const { return Held; }

  /// " (pid N)" of the holder, as it wrote itself into the file, or "".
  std::string holder() const {
    auto Text = llvm::MemoryBuffer::getFile(Path);
    if (!Text)
      return "";
    llvm::StringRef Pid = (*Text)->getBuffer().trim();
    return Pid.empty() ? "" : " (pid " + Pid.str() + ")";
  }

private:
  std::string Path;
  int FD = -1;
  bool Held = false;
};

} // namespace

/// Removes the temporary files of the preamble Stem that a builder killed
/// before it could rename or remove them left in CacheDir.
static void removeStaleTemporaries(llvm::StringRef CacheDir,
                                   llvm::StringRef Stem) {
  std::error_code EC;
  for (fs::directory_iterator It(CacheDir, EC), End; It != End && !EC;
       It.increment(EC)) {
    llvm::StringRef Name = path::filename(It->path());
    if (Name.starts_with(Stem) && Name.contains(".tmp-"))
      fs::remove(It->path());
  }
}

std::optional<std::string>
obtainPreamble(const std::vector<std::string> &Args,
               const std::vector<std::string> &Includes,
               llvm::StringRef CacheDir, bool SkipBodies, bool Verbose,
               uint64_t CacheBytes, std::string *Why,
               const std::vector<std::string> &ReadableRoots) {
  auto Fail = [&](const llvm::Twine &Reason) -> std::optional<std::string> {
    if (Why)
      *Why = Reason.str();
    return std::nullopt;
  };
  if (Includes.empty() || CacheDir.empty() || Args.size() < 2)
    return Fail("no LibTorch include at the head of the file");
  std::vector<std::string> Dropped;
  std::vector<std::string> Shared = withoutProjectFolders(Args, Dropped);
  std::string SharedKey = preambleKey(Args, Shared, Includes, SkipBodies);
  std::string OwnKey = preambleKey(Args, Args, Includes, SkipBodies);

  if (std::error_code EC = fs::create_directories(CacheDir))
    return Fail("cannot create the cache directory '" + CacheDir +
                "': " + EC.message());
  auto PathOf = [&](llvm::StringRef Key, llvm::StringRef Ext) {
    llvm::SmallString<256> P(CacheDir);
    path::append(P, "preamble-" + Key + Ext);
    return std::string(P);
  };
  // The shared preamble when it exists; one of these very flags only when
  // building the shared one read a project folder.
  for (const std::string &Key : {SharedKey, OwnKey}) {
    std::string Pch = PathOf(Key, ".pch");
    if (fs::exists(Pch)) {
      markUsed(Pch);
      return Pch;
    }
  }
  std::string Failed = PathOf(SharedKey, ".failed");
  if (auto Age = ageOf(Failed); Age && *Age < std::chrono::minutes(10))
    return Fail("building its preamble failed minutes ago (see " + Failed +
                ")");

  // One builder per preamble: others wait for its result. The lock is the
  // kernel's (flock), so it dies with its process: a run interrupted while
  // building leaves no lock that the next run would wait on.
  std::string Lock = PathOf(SharedKey, ".lock");
  BuildLock Held(Lock);
  if (!Held.tryTake()) {
    statusLine("waiting for another torchlint process" + Held.holder() +
               " to build the shared LibTorch preamble " +
               PathOf(SharedKey, ".pch"));
    // Bounded: a builder takes a few minutes at most; past that the unit
    // goes without the preamble and says so.
    for (int Tick = 0; Tick < 6000 && !Held.tryTake(); ++Tick) {
      std::this_thread::sleep_for(std::chrono::milliseconds(100));
      if (Tick % 10 == 0)
        for (const std::string &Key : {SharedKey, OwnKey})
          if (std::string Pch = PathOf(Key, ".pch"); fs::exists(Pch))
            return Pch;
    }
    for (const std::string &Key : {SharedKey, OwnKey})
      if (std::string Pch = PathOf(Key, ".pch"); fs::exists(Pch))
        return Pch;
    if (auto Age = ageOf(Failed); Age && *Age < std::chrono::minutes(10))
      return Fail("building its preamble failed (see " + Failed + ")");
    if (!Held.held())
      return Fail("another process held the preamble's lock " + Lock +
                  " for ten minutes");
  }
  // Files a builder that died left behind: only the lock holder writes them.
  removeStaleTemporaries(CacheDir, "preamble-" + SharedKey);

  // The header and the PCH are written under unique names, then renamed.
  std::string Header = PathOf(SharedKey, ".h");
  std::string Pch = PathOf(SharedKey, ".pch");
  llvm::SmallString<256> TmpPch, TmpHeader;
  if (fs::createUniqueFile(Pch + ".tmp-%%%%%%%%", TmpPch) ||
      fs::createUniqueFile(Header + ".tmp-%%%%%%%%", TmpHeader))
    return Fail("cannot write in the cache directory '" + CacheDir + "'");
  // An interrupt (Ctrl-C) removes them on its way out.
  llvm::sys::RemoveFileOnSignal(TmpPch);
  llvm::sys::RemoveFileOnSignal(TmpHeader);
  {
    std::error_code EC;
    llvm::raw_fd_ostream OS(TmpHeader, EC);
    if (EC)
      return Fail("cannot write '" + TmpHeader + "': " + EC.message());
    for (const std::string &Inc : Includes)
      OS << Inc << "\n";
  }
  // Rename the header first: the PCH records the header's path.
  if (fs::rename(TmpHeader, Header)) {
    fs::remove(TmpHeader);
    fs::remove(TmpPch);
    return Fail("cannot write '" + Header + "'");
  }

  std::vector<std::string> PchArgs(Args.begin(), Args.end() - 1);
  // llvm::erase_value is gone in LLVM 19 and llvm::erase new in 18.
  PchArgs.erase(std::remove(PchArgs.begin(), PchArgs.end(), "-fsyntax-only"),
                PchArgs.end());
  PchArgs.insert(PchArgs.end(), {"-fpch-instantiate-templates", "-Xclang",
                                 "-fno-pch-timestamp", "-x", "c++-header", "-o",
                                 std::string(TmpPch), Header});
  // The unit's flags name the stand-ins' folder; the preamble must see the
  // same headers as the unit that loads it.
  std::set<std::string> Refused;
  auto Files = llvm::makeIntrusiveRefCnt<clang::FileManager>(
      clang::FileSystemOptions(),
      withCudaStandIns(fencedFileSystem(llvm::vfs::getRealFileSystem(),
                                        ReadableRoots, &Refused)));
  std::vector<std::string> Read;
  clang::tooling::ToolInvocation Invocation(
      PchArgs, std::make_unique<PreambleAction>(SkipBodies, Read), Files.get());
  CountingConsumer Diags;
  Invocation.setDiagnosticConsumer(&Diags);
  statusLine("building the shared LibTorch preamble " + Pch +
             " (once per LibTorch and flags; later runs reuse it)");
  if (Verbose) {
    llvm::errs() << "torchlint: building shared preamble " << Pch << ":";
    for (const std::string &A : PchArgs)
      llvm::errs() << " " << A;
    llvm::errs() << "\n";
  }
  bool OK = Invocation.run() && Diags.getNumErrors() == 0;
  // A project folder that LibTorch's headers read from makes the preamble
  // one of these flags only.
  std::string Target = Pch;
  for (const std::string &File : Read) {
    std::string Abs = absoluteFor(Args, File);
    for (const std::string &Dir : Dropped)
      if (llvm::StringRef(Abs).starts_with(Dir + "/")) {
        if (Verbose && Target == Pch)
          llvm::errs() << "torchlint: the preamble reads '" << Abs
                       << "' from the project folder '" << Dir
                       << "'; it serves units with these flags only\n";
        Target = PathOf(OwnKey, ".pch");
      }
  }
  // Ctrl-C's handler removes the registered temporaries and Clang then
  // fails to write the PCH: a build whose temporary is gone was interrupted,
  // not failed.
  // A compile error in the preamble's headers writes no PCH either: only a
  // build with no error but the output's is an interrupted one.
  bool Interrupted =
      !OK && !fs::exists(TmpPch) &&
      (Diags.getNumErrors() == 0 ||
       llvm::StringRef(Diags.FirstError)
           .contains(llvm::sys::path::filename(TmpPch)));
  bool Renamed = OK && !fs::rename(TmpPch, Target);
  llvm::sys::DontRemoveFileOnSignal(TmpPch);
  llvm::sys::DontRemoveFileOnSignal(TmpHeader);
  if (!Renamed && !Refused.empty()) {
    // The flags, not LibTorch, are at fault; the unit says so.
    fs::remove(TmpPch);
    return Fail("the flags make it read '" + *Refused.begin() +
                "', outside the folders a parse may read");
  }
  if (!Renamed) {
    fs::remove(TmpPch);
    // Remembered, so that the run's other units do not build it again; only
    // a compile error is a failure, never an interrupted or killed build.
    if (int FD; Diags.getNumErrors() > 0 && !Interrupted &&
                !fs::openFileForWrite(Failed, FD)) {
      llvm::raw_fd_ostream OS(FD, /*shouldClose=*/true);
      OS << Diags.FirstError << "\n";
    }
    return Fail("its preamble could not be built: " +
                (Diags.FirstError.empty() ? std::string("clang failed")
                                          : Diags.FirstError));
  }
  if (CacheBytes)
    trimPreambles(CacheDir, CacheBytes, Target);
  return Target;
}

std::vector<std::string>
projectPreambleIncludes(const std::vector<std::string> &Files) {
  std::set<std::string> All;
  for (const std::string &File : Files) {
    auto Buffer = llvm::MemoryBuffer::getFile(File);
    if (!Buffer)
      continue;
    for (std::string &Inc : leadingTorchIncludes((*Buffer)->getBuffer()))
      All.insert(std::move(Inc));
  }
  // torch/torch.h always: files that reach LibTorch only through the
  // project's headers name nothing at their heads, and it is the umbrella
  // those headers almost always include.
  All.insert("#include <torch/torch.h>");
  std::vector<std::string> Out;
  for (const char *First :
       {"#include <torch/torch.h>", "#include <torch/script.h>"})
    if (All.erase(First))
      Out.push_back(First);
  Out.insert(Out.end(), All.begin(), All.end());
  return Out;
}

} // namespace torchlint
