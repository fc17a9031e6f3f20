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
#include "torchlint/Frontend.h"

#include "clang/Basic/Version.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendActions.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/SHA1.h"
#include "llvm/Support/raw_ostream.h"

namespace torchlint {

namespace fs = llvm::sys::fs;
namespace path = llvm::sys::path;

std::vector<std::string> leadingTorchIncludes(llvm::StringRef Source) {
  std::vector<std::string> Out;
  bool InBlockComment = false;
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
    if (Line.empty() || Line.startswith("//"))
      continue;
    if (Line.startswith("/*")) {
      if (!Line.contains("*/"))
        InBlockComment = true;
      continue;
    }
    if (!Line.consume_front("#"))
      break;
    Line = Line.ltrim();
    if (Line.startswith("pragma"))
      continue;
    if (!Line.consume_front("include"))
      break;
    Line = Line.ltrim();
    if (Line.size() < 2 || (Line[0] != '<' && Line[0] != '"'))
      break;
    char Close = Line[0] == '<' ? '>' : '"';
    llvm::StringRef Name = Line.drop_front().split(Close).first;
    if (Name.startswith("torch/") || Name.startswith("ATen/") ||
        Name.startswith("c10/"))
      Out.push_back("#include <" + Name.str() + ">");
  }
  return Out;
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
/// library headers, whose bodies the rules never read.
class PreambleAction : public clang::GeneratePCHAction {
public:
  explicit PreambleAction(bool SkipBodies) : SkipBodies(SkipBodies) {}
  bool BeginSourceFileAction(clang::CompilerInstance &CI) override {
    CI.getFrontendOpts().SkipFunctionBodies = SkipBodies;
    return GeneratePCHAction::BeginSourceFileAction(CI);
  }

private:
  bool SkipBodies;
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

std::optional<std::string>
obtainPreamble(const std::vector<std::string> &Args,
               const std::vector<std::string> &Includes,
               llvm::StringRef CacheDir, bool SkipBodies, bool Verbose) {
  if (Includes.empty() || CacheDir.empty() || Args.size() < 2)
    return std::nullopt;
  llvm::SHA1 Hash;
  Hash.update(clang::getClangFullVersion());
  Hash.update(SkipBodies ? "skip-bodies" : "bodies");
  for (size_t I = 0; I + 1 < Args.size(); ++I) {
    Hash.update(Args[I]);
    Hash.update(llvm::StringRef("\0", 1));
  }
  for (const std::string &Inc : Includes)
    Hash.update(Inc + "\n");
  hashHeaderStamps(Hash, Args, Includes);
  std::string Key = llvm::toHex(Hash.final(), /*LowerCase=*/true).substr(0, 24);

  if (std::error_code EC = fs::create_directories(CacheDir)) {
    if (Verbose)
      llvm::errs() << "torchlint: cannot create cache directory '" << CacheDir
                   << "': " << EC.message() << "\n";
    return std::nullopt;
  }
  llvm::SmallString<256> Pch(CacheDir);
  path::append(Pch, "preamble-" + Key + ".pch");
  if (fs::exists(Pch))
    return std::string(Pch);

  // The header and the PCH are written under unique names, then renamed.
  llvm::SmallString<256> Header(CacheDir);
  path::append(Header, "preamble-" + Key + ".h");
  llvm::SmallString<256> TmpPch, TmpHeader;
  if (fs::createUniqueFile(Pch + ".tmp-%%%%%%%%", TmpPch) ||
      fs::createUniqueFile(Header + ".tmp-%%%%%%%%", TmpHeader))
    return std::nullopt;
  {
    std::error_code EC;
    llvm::raw_fd_ostream OS(TmpHeader, EC);
    if (EC)
      return std::nullopt;
    for (const std::string &Inc : Includes)
      OS << Inc << "\n";
  }
  // Rename the header first: the PCH records the header's path.
  if (fs::rename(TmpHeader, Header)) {
    fs::remove(TmpHeader);
    fs::remove(TmpPch);
    return std::nullopt;
  }

  std::vector<std::string> PchArgs(Args.begin(), Args.end() - 1);
  llvm::erase_value(PchArgs, "-fsyntax-only");
  PchArgs.insert(PchArgs.end(), {"-fpch-instantiate-templates", "-Xclang",
                                 "-fno-pch-timestamp", "-x", "c++-header", "-o",
                                 std::string(TmpPch), std::string(Header)});
  auto Files =
      llvm::makeIntrusiveRefCnt<clang::FileManager>(clang::FileSystemOptions());
  clang::tooling::ToolInvocation Invocation(
      PchArgs, std::make_unique<PreambleAction>(SkipBodies), Files.get());
  CountingConsumer Diags;
  Invocation.setDiagnosticConsumer(&Diags);
  if (Verbose) {
    llvm::errs() << "torchlint: building shared preamble " << Pch << ":";
    for (const std::string &A : PchArgs)
      llvm::errs() << " " << A;
    llvm::errs() << "\n";
  }
  bool OK = Invocation.run() && Diags.getNumErrors() == 0;
  if (!OK || fs::rename(TmpPch, Pch)) {
    if (Verbose)
      llvm::errs() << "torchlint: preamble not built: " << Diags.FirstError
                   << "\n";
    fs::remove(TmpPch);
    return std::nullopt;
  }
  return std::string(Pch);
}

} // namespace torchlint
