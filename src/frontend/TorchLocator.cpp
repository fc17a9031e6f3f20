//===- TorchLocator.cpp - Finds LibTorch's headers ------------------------===//

#include "torchlint/Frontend.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"

#include <cstdlib>

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

std::optional<std::vector<std::string>>
torchIncludesUnder(llvm::StringRef Prefix) {
  std::string Include = join(Prefix, "include");
  std::string Api = join(Include, "torch/csrc/api/include");
  if (!fs::exists(join(Api, "torch/torch.h")))
    return std::nullopt;
  return std::vector<std::string>{Include, Api};
}

/// A pip install of torch: its package folder holds include/.
static std::optional<std::string> pythonTorchPrefix() {
  llvm::ErrorOr<std::string> Python = llvm::sys::findProgramByName("python3");
  if (!Python)
    return std::nullopt;
  llvm::SmallString<128> Out;
  if (fs::createTemporaryFile("torchlint-python", "txt", Out))
    return std::nullopt;
  // find_spec locates the package without importing it (importing torch
  // takes seconds).
  llvm::StringRef Args[] = {
      *Python, "-c",
      "import importlib.util as u; s = u.find_spec('torch'); "
      "print(s.submodule_search_locations[0] if s and "
      "s.submodule_search_locations else '')"};
  std::optional<llvm::StringRef> Redirects[] = {
      std::nullopt, llvm::StringRef(Out), llvm::StringRef("")};
  int RC = llvm::sys::ExecuteAndWait(*Python, Args, std::nullopt, Redirects,
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

std::optional<TorchIncludes> locateTorch(const EnvLookup &Env, bool TryPython) {
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
    llvm::StringRef(*List).split(Entries, ':', -1, false);
    for (llvm::StringRef E : Entries)
      if (auto Dirs = torchIncludesUnder(E))
        return TorchIncludes{*Dirs, "CMAKE_PREFIX_PATH"};
  }
  for (const char *Var : {"TORCH_INSTALL_PREFIX", "LIBTORCH"})
    if (auto Prefix = Env(Var))
      if (auto Dirs = torchIncludesUnder(*Prefix))
        return TorchIncludes{*Dirs, Var};
  if (TryPython)
    if (auto Pkg = pythonTorchPrefix())
      if (auto Dirs = torchIncludesUnder(*Pkg))
        return TorchIncludes{*Dirs, "python3 torch (" + *Pkg + ")"};
  // Debian's libtorch-dev: ATen and c10 sit in /usr/include already.
  std::string Api = "/usr/include/torch/csrc/api/include";
  if (fs::exists(join(Api, "torch/torch.h")))
    return TorchIncludes{{Api}, "libtorch-dev (/usr/include)"};
  return std::nullopt;
}

} // namespace torchlint
