//===- TorchLocator.cpp - Finds LibTorch's headers ------------------------===//

#include "torchlint/frontend/Frontend.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"

#include <cstdlib>
#include <functional>

namespace torchlint {

namespace fs = llvm::sys::fs;
namespace path = llvm::sys::path;

std::optional<std::string> processEnv(llvm::StringRef Name) {
  if (const char *V = std::getenv(Name.str().c_str()))
    if (*V)
      return std::string(V);
  return std::nullopt;
}

static std::string join(llvm::StringRef A, llvm::StringRef B) {
  llvm::SmallString<256> P(A);
  path::append(P, B);
  return std::string(P);
}

/// True for the folders the compiler searches by itself, which must not
/// be named again with -isystem.
static bool isCompilerIncludeDir(llvm::StringRef Dir) {
  llvm::SmallString<256> P(Dir);
  path::remove_dots(P, /*remove_dot_dot=*/true);
  return P == "/usr/include" || P == "/usr/local/include";
}

std::optional<std::vector<std::string>>
torchIncludesUnder(llvm::StringRef Prefix) {
  std::string Include = join(Prefix, "include");
  std::string Api = join(Include, "torch/csrc/api/include");
  if (!fs::exists(join(Api, "torch/torch.h")))
    return std::nullopt;
  if (isCompilerIncludeDir(Include))
    return std::vector<std::string>{Api};
  return std::vector<std::string>{Include, Api};
}

/// The value of `#define Name <number>` in Text, or -1.
static int definedNumber(llvm::StringRef Text, llvm::StringRef Name) {
  llvm::SmallVector<llvm::StringRef, 64> Lines;
  Text.split(Lines, '\n');
  for (llvm::StringRef Line : Lines) {
    llvm::StringRef Rest = Line.trim();
    if (!Rest.consume_front("#"))
      continue;
    Rest = Rest.ltrim();
    if (!Rest.consume_front("define"))
      continue;
    Rest = Rest.ltrim();
    if (!Rest.consume_front(Name) || Rest.empty() ||
        !llvm::isSpace(Rest.front()))
      continue;
    int N;
    if (!Rest.trim().getAsInteger(10, N))
      return N;
  }
  return -1;
}

std::string torchVersionIn(llvm::ArrayRef<std::string> Dirs) {
  // 1.13 defines the macros in torch/version.h itself; 2.x includes them
  // from torch/headeronly/version.h, under the other include folder.
  for (const char *Header : {"torch/version.h", "torch/headeronly/version.h"})
    for (const std::string &Dir : Dirs) {
      auto Buffer = llvm::MemoryBuffer::getFile(join(Dir, Header));
      if (!Buffer)
        continue;
      llvm::StringRef Text = (*Buffer)->getBuffer();
      int Major = definedNumber(Text, "TORCH_VERSION_MAJOR");
      int Minor = definedNumber(Text, "TORCH_VERSION_MINOR");
      int Patch = definedNumber(Text, "TORCH_VERSION_PATCH");
      if (Major >= 0 && Minor >= 0)
        return std::to_string(Major) + "." + std::to_string(Minor) + "." +
               std::to_string(Patch < 0 ? 0 : Patch);
    }
  return "";
}

/// The package folder of torch for Python, asked without importing it
/// (importing torch takes seconds), or none.
static std::optional<std::string> pythonTorchPackage(llvm::StringRef Python) {
  llvm::SmallString<128> Out;
  if (fs::createTemporaryFile("torchlint-python", "txt", Out))
    return std::nullopt;
  llvm::StringRef Args[] = {
      Python, "-c",
      "import importlib.util as u; s = u.find_spec('torch'); "
      "print(s.submodule_search_locations[0] if s and "
      "s.submodule_search_locations else '')"};
  std::optional<llvm::StringRef> Redirects[] = {
      llvm::StringRef(""), llvm::StringRef(Out), llvm::StringRef("")};
  int RC = llvm::sys::ExecuteAndWait(Python, Args, std::nullopt, Redirects,
                                     /*SecondsToWait=*/20);
  auto Buffer = llvm::MemoryBuffer::getFile(Out);
  fs::remove(Out);
  if (RC != 0 || !Buffer)
    return std::nullopt;
  llvm::StringRef Dir = (*Buffer)->getBuffer().trim();
  if (Dir.empty())
    return std::nullopt;
  return Dir.str();
}

/// Each python3 and python on PATH, in PATH's order, once per real file.
static std::vector<std::string> pythonsOnPath(const EnvLookup &Env) {
  std::vector<std::string> Found;
  std::optional<std::string> Path = Env("PATH");
  if (!Path)
    return Found;
  llvm::SmallVector<llvm::StringRef, 16> Dirs;
  llvm::StringRef(*Path).split(Dirs, llvm::sys::EnvPathSeparator, -1, false);
  std::vector<std::string> Seen;
  for (llvm::StringRef Dir : Dirs)
    for (const char *Name : {"python3", "python"}) {
      std::string Candidate = join(Dir, Name);
      if (fs::is_directory(Candidate) || !fs::can_execute(Candidate))
        continue;
      llvm::SmallString<256> Real;
      if (fs::real_path(Candidate, Real))
        Real = Candidate;
      if (llvm::is_contained(Seen, std::string(Real)))
        continue;
      Seen.push_back(std::string(Real));
      Found.push_back(Candidate);
    }
  return Found;
}

/// torch's package folder inside a virtual or conda environment, found by
/// its layout (no process): lib/python3.*/site-packages/torch, or
/// Lib/site-packages/torch on Windows.
static std::optional<std::string> torchInEnvironment(llvm::StringRef Root) {
  std::string Windows = join(join(Root, "Lib/site-packages"), "torch");
  if (torchIncludesUnder(Windows))
    return Windows;
  std::error_code EC;
  std::vector<std::string> Candidates;
  for (fs::directory_iterator It(join(Root, "lib"), EC), End;
       It != End && !EC; It.increment(EC)) {
    llvm::StringRef Name = path::filename(It->path());
    if (Name.starts_with("python"))
      Candidates.push_back(join(join(It->path(), "site-packages"), "torch"));
  }
  // Directory order is arbitrary; the newest Python first, for a stable pick.
  llvm::sort(Candidates, std::greater<>());
  for (const std::string &C : Candidates)
    if (torchIncludesUnder(C))
      return C;
  return std::nullopt;
}

static std::optional<TorchIncludes> find(const EnvLookup &Env,
                                         bool TryPython) {
  // Torch_DIR points at <prefix>/share/cmake/Torch.
  if (auto Dir = Env("Torch_DIR")) {
    llvm::SmallString<256> Prefix(*Dir);
    for (int I = 0; I < 3; ++I)
      path::remove_filename(Prefix);
    if (auto Dirs = torchIncludesUnder(Prefix))
      return TorchIncludes{*Dirs, "Torch_DIR"};
  }
  if (auto List = Env("CMAKE_PREFIX_PATH")) {
    llvm::SmallVector<llvm::StringRef, 4> Entries;
    llvm::StringRef(*List).split(Entries, llvm::sys::EnvPathSeparator, -1,
                                 false);
    for (llvm::StringRef E : Entries)
      if (auto Dirs = torchIncludesUnder(E))
        return TorchIncludes{*Dirs, "CMAKE_PREFIX_PATH"};
  }
  for (const char *Var : {"TORCH_INSTALL_PREFIX", "LIBTORCH"})
    if (auto Prefix = Env(Var))
      if (auto Dirs = torchIncludesUnder(*Prefix))
        return TorchIncludes{*Dirs, Var};
  // An activated environment is where the user's own pip install went.
  for (const char *Var : {"VIRTUAL_ENV", "CONDA_PREFIX"})
    if (auto Root = Env(Var))
      if (auto Pkg = torchInEnvironment(*Root))
        return TorchIncludes{*torchIncludesUnder(*Pkg),
                             std::string(Var) + " torch (" + *Pkg + ")"};
  if (TryPython)
    for (const std::string &Python : pythonsOnPath(Env))
      if (auto Pkg = pythonTorchPackage(Python))
        if (auto Dirs = torchIncludesUnder(*Pkg))
          return TorchIncludes{*Dirs, path::filename(Python).str() +
                                          " torch (" + *Pkg + ")"};
  // pytorch.org's zip holds one folder, libtorch/, unpacked where the user
  // keeps such things.
  std::vector<std::string> Zips;
  if (auto Home = Env("HOME"))
    Zips.push_back(join(*Home, "libtorch"));
  Zips.push_back("/opt/libtorch");
  Zips.push_back("/usr/local/libtorch");
  for (const std::string &Zip : Zips)
    if (auto Dirs = torchIncludesUnder(Zip))
      return TorchIncludes{*Dirs, "libtorch (" + Zip + ")"};
  // Debian's libtorch-dev: ATen and c10 sit in /usr/include already.
  std::string Api = "/usr/include/torch/csrc/api/include";
  if (fs::exists(join(Api, "torch/torch.h")))
    return TorchIncludes{{Api}, "libtorch-dev (/usr/include)"};
  return std::nullopt;
}

std::optional<TorchIncludes> locateTorch(const EnvLookup &Env, bool TryPython) {
  std::optional<TorchIncludes> Found = find(Env, TryPython);
  if (Found)
    Found->Version = torchVersionIn(Found->Dirs);
  return Found;
}

} // namespace torchlint
