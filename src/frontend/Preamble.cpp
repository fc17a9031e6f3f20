//===- Preamble.cpp - Shared precompiled LibTorch preambles ---------------===//
//
// Parsing torch/torch.h costs about 11 s per translation unit; loading a
// precompiled header of it costs about 1 s. A preamble's name is the hash of
// the flags that can change what LibTorch's headers mean (with every path
// absolute and the working folder left out, so a copied project or a file
// linted alone shares it) and the hash of the include lines it holds. Any
// preamble of a unit's flags that holds all of the unit's LibTorch includes
// serves it; a new one holds the includes of the older ones of its flags, so
// that it supersedes them and the cache keeps one per flags. Clang itself
// validates every input file of a PCH when it loads one, so a header changed
// deeper down is caught there and the preamble is rebuilt.
//
//===----------------------------------------------------------------------===//

#include "Preamble.h"
#include "CudaStandIns.h"
#include "ReadFence.h"
#include "torchlint/core/LLVMCompat.h"
#include "torchlint/core/Paths.h"
#include "torchlint/frontend/Frontend.h"

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
        std::string Real = absolutePath(C);
        if (Seen.insert(Real).second)
          if (auto Buffer = llvm::MemoryBuffer::getFile(Real))
            Work.push_back({Real, (*Buffer)->getBuffer().str()});
        break;
      }
    }
  }
  return false;
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
  return absolutePath(Abs);
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

/// The path-valued options whose value a key makes absolute; longest first
/// where one spelling begins another.
static constexpr llvm::StringLiteral PathOptions[] = {
    "-isystem", "-idirafter", "-iquote",   "-include",
    "-imacros", "-isysroot",  "--sysroot", "-I"};

/// Where `#include <Name>` finds a file first, in the include folders of
/// Args and then the compiler's default ones; "" when nowhere.
static std::string findHeader(const std::vector<std::string> &Args,
                              llvm::StringRef Name) {
  std::vector<std::string> Dirs;
  for (const std::string &Dir : includeDirsOf(Args))
    Dirs.push_back(absoluteFor(Args, Dir));
  Dirs.insert(Dirs.end(), {"/usr/local/include", "/usr/include"});
  for (const std::string &Dir : Dirs) {
    llvm::SmallString<256> P(Dir);
    path::append(P, Name);
    if (fs::is_regular_file(P))
      return std::string(P);
  }
  return "";
}

/// How Clang's driver reads a compiler's name: "g++" for C++ compilers by
/// any path or version (/usr/bin/c++, clang++-16, g++-12), "cl" for MSVC's
/// spellings, "gcc" for the rest. Only the mode changes what a parse sees.
static std::string driverModeOf(llvm::StringRef Compiler) {
  llvm::StringRef Name = path::filename(Compiler);
  Name = Name.rtrim("0123456789.").rtrim('-');
  if (Name.ends_with_insensitive(".exe"))
    Name = Name.drop_back(4);
  if (Name.ends_with("++"))
    return "g++";
  if (Name.equals_insensitive("cl") || Name.ends_with_insensitive("clang-cl"))
    return "cl";
  return "gcc";
}

std::vector<std::string>
preambleFlagLines(const std::vector<std::string> &Args,
                  const std::vector<std::string> &KeyArgs, bool SkipBodies) {
  std::vector<std::string> Lines = {"clang " + clang::getClangFullVersion(),
                                    SkipBodies ? "bodies skipped"
                                               : "bodies parsed"};
  if (!KeyArgs.empty())
    Lines.push_back("driver " + driverModeOf(KeyArgs.front()));
  // The source file, last, is the unit's and not the preamble's.
  for (size_t I = 1; I + 1 < KeyArgs.size(); ++I) {
    llvm::StringRef A = KeyArgs[I];
    // Paths of the command are made absolute below, so the folder it runs
    // in means nothing more: a copy of the project elsewhere, or a unit run
    // from another folder, has the same key. -c changes nothing a parse
    // reads.
    if (A.starts_with("-working-directory=") || A == "-c")
      continue;
    bool IsPath = false;
    for (llvm::StringRef Option : PathOptions) {
      // -include-pch and the like are options of their own.
      if (!A.starts_with(Option) ||
          A.drop_front(Option.size()).starts_with("-"))
        continue;
      IsPath = true;
      if (A == Option && I + 1 + 1 < KeyArgs.size()) {
        Lines.push_back(A.str());
        Lines.push_back(absoluteFor(Args, KeyArgs[++I]));
      } else {
        llvm::StringRef Value = A.drop_front(Option.size());
        bool Equals = Value.consume_front("=");
        Lines.push_back(Option.str() + (Equals ? "=" : "") +
                        absoluteFor(Args, Value));
      }
      break;
    }
    if (!IsPath)
      Lines.push_back(A.str());
  }
  // Another LibTorch at the same path (an upgrade) is another preamble;
  // Clang also validates every header of a preamble when it loads one.
  for (llvm::StringRef Umbrella : {"torch/torch.h", "ATen/ATen.h"})
    if (std::string Found = findHeader(Args, Umbrella); !Found.empty()) {
      fs::file_status St;
      if (!fs::status(Found, St))
        Lines.push_back(
            "libtorch " + Found + " " + std::to_string(St.getSize()) + " " +
            std::to_string(llvm::sys::toTimeT(St.getLastModificationTime())));
      break;
    }
  return Lines;
}

/// The first Length hex digits of the SHA-1 of Lines, one a line.
static std::string hashOf(const std::vector<std::string> &Lines,
                          size_t Length) {
  llvm::SHA1 Hash;
  for (const std::string &L : Lines) {
    Hash.update(L);
    Hash.update("\n");
  }
  return llvm::toHex(Hash.final(), /*LowerCase=*/true).substr(0, Length);
}

std::string preambleFlagKey(const std::vector<std::string> &FlagLines) {
  return hashOf(FlagLines, 16);
}

std::vector<std::string> orderedIncludes(std::set<std::string> All) {
  std::vector<std::string> Out;
  for (const char *First :
       {"#include <torch/torch.h>", "#include <torch/script.h>"})
    if (All.erase(First))
      Out.push_back(First);
  Out.insert(Out.end(), All.begin(), All.end());
  return Out;
}

/// The lines of File, without blank ones; none when it cannot be read.
static std::vector<std::string> linesOf(llvm::StringRef File) {
  std::vector<std::string> Out;
  if (auto Buffer = llvm::MemoryBuffer::getFile(File)) {
    llvm::SmallVector<llvm::StringRef, 16> Lines;
    (*Buffer)->getBuffer().split(Lines, '\n');
    for (llvm::StringRef L : Lines)
      if (!L.trim().empty())
        Out.push_back(L.trim().str());
  }
  return Out;
}

std::vector<CachedPreamble> scanPreambles(llvm::StringRef CacheDir) {
  std::vector<CachedPreamble> Out;
  std::error_code EC;
  for (fs::directory_iterator It(CacheDir, EC), End; It != End && !EC;
       It.increment(EC)) {
    llvm::StringRef Name = path::filename(It->path());
    if (!Name.consume_front("preamble-") || !Name.consume_back(".pch"))
      continue;
    CachedPreamble P;
    P.Pch = It->path();
    // "<flags>-<includes>"; an older torchlint's "<key>" has no flags of
    // this one's and is never used, only evicted.
    auto [Flags, Set] = Name.split('-');
    if (Flags.size() == 16 && Set.size() == 8)
      P.FlagKey = Flags.str();
    fs::file_status St, Mark;
    if (fs::status(P.Pch, St))
      continue;
    P.Size = St.getSize();
    P.Built = St.getLastModificationTime();
    P.Used = P.Built;
    llvm::StringRef Stem = llvm::StringRef(P.Pch).drop_back(4);
    if (!fs::status(Stem + ".used", Mark))
      P.Used = std::max(P.Used, Mark.getLastModificationTime());
    if (!P.FlagKey.empty())
      P.Includes = linesOf((Stem + ".h").str());
    Out.push_back(std::move(P));
  }
  // Newest first, so that a lookup takes the preamble that supersedes.
  std::sort(Out.begin(), Out.end(),
            [](const CachedPreamble &A, const CachedPreamble &B) {
              return std::tie(B.Built, B.Pch) < std::tie(A.Built, A.Pch);
            });
  return Out;
}

/// True when Holder's lines include every one of Wanted.
static bool holdsAll(const std::vector<std::string> &Holder,
                     const std::vector<std::string> &Wanted) {
  return llvm::all_of(Wanted, [&](const std::string &W) {
    return llvm::is_contained(Holder, W);
  });
}

/// The header name an include line names ("ATen/ATen.h").
static llvm::StringRef headerName(llvm::StringRef IncludeLine) {
  return IncludeLine.split('<').second.split('>').first;
}

/// The lines of Wanted that P neither names nor read while it was built.
static std::vector<std::string>
notHeldBy(const CachedPreamble &P, const std::vector<std::string> &Wanted) {
  std::vector<std::string> Missing;
  for (const std::string &W : Wanted)
    if (!llvm::is_contained(P.Includes, W))
      Missing.push_back(W);
  if (Missing.empty())
    return Missing;
  // A header that the preamble read (torch/torch.h reads ATen/ATen.h) is
  // in it already: including it again after the preamble reads nothing.
  std::vector<std::string> Read =
      linesOf((llvm::StringRef(P.Pch).drop_back(4) + ".read").str());
  llvm::erase_if(Missing, [&](const std::string &W) {
    return std::binary_search(Read.begin(), Read.end(), headerName(W).str());
  });
  return Missing;
}

const CachedPreamble *
coveringPreamble(const std::vector<CachedPreamble> &Cached,
                 llvm::StringRef FlagKey,
                 const std::vector<std::string> &Includes) {
  for (const CachedPreamble &P : Cached)
    if (P.FlagKey == FlagKey && !P.Includes.empty() &&
        notHeldBy(P, Includes).empty())
      return &P;
  return nullptr;
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

/// Removes the preamble Pch and the files beside it; true when it went.
static bool removePreamble(llvm::StringRef Pch) {
  // A unit that already opened it keeps reading it; one about to open it
  // sees it missing and looks again.
  if (fs::remove(Pch))
    return false;
  llvm::StringRef Stem = Pch.drop_back(4);
  for (llvm::StringRef Ext : {".h", ".read", ".used", ".failed"})
    fs::remove(Stem + Ext);
  return true;
}

unsigned trimPreambleCache(llvm::StringRef CacheDir, uint64_t MaxBytes,
                           llvm::StringRef Keep, llvm::sys::TimePoint<> Now) {
  std::vector<CachedPreamble> Cached = scanPreambles(CacheDir);
  unsigned Removed = 0;
  std::vector<bool> Gone(Cached.size());
  for (size_t I = 0; I < Cached.size(); ++I) {
    const CachedPreamble &P = Cached[I];
    if (P.Pch == Keep)
      continue;
    auto Unused = Now - P.Used;
    // Another preamble of the same flags, built later, holds everything
    // this one does: lookups take that one, so this one only waits for the
    // units that obtained it just before (a unit takes seconds).
    bool Superseded =
        !P.FlagKey.empty() && Unused > SupersededGrace &&
        llvm::any_of(llvm::ArrayRef(Cached).take_front(I),
                     [&](const CachedPreamble &Newer) {
                       return Newer.FlagKey == P.FlagKey &&
                              Newer.Built > P.Built &&
                              holdsAll(Newer.Includes, P.Includes);
                     });
    if ((Superseded || Unused > PreambleMaxAge) && removePreamble(P.Pch)) {
      Gone[I] = true;
      ++Removed;
    }
  }
  // Then the size bound: least recently used first.
  std::vector<size_t> Left;
  uint64_t Total = 0;
  for (size_t I = 0; I < Cached.size(); ++I)
    if (!Gone[I]) {
      Left.push_back(I);
      Total += Cached[I].Size;
    }
  if (MaxBytes && Total > MaxBytes) {
    std::sort(Left.begin(), Left.end(), [&](size_t A, size_t B) {
      return std::tie(Cached[A].Used, Cached[A].Pch) <
             std::tie(Cached[B].Used, Cached[B].Pch);
    });
    // The most recently used stays whatever the bound: a bound below one
    // preamble would otherwise rebuild it on every run.
    Left.pop_back();
    for (size_t I : Left) {
      if (Total <= MaxBytes)
        break;
      if (Cached[I].Pch == Keep || !removePreamble(Cached[I].Pch))
        continue;
      Total -= Cached[I].Size;
      Gone[I] = true;
      ++Removed;
    }
  }
  // What a failed or interrupted build left (a header, a failure kept for
  // ten minutes) goes after a day.
  std::error_code OrphanEC;
  for (fs::directory_iterator It(CacheDir, OrphanEC), End;
       It != End && !OrphanEC; It.increment(OrphanEC)) {
    llvm::StringRef Name = path::filename(It->path());
    llvm::StringRef Ext = path::extension(Name);
    if (!Name.starts_with("preamble-") ||
        !llvm::is_contained(
            llvm::ArrayRef<llvm::StringRef>{".h", ".read", ".used", ".failed"},
            Ext) ||
        fs::exists(llvm::StringRef(It->path()).drop_back(Ext.size()) + ".pch"))
      continue;
    fs::file_status St;
    if (!fs::status(It->path(), St) &&
        Now - St.getLastModificationTime() > std::chrono::hours(24))
      fs::remove(It->path());
  }
  // The flags of a key with no preamble left say nothing any more.
  std::set<std::string> Kept;
  for (size_t I = 0; I < Cached.size(); ++I)
    if (!Gone[I])
      Kept.insert(Cached[I].FlagKey);
  std::error_code EC;
  for (fs::directory_iterator It(CacheDir, EC), End; It != End && !EC;
       It.increment(EC)) {
    llvm::StringRef Name = path::filename(It->path());
    if (Name.consume_front("preamble-") && Name.consume_back(".flags") &&
        !Kept.count(Name.str()))
      fs::remove(It->path());
  }
  return Removed;
}

unsigned trimPreambleCache(llvm::StringRef CacheDir, uint64_t MaxBytes) {
  return trimPreambleCache(CacheDir, MaxBytes, "",
                           std::chrono::system_clock::now());
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

/// A preamble's build lock: a POSIX record lock (fcntl) on its .lock file.
/// The kernel releases it when the process ends however it ends, and says
/// which live process holds it (F_GETLK), so a waiting unit never names a
/// pid from a stale file.
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
    // Closing any descriptor of the file releases the process's lock:
    // nothing else in the holder opens it.
    ::close(FD);
  }

  /// Takes the lock if no live process holds it.
  bool tryTake() {
    if (Held)
      return true;
    if (FD < 0)
      FD = ::open(Path.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0644);
    struct flock Lock = {};
    Lock.l_type = F_WRLCK;
    Lock.l_whence = SEEK_SET;
    if (FD < 0 || ::fcntl(FD, F_SETLK, &Lock) != 0)
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
    // For a person looking at the folder; waiting units ask the kernel.
    std::string Pid = std::to_string(::getpid()) + "\n";
    if (::ftruncate(FD, 0) == 0)
      (void)!::pwrite(FD, Pid.data(), Pid.size(), 0);
    return true;
  }

  bool held() const { return Held; }

  /// The live process that holds the lock now, or 0 when none does.
  pid_t holder() const {
    struct flock Lock = {};
    Lock.l_type = F_WRLCK;
    Lock.l_whence = SEEK_SET;
    if (FD < 0 || ::fcntl(FD, F_GETLK, &Lock) != 0 || Lock.l_type == F_UNLCK)
      return 0;
    return Lock.l_pid;
  }

private:
  std::string Path;
  int FD = -1;
  bool Held = false;
};

} // namespace

/// The parent of process Pid (Linux's /proc), or 0 when unknown.
static pid_t parentOf(pid_t Pid) {
  auto Stat = llvm::MemoryBuffer::getFileAsStream(
      "/proc/" + std::to_string(Pid) + "/stat");
  if (!Stat)
    return 0;
  // "pid (comm) state ppid ...": comm may hold spaces and parentheses.
  llvm::StringRef Rest = (*Stat)->getBuffer();
  size_t Close = Rest.rfind(')');
  if (Close == llvm::StringRef::npos)
    return 0;
  llvm::SmallVector<llvm::StringRef, 4> Fields;
  Rest.drop_front(Close + 1).split(Fields, ' ', 3, /*KeepEmpty=*/false);
  long Parent = 0;
  if (Fields.size() < 2 || Fields[1].getAsInteger(10, Parent))
    return 0;
  return pid_t(Parent);
}

/// True when Holder is another worker of this very run: forked by the
/// torchlint process that forked this one. (Two torchlint processes started
/// by one shell share a parent too, but that parent is not torchlint.)
static bool isSiblingWorker(pid_t Holder) {
  pid_t Parent = ::getppid();
  if (Parent <= 1 || parentOf(Holder) != Parent)
    return false;
  llvm::SmallString<256> Ours, Theirs;
  return !fs::real_path("/proc/self/exe", Ours) &&
         !fs::real_path("/proc/" + std::to_string(Parent) + "/exe", Theirs) &&
         Ours == Theirs;
}

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

/// Writes Lines to Path (one a line) through a temporary and a rename, so
/// that readers never see half of it; false when it could not.
static bool writeLines(llvm::StringRef Path,
                       const std::vector<std::string> &Lines) {
  llvm::SmallString<256> Tmp;
  if (fs::createUniqueFile(Path + ".tmp-%%%%%%%%", Tmp))
    return false;
  {
    std::error_code EC;
    llvm::raw_fd_ostream OS(Tmp, EC);
    if (EC) {
      fs::remove(Tmp);
      return false;
    }
    for (const std::string &L : Lines)
      OS << L << "\n";
  }
  if (fs::rename(Tmp, Path)) {
    fs::remove(Tmp);
    return false;
  }
  return true;
}

/// Why a unit with FlagLines and Includes builds a new preamble: the cached
/// ones of its flags lack some of its includes, or none has its flags (then
/// how the nearest one's flags differ). For --verbose, which users read
/// when a rebuild surprises them.
static std::string whyBuild(llvm::StringRef CacheDir,
                            const std::vector<CachedPreamble> &Cached,
                            llvm::StringRef FlagKey,
                            const std::vector<std::string> &FlagLines,
                            const std::vector<std::string> &Includes) {
  for (const CachedPreamble &P : Cached) {
    if (P.FlagKey != FlagKey)
      continue;
    std::string Missing;
    for (const std::string &Inc : notHeldBy(P, Includes))
      Missing += (Missing.empty() ? "'" : ", '") + Inc + "'";
    return "the cached preamble " + P.Pch +
           " of these flags neither includes nor reads " + Missing +
           "; the new one holds its includes and these";
  }
  // The flags of every other preamble, to name the nearest.
  const CachedPreamble *Nearest = nullptr;
  std::vector<std::string> OnlyThere, OnlyHere;
  for (const CachedPreamble &P : Cached) {
    if (P.FlagKey.empty())
      continue;
    llvm::SmallString<256> FlagsFile(CacheDir);
    path::append(FlagsFile, "preamble-" + P.FlagKey + ".flags");
    std::vector<std::string> Theirs = linesOf(FlagsFile);
    if (Theirs.empty())
      continue;
    std::vector<std::string> There, Here;
    for (const std::string &L : Theirs)
      if (!llvm::is_contained(FlagLines, L))
        There.push_back(L);
    for (const std::string &L : FlagLines)
      if (!llvm::is_contained(Theirs, L))
        Here.push_back(L);
    if (!Nearest ||
        There.size() + Here.size() < OnlyThere.size() + OnlyHere.size()) {
      Nearest = &P;
      OnlyThere = std::move(There);
      OnlyHere = std::move(Here);
    }
  }
  if (!Nearest)
    return "the cache holds no preamble of this torchlint yet";
  auto Quoted = [](const std::vector<std::string> &Lines) {
    std::string Out;
    for (const std::string &L : Lines)
      Out += (Out.empty() ? "'" : ", '") + L + "'";
    return Out;
  };
  std::string Differs;
  if (!OnlyHere.empty())
    Differs = "these flags add " + Quoted(OnlyHere);
  if (!OnlyThere.empty())
    Differs += (Differs.empty() ? "these flags lack " : " and lack ") +
               Quoted(OnlyThere);
  return "no cached preamble has these flags; the nearest, " + Nearest->Pch +
         ", differs: " + Differs;
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
  std::vector<std::string> SharedLines =
      preambleFlagLines(Args, Shared, SkipBodies);
  std::vector<std::string> OwnLines = preambleFlagLines(Args, Args, SkipBodies);
  std::string SharedKey = preambleFlagKey(SharedLines);
  std::string OwnKey = preambleFlagKey(OwnLines);

  if (std::error_code EC = fs::create_directories(CacheDir))
    return Fail("cannot create the cache directory '" + CacheDir +
                "': " + EC.message());
  auto PathOf = [&](llvm::StringRef Stem, llvm::StringRef Ext) {
    llvm::SmallString<256> P(CacheDir);
    path::append(P, "preamble-" + Stem + Ext);
    return std::string(P);
  };
  // Any preamble of these flags that holds every include serves: the one
  // a project run built serves each of its files alone, and one file's
  // serves the project once it holds the project's includes. One of these
  // very flags only when building the shared one read a project folder.
  std::vector<CachedPreamble> Cached;
  auto Lookup = [&]() -> std::optional<std::string> {
    Cached = scanPreambles(CacheDir);
    for (const std::string &Key : {SharedKey, OwnKey})
      if (const CachedPreamble *P = coveringPreamble(Cached, Key, Includes)) {
        markUsed(P->Pch);
        return P->Pch;
      }
    return std::nullopt;
  };
  // What a new preamble of these flags holds: the umbrella headers these
  // flags reach, the unit's includes and those of every preamble of these
  // flags already built, so that it supersedes them and the cache keeps
  // one preamble per flags.
  auto ToBuild = [&]() {
    std::set<std::string> All(Includes.begin(), Includes.end());
    for (llvm::StringRef Umbrella : {"torch/torch.h", "torch/script.h"})
      if (!findHeader(Args, Umbrella).empty())
        All.insert(("#include <" + Umbrella + ">").str());
    for (const CachedPreamble &P : Cached)
      if (P.FlagKey == SharedKey)
        All.insert(P.Includes.begin(), P.Includes.end());
    return orderedIncludes(std::move(All));
  };
  if (std::optional<std::string> Pch = Lookup())
    return Pch;
  auto FailedFor = [&](const std::vector<std::string> &Set) {
    return PathOf(SharedKey + "-" + hashOf(Set, 8), ".failed");
  };
  auto FailedRecently = [&](llvm::StringRef Failed) {
    std::optional<std::chrono::seconds> Age = ageOf(Failed);
    return Age && *Age < std::chrono::minutes(10);
  };
  if (std::string Failed = FailedFor(ToBuild()); FailedRecently(Failed))
    return Fail("building its preamble failed minutes ago (see " + Failed +
                ")");

  // One builder per flags: the others wait for its result, which may hold
  // their includes too. The lock is the kernel's, so it dies with its
  // process: a run interrupted while building leaves no lock that the next
  // run would wait on.
  std::string Lock = PathOf(SharedKey, ".lock");
  BuildLock Held(Lock);
  pid_t Shown = 0;
  // Bounded: a builder takes a few minutes at most; past that the unit
  // goes without the preamble and says so.
  for (int Tick = 0; Tick < 6000 && !Held.tryTake(); ++Tick) {
    // Said whenever the holder changes; a lock let go between the try and
    // the question has no holder, and the next try takes it.
    if (pid_t Holder = Held.holder(); Holder > 0 && Holder != Shown) {
      Shown = Holder;
      if (!isSiblingWorker(Holder))
        statusLine("waiting for another torchlint process (pid " +
                   llvm::Twine(Holder) +
                   "), which is building the shared LibTorch preamble for "
                   "these flags (it holds " +
                   Lock + ")");
      else if (Verbose)
        // The run said that it builds; its other units wait for it.
        llvm::errs() << "torchlint: " << Args.back()
                     << ": waiting for this run's worker (pid " << Holder
                     << "), which is building the shared LibTorch preamble "
                        "for these flags\n";
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
    if (Tick % 10 == 9)
      if (std::optional<std::string> Pch = Lookup())
        return Pch;
  }
  // A builder that finished meanwhile may hold these includes.
  if (std::optional<std::string> Pch = Lookup())
    return Pch;
  if (!Held.held())
    return Fail("another process (pid " + llvm::Twine(Held.holder()) +
                ") held the preamble's lock " + Lock + " for ten minutes");
  std::vector<std::string> Set = ToBuild();
  std::string SetKey = hashOf(Set, 8);
  std::string Failed = FailedFor(Set);
  if (FailedRecently(Failed))
    return Fail("building its preamble failed (see " + Failed + ")");
  if (Verbose)
    llvm::errs() << "torchlint: " << Args.back() << ": a new preamble: "
                 << whyBuild(CacheDir, Cached, SharedKey, SharedLines, Includes)
                 << "\n";
  // Files a builder that died left behind: only the lock holder writes them.
  removeStaleTemporaries(CacheDir, "preamble-" + SharedKey);
  // The flags, for --verbose's account of the next rebuild.
  writeLines(PathOf(SharedKey, ".flags"), SharedLines);

  // The header and the PCH are written under unique names, then renamed.
  std::string Stem = SharedKey + "-" + SetKey;
  std::string Header = PathOf(Stem, ".h");
  std::string Pch = PathOf(Stem, ".pch");
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
    for (const std::string &Inc : Set)
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
        Target = PathOf(OwnKey + "-" + SetKey, ".pch");
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
  // The LibTorch headers it read, by the names an #include gives them,
  // for units that name one of them rather than an umbrella.
  std::set<std::string> ReadNames;
  std::vector<std::string> Roots = {"/usr/local/include", "/usr/include"};
  for (const std::string &Dir : includeDirsOf(Args))
    Roots.push_back(absoluteFor(Args, Dir));
  for (const std::string &Root : Roots) {
    if (!holdsLibTorch(Root))
      continue;
    for (const std::string &File : Read) {
      std::string Abs = absoluteFor(Args, File);
      if (llvm::StringRef Name(Abs); Name.consume_front(Root + "/"))
        ReadNames.insert(Name.str());
    }
  }
  std::string TargetStem = llvm::StringRef(Target).drop_back(4).str();
  // Before the PCH appears, so that a lookup never sees it without them.
  if (OK)
    writeLines(TargetStem + ".read", {ReadNames.begin(), ReadNames.end()});
  if (OK && Target != Pch) {
    // Found by the lookups of these very flags: their flags and includes
    // (the PCH itself still names the header it was built from).
    writeLines(PathOf(OwnKey, ".flags"), OwnLines);
    writeLines(TargetStem + ".h", Set);
  }
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
    fs::remove(TargetStem + ".read");
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
  markUsed(Target);
  trimPreambleCache(CacheDir, CacheBytes, Target,
                    std::chrono::system_clock::now());
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
  return orderedIncludes(std::move(All));
}

} // namespace torchlint
